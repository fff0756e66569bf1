// Conversions between optional model values and JSON values: absent is null both ways, doubles
// are rounded to a fixed number of decimals, and a wrongly typed value reads back as absent.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace edgetop::session_json {

using nlohmann::json;
// Lines are written with their keys in declaration order ("type" first), which a reader may ignore.
using out_json = nlohmann::ordered_json;

// Significant digits kept of a measured value: every sensor's resolution survives (milli-degrees,
// microwatts from mV x mA, PWM steps of 1/255) while float noise such as 33.333333333333336 does
// not.
inline constexpr int kSignificantDigits = 7;
// Decimals of the session time t: microseconds, so that even a sample taken right after another
// (when a command exits) has a larger t.
inline constexpr int kTimeDecimals = 6;

inline out_json whole_or_double(double r) {
    if (std::abs(r) < 9.0e15 && r == std::trunc(r)) return static_cast<int64_t>(r);
    return r;
}

// A double rounded to `decimals` decimals; an integer when the result is whole, null when absent
// or not finite.
inline out_json rounded_decimals(std::optional<double> value, int decimals) {
    if (!value || !std::isfinite(*value)) return nullptr;
    double scale = std::pow(10.0, decimals);
    return whole_or_double(std::round(*value * scale) / scale);
}

// A double rounded to kSignificantDigits; an integer when the result is whole, null when absent
// or not finite.
inline out_json rounded(std::optional<double> value) {
    if (!value || !std::isfinite(*value)) return nullptr;
    if (*value == 0) return 0;
    int magnitude = static_cast<int>(std::floor(std::log10(std::abs(*value))));
    int decimals = kSignificantDigits - 1 - magnitude;
    if (decimals <= 0) return whole_or_double(std::round(*value));
    return rounded_decimals(value, decimals);
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
