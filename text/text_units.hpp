// Values as short text with their units; an absent value is "n/a".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace edgetop::text {

inline constexpr const char* kAbsent = "n/a";

// A number with at most `decimals` decimals, trailing zeros dropped: 1420.80 -> "1420.8".
std::string number(double value, int decimals);

std::string percent(std::optional<double> pct);                    // "12.34 %"
std::string khz_as_mhz(std::optional<int64_t> khz);                // "1420.8 MHz"
std::string hz_as_mhz(std::optional<int64_t> hz);                  // "1300.5 MHz"
std::string milli(std::optional<double> value, const char* unit);  // "5123.4 mW"
std::string celsius(std::optional<double> c);                      // "45.5 °C"
std::string kb_as_mib(std::optional<int64_t> kb);                  // "7620.5 MiB"
std::string integer(std::optional<int64_t> value, const char* unit = "");
std::string yes_no(std::optional<bool> value);
std::string text_or_absent(const std::optional<std::string>& value);
std::string duration(std::optional<double> seconds);  // "3d 04:05:06"

}  // namespace edgetop::text
