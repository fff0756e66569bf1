// A sample field as text, its formatter chosen by the field's unit in the schema
// (include/edgetop/sample_schema.hpp): the text snapshot's tables and summaries name the field by
// its key and get its cell from here, so a field's unit is written down once.
//
//   percent "12.34 %"   kHz, Hz "1420.8 MHz"   mV, mA, mW "5123.4 mW"   °C "45.5 °C"
//   kB "7620.5 MiB"     1/s "843.2 /s"        1/min "1530 rpm"         s "3d 04:05:06"
//   load average "0.52" count, integer "12"   bool "yes"/"no"          text through terminal_safe()
//
// An absent value is "n/a"; a std::string (a name, never absent) is written as it is (its control
// characters escaped), even empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "edgetop/sample_schema.hpp"

namespace edgetop::text {

std::string unit_value(schema::Unit unit, std::optional<double> value);
std::string unit_value(schema::Unit unit, std::optional<int64_t> value);
std::string unit_value(schema::Unit unit, std::optional<bool> value);
std::string unit_value(schema::Unit unit, std::optional<char> value);
std::string unit_value(schema::Unit unit, const std::optional<std::string>& value);
std::string unit_value(schema::Unit unit, const std::string& value);

namespace detail {

// Every integer member is written through int64_t, every flag through std::optional<bool>.
template <class T>
auto widened(const T& value) {
    if constexpr (std::is_same_v<T, bool>)
        return std::optional<bool>(value);
    else if constexpr (std::is_integral_v<T>)
        return std::optional<int64_t>(static_cast<int64_t>(value));
    else
        return value;
}

template <class T>
auto widened(const std::optional<T>& value) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>)
        return value ? std::optional<int64_t>(static_cast<int64_t>(*value)) : std::nullopt;
    else
        return value;
}

// The units unit_value() writes for a value of type T (after widening).
template <class T>
constexpr bool writes(schema::Unit unit) {
    using U = schema::Unit;
    if constexpr (std::is_same_v<T, std::optional<double>>)
        return unit == U::percent || unit == U::millivolt || unit == U::milliamp ||
               unit == U::milliwatt || unit == U::celsius || unit == U::seconds ||
               unit == U::per_second || unit == U::run_queue || unit == U::byte_rate;
    else if constexpr (std::is_same_v<T, std::optional<int64_t>>)
        return unit == U::khz || unit == U::hz || unit == U::kib || unit == U::per_minute ||
               unit == U::count || unit == U::integer;
    else if constexpr (std::is_same_v<T, std::optional<bool>>)
        return unit == U::boolean;
    else if constexpr (std::is_same_v<T, std::optional<char>>)
        return unit == U::character;
    else if constexpr (std::is_same_v<T, std::optional<std::string>> ||
                       std::is_same_v<T, std::string>)
        return unit == U::text;
    else
        return false;
}

}  // namespace detail

// The position of `key` in Schema<S>::fields; a key S does not have fails to compile where the
// position is used (std::get past the end).
template <class S>
constexpr std::size_t key(std::string_view name) {
    return schema::index_of<S>(name);
}

// The text of field I of S (I = key<S>("...")), formatted by its unit.
template <class S, std::size_t I>
std::string field_text(const S& s) {
    constexpr auto& field = std::get<I>(schema::Schema<S>::fields);
    using Widened = decltype(detail::widened(field.of(s)));
    static_assert(detail::writes<Widened>(field.unit), "no text format for this unit and type");
    return unit_value(field.unit, detail::widened(field.of(s)));
}

}  // namespace edgetop::text
