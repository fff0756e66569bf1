// Conversions between optional model values and JSON values: absent is null both ways, doubles
// are rounded to a fixed number of decimals, and a wrongly typed value reads back as absent.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "session/session_line_rounding.hpp"

namespace edgetop::session_json {

using nlohmann::json;
// Lines are written with their keys in declaration order ("type" first), which a reader may ignore.
using out_json = nlohmann::ordered_json;

using session_line::kSignificantDigits;
using session_line::kTimeDecimals;

// A rounded number (session_line_rounding.hpp) as a JSON value.
inline out_json rounded_json(const session_line::Rounded& value) {
    switch (value.kind) {
        case session_line::Rounded::Kind::integer:
            return value.integer;
        case session_line::Rounded::Kind::real:
            return value.real;
        case session_line::Rounded::Kind::absent:
            break;
    }
    return nullptr;
}

// A double rounded to `decimals` decimals; an integer when the result is whole, null when absent
// or not finite.
inline out_json rounded_decimals(std::optional<double> value, int decimals) {
    return rounded_json(session_line::round_decimals(value, decimals));
}

// A double rounded to kSignificantDigits; an integer when the result is whole, null when absent
// or not finite.
inline out_json rounded(std::optional<double> value) {
    return rounded_json(session_line::round_significant(value));
}

template <class T>
out_json optional(const std::optional<T>& value) {
    if (!value) return nullptr;
    return *value;
}

inline const json* find(const json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

inline std::optional<double> get_double(const json& object, const char* key) {
    const json* v = find(object, key);
    if (!v || !v->is_number()) return std::nullopt;
    return v->get<double>();
}

inline std::optional<int64_t> get_int(const json& object, const char* key) {
    const json* v = find(object, key);
    if (!v) return std::nullopt;
    if (v->is_number_unsigned()) {
        auto u = v->get<uint64_t>();
        if (u > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
        return static_cast<int64_t>(u);
    }
    if (v->is_number_integer()) return v->get<int64_t>();
    if (v->is_number_float()) {
        double d = v->get<double>();
        if (std::isfinite(d) && d == std::trunc(d) && std::abs(d) < 9.0e18)
            return static_cast<int64_t>(d);
    }
    return std::nullopt;
}

inline std::optional<std::string> get_string(const json& object, const char* key) {
    const json* v = find(object, key);
    if (!v || !v->is_string()) return std::nullopt;
    return v->get<std::string>();
}

inline std::optional<bool> get_bool(const json& object, const char* key) {
    const json* v = find(object, key);
    if (!v || !v->is_boolean()) return std::nullopt;
    return v->get<bool>();
}

// The array under key, or an empty array when missing or not an array.
inline const json& get_array(const json& object, const char* key) {
    static const json empty = json::array();
    const json* v = find(object, key);
    return v && v->is_array() ? *v : empty;
}

}  // namespace edgetop::session_json
