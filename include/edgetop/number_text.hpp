// Numbers as text with a fixed count of decimals, bounded in length: a session or sensor may
// carry a value such as 1.8e308, which "{:.1f}" prints as 309 digits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace edgetop {

// Beyond this magnitude a value is printed in scientific notation.
inline constexpr double kMaxFixedMagnitude = 1e15;

// "{:.<decimals>f}" for |value| < kMaxFixedMagnitude, else "{:.3g}" ("1.8e+308"); "nan", "inf"
// and "-inf" as fmt prints them.
std::string fixed(double value, int decimals);

// The value as an int64_t when it is finite and within ±9.2e18 (a cast outside that range is
// undefined behaviour), else absent. Truncates toward zero.
std::optional<int64_t> to_int64(double value);

// A count and its noun, singular for exactly one: plural(1, "disk") is "1 disk", plural(3, "disk")
// "3 disks", plural(2, "process", "processes") "2 processes". Every count shown in words (the
// view, the reports, the rules' messages) goes through it.
std::string plural(int64_t count, std::string_view one, std::string_view many = {});

}  // namespace edgetop
