// Tables and summaries of a text output as lists of columns over a sample struct S. A column is
// a label and the function that writes its cell: a schema field named by key, formatted by its
// unit (field_column, text/text_fields.hpp), or a formatter of its own written in the list where
// the output shows something the schema does not say (a suffix, hex, two values in one cell).
// schema_columns() completes a list with the schema's other fields, so that a field added to the
// schema shows without an edit of the list.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/text_fields.hpp"
#include "text/text_table.hpp"

namespace edgetop::text {

template <class S>
struct Column {
    using Cell = std::string (*)(const S&);
    // `shows`: the keys of the schema fields the cell writes, separated by spaces.
    constexpr Column(std::string_view label, Cell cell, std::string_view shows = {})
        : label(label), cell(cell), shows(shows) {}

    std::string_view label;
    Cell cell;
    std::string_view shows;
};

// The column of S's field at `index` (key<S>("util")), under `label`.
template <class S, std::size_t index>
constexpr Column<S> field_column(std::string_view label) {
    return {label, &field_text<S, index>, std::get<index>(schema::Schema<S>::fields).key};
}

namespace detail {

// The keys of a list separated by spaces ("name is_total in_total").
inline std::vector<std::string_view> key_list(std::string_view keys) {
    std::vector<std::string_view> out;
    while (!keys.empty()) {
        auto end = std::min(keys.find(' '), keys.size());
        out.push_back(keys.substr(0, end));
        keys.remove_prefix(std::min(end + 1, keys.size()));
    }
    return out;
}

inline bool names(std::string_view keys, std::string_view key) {
    auto list = key_list(keys);
    return std::find(list.begin(), list.end(), key) != list.end();
}

template <class S, std::size_t I>
constexpr bool is_cell() {
    constexpr auto& field = std::get<I>(schema::Schema<S>::fields);
    return writes<decltype(widened(field.of(std::declval<const S&>())))>(field.unit);
}

template <class S, std::size_t... I>
void add_schema_columns(std::vector<Column<S>>& columns, std::string_view left_out,
                        std::index_sequence<I...>) {
    auto add = [&](auto index) {
        constexpr std::size_t i = decltype(index)::value;
        if constexpr (is_cell<S, i>()) {
            std::string_view key = std::get<i>(schema::Schema<S>::fields).key;
            bool shown = names(left_out, key);
            for (std::size_t c = 0; c < columns.size() && !shown; ++c)
                shown = names(columns[c].shows, key);
            if (!shown) columns.push_back({key, &field_text<S, i>, key});
        }
    };
    (add(std::integral_constant<std::size_t, I>{}), ...);
}

}  // namespace detail

// `shown`, then a column under its key for every other field of S's schema that is a value (an
// object or a list is not a cell) and that `left_out` (keys separated by spaces) does not name.
// Throws std::logic_error when `left_out` names a key S does not have or one `shown` shows: a
// stale list is found by the first output made with it.
template <class S>
std::vector<Column<S>> schema_columns(std::vector<Column<S>> shown,
                                      std::string_view left_out = {}) {
    constexpr auto keys = schema::keys<S>();
    for (auto key : detail::key_list(left_out)) {
        bool known = std::find(keys.begin(), keys.end(), key) != keys.end();
        for (const auto& column : shown)
            known = known && !detail::names(column.shows, key);
        if (!known) throw std::logic_error("schema_columns: left out " + std::string(key));
    }
    detail::add_schema_columns(shown, left_out,
                               std::make_index_sequence<schema::field_count<S>()>{});
    return shown;
}

template <class T>
struct MemberPointer;
template <class Outer, class Inner>
struct MemberPointer<Inner Outer::*> {
    using OuterType = Outer;
    using InnerType = Inner;
};

// Field `index` of the struct that `member` of S holds (Sample::system's "uptime_s" in a column
// over Sample).
template <auto member, std::size_t index>
std::string inner_field_text(const typename MemberPointer<decltype(member)>::OuterType& s) {
    using Inner = typename MemberPointer<decltype(member)>::InnerType;
    return field_text<Inner, index>(s.*member);
}

template <auto member, std::size_t index>
constexpr auto inner_field_column(std::string_view label) {
    using Outer = typename MemberPointer<decltype(member)>::OuterType;
    using Inner = typename MemberPointer<decltype(member)>::InnerType;
    return Column<Outer>{label, &inner_field_text<member, index>,
                         std::get<index>(schema::Schema<Inner>::fields).key};
}

// "label value  label value ...".
template <class S>
std::string summary_text(const S& s, const std::vector<Column<S>>& columns) {
    std::string out;
    for (const auto& c : columns) {
        if (!out.empty()) out += "  ";
        out += std::string(c.label) + " " + c.cell(s);
    }
    return out;
}

// One row per element of `rows`, under a row of the labels when `with_header`.
template <class S>
void add_rows(TextTable& table, const std::vector<S>& rows, const std::vector<Column<S>>& columns,
              bool with_header = true) {
    if (with_header) {
        std::vector<std::string> header;
        for (const auto& c : columns)
            header.emplace_back(c.label);
        table.add_row(std::move(header));
    }
    for (const auto& row : rows) {
        std::vector<std::string> cells;
        for (const auto& c : columns)
            cells.push_back(c.cell(row));
        table.add_row(std::move(cells));
    }
}

// One row of label and value pairs: "buffers  79.3 MiB  cached  3723.0 MiB ...".
template <class S>
void add_pairs_row(TextTable& table, const S& s, const std::vector<Column<S>>& columns) {
    std::vector<std::string> cells;
    for (const auto& c : columns) {
        cells.emplace_back(c.label);
        cells.push_back(c.cell(s));
    }
    table.add_row(std::move(cells));
}

}  // namespace edgetop::text
