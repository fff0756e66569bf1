// Tables and summaries of a text output as lists of columns over a sample struct S. A column is
// a label and the function that writes its cell: a schema field named by key, formatted by its
// unit (field_column, text/text_fields.hpp), or a formatter of its own written in the list where
// the output shows something the schema does not say (a suffix, hex, two values in one cell).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "text/text_fields.hpp"
#include "text/text_table.hpp"

namespace edgetop::text {

template <class S>
struct Column {
    std::string_view label;
    std::string (*cell)(const S&);
};

// The column of S's field at `index` (key<S>("util")), under `label`.
template <class S, std::size_t index>
constexpr Column<S> field_column(std::string_view label) {
    return {label, &field_text<S, index>};
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
    return Column<Outer>{label, &inner_field_text<member, index>};
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
