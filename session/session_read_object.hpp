// The simdjson reader of every object a sample line holds, following its table in
// edgetop/sample_schema.hpp: each key the table names is read into its member by that member's
// type; unknown keys are checked and skipped (session_read_values.hpp says the rules).
//
// A Sample is reused from line to line to keep the capacity of its vectors: reset() puts every
// described field back to its default (vectors emptied, kept) before a line is read.
#pragma once

#include <chrono>
#include <cstdint>
#include <utility>

#include "edgetop/sample_schema.hpp"
#include "session/session_element_limits.hpp"
#include "session/session_read_values.hpp"
#include "session/session_time.hpp"

namespace edgetop::session_read {

template <class T>
const T& defaults() {
    static const T value{};
    return value;
}

// Every described field of object back to its default; vectors keep their capacity, an object
// that may be absent (emc, procs) is kept for reuse (read_object() drops it when the line has
// none).
template <class T>
void reset(T& object) {
    std::apply(
        [&](const auto&... field) {
            (
                [&](const auto& f) {
                    auto& member = f.of(object);
                    using M = std::decay_t<decltype(member)>;
                    if constexpr (schema::IsVector<M>::value) {
                        member.clear();
                    } else if constexpr (schema::has_schema<M>) {
                        reset(member);
                    } else if constexpr (schema::is_optional_object<M>) {
                        if (member) reset(*member);
                    } else {
                        member = f.of(defaults<T>());
                    }
                }(field),
                ...);
        },
        schema::Schema<T>::fields);
}

template <class T>
error_code read_object(od::value value, T& object, bool& is_object);

template <class T>
error_code read_object(od::value value, T& object) {
    bool is_object = false;
    return read_object(value, object, is_object);
}

// One value into the member field describes. seen: the line has the key.
template <class Field, class T>
error_code read_member(const Field& field, od::value value, T& object) {
    using M = typename Field::Type;
    M& member = field.of(object);
    if constexpr (std::is_same_v<M, std::chrono::system_clock::time_point>) {
        std::optional<std::string> text;
        if (auto e = read(value, text)) return e;
        member = {};
        if (text) member = parse_rfc3339(*text).value_or(std::chrono::system_clock::time_point{});
        return simdjson::SUCCESS;
    } else if constexpr (std::is_same_v<M, std::optional<char>>) {
        std::optional<std::string> text;
        auto e = read(value, text);
        if (text && text->size() == 1)
            member = (*text)[0];
        else
            member.reset();
        return e;
    } else if constexpr (std::is_same_v<M, int64_t> || std::is_same_v<M, int> ||
                         std::is_same_v<M, bool> || std::is_same_v<M, double>) {
        // A value the model always has: its default when the line's is absent or wrong.
        std::optional<M> read_value;
        auto e = read(value, read_value);
        member = read_value.value_or(field.of(defaults<T>()));
        return e;
    } else if constexpr (std::is_same_v<M, std::vector<std::string>>) {
        member.clear();
        const std::size_t keep = elements_read(field.key);
        return for_each_element(value, [&](od::value element) -> error_code {
            if (member.size() == keep) return skip(element);
            std::optional<std::string> text;
            if (auto e = read(element, text)) return e;
            if (text) member.push_back(std::move(*text));
            return simdjson::SUCCESS;
        });
    } else if constexpr (schema::IsVector<M>::value) {
        using Element = typename schema::IsVector<M>::Element;
        return read_list(value, member, elements_read(field.key),
                         [](od::value element, Element& out) { return read_object(element, out); });
    } else if constexpr (schema::has_schema<M>) {
        return read_object(value, member);
    } else if constexpr (schema::is_optional_object<M>) {
        if (member)
            reset(*member);
        else
            member.emplace();
        bool is_object = false;
        auto e = read_object(value, *member, is_object);
        if (!is_object) member.reset();
        return e;
    } else {
        return read(value, member);
    }
}

// Reads the value of the key at position index of T's table (skips it when there is none).
template <class T, std::size_t... I>
error_code read_key_at(std::size_t index, od::value value, T& object, uint64_t& seen,
                       std::index_sequence<I...>) {
    constexpr auto& fields = schema::Schema<T>::fields;
    error_code e = simdjson::SUCCESS;
    bool known = ((index == I && ((e = read_member(std::get<I>(fields), value, object)),
                                  seen |= uint64_t{1} << I, true)) ||
                  ...);
    return known ? e : skip(value);
}

// An object that may be absent is absent when the line lacks its key.
template <class T, std::size_t... I>
void drop_unseen(T& object, uint64_t seen, std::index_sequence<I...>) {
    constexpr auto& fields = schema::Schema<T>::fields;
    (
        [&](const auto& f) {
            using M = typename std::decay_t<decltype(f)>::Type;
            if constexpr (schema::is_optional_object<M>)
                if (!(seen & (uint64_t{1} << I))) f.of(object).reset();
        }(std::get<I>(fields)),
        ...);
}

template <class T>
error_code read_object(od::value value, T& object, bool& is_object) {
    static constexpr auto kKeys = schema::keys<T>();
    static_assert(kKeys.size() <= 64, "seen holds one bit per key");
    using Indices = std::make_index_sequence<kKeys.size()>;
    KeyCursor keys(kKeys);
    uint64_t seen = 0;
    auto e = for_each_field(value, is_object, [&](std::string_view key, od::value v) {
        return read_key_at(keys.find(key), v, object, seen, Indices{});
    });
    drop_unseen(object, seen, Indices{});
    return e;
}

// The fields of a sample line (already an object).
inline error_code read_sample_fields(od::object& line, Sample& sample) {
    static constexpr auto kKeys = schema::keys<Sample>();
    using Indices = std::make_index_sequence<kKeys.size()>;
    KeyCursor keys(kKeys);
    uint64_t seen = 0;
    auto e = for_each_field(line, [&](std::string_view key, od::value v) {
        return read_key_at(keys.find(key), v, sample, seen, Indices{});
    });
    drop_unseen(sample, seen, Indices{});
    return e;
}

}  // namespace edgetop::session_read
