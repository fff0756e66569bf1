// The rounding of measured values in session lines, as plain numbers: the one place the rule
// lives. The direct line writer (session_line_json.hpp) writes these numbers as they are, and
// session_json::rounded / rounded_decimals turn them into JSON values for the other lines.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

namespace edgetop::session_line {

// Significant digits kept of a measured value: every sensor's resolution survives (milli-degrees,
// microwatts from mV x mA, PWM steps of 1/255) while float noise such as 33.333333333333336 does
// not.
inline constexpr int kSignificantDigits = 7;
// Decimals of the session time t: microseconds, so that even a sample taken right after another
// (when a command exits) has a larger t.
inline constexpr int kTimeDecimals = 6;

// A rounded value: absent (written as null), a whole number (an integer) or a double.
struct Rounded {
    enum class Kind { absent, integer, real };
    Kind kind = Kind::absent;
    int64_t integer = 0;
    double real = 0;
};

// 10^n for the exact powers a double holds; std::pow(10, n) gives the same values (tested), at a
// fraction of the cost per value.
inline double power_of_ten(int n) {
    static constexpr double kExact[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (n >= 0 && n <= 22) return kExact[n];
    return std::pow(10.0, n);
}

inline Rounded whole_or_real(double r) {
    // A tiny value scaled by a power of ten past the double range ends as NaN: nlohmann writes
    // that as null, and so does the line writer.
    if (!std::isfinite(r)) return {};
    if (std::abs(r) < 9.0e15 && r == std::trunc(r))
        return {Rounded::Kind::integer, static_cast<int64_t>(r), 0};
    return {Rounded::Kind::real, 0, r};
}

inline Rounded round_decimals(std::optional<double> value, int decimals) {
    if (!value || !std::isfinite(*value)) return {};
    double scale = power_of_ten(decimals);
    return whole_or_real(std::round(*value * scale) / scale);
}

// round_significant for a value that is not whole.
inline Rounded round_fraction(double v) {
    int magnitude = static_cast<int>(std::floor(std::log10(std::abs(v))));
    int decimals = kSignificantDigits - 1 - magnitude;
    if (decimals <= 0) return whole_or_real(std::round(v));
    return round_decimals(v, decimals);
}

[[gnu::always_inline]] inline Rounded round_significant(std::optional<double> value) {
    if (!value || !std::isfinite(*value)) return {};
    const double v = *value;
    // A whole value comes out of the rounding unchanged (below 1e7 the scaled value stays an
    // exact integer; from there on the rounding is to whole numbers): most readings are whole.
    if (std::abs(v) < 9.0e15 && v == std::trunc(v))
        return {Rounded::Kind::integer, static_cast<int64_t>(v), 0};
    return round_fraction(v);
}

}  // namespace edgetop::session_line
