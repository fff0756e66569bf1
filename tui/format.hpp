// Values as the user reads them: exact units, and "n/a" for anything absent (never 0).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace edgetop::tui {

inline constexpr const char* kNotAvailable = "n/a";

std::string format_freq_hz(std::optional<int64_t> hz);                 // "1.30 GHz", "204 MHz"
std::string format_freq_khz(std::optional<int64_t> khz);               // same units from kHz
std::string format_percent(std::optional<double> pct);                 // "42%"
std::string format_voltage_mv(std::optional<double> mv);               // "843 mV", "5.08 V"
std::string format_current_ma(std::optional<double> ma);               // "412 mA", "12.5 A"
std::string format_power_mw(std::optional<double> mw);                 // "843 mW", "5.2 W"
std::string format_temp_c(std::optional<double> c, bool ascii);        // "47.5 °C" / "47.5 C"
std::string format_kb(std::optional<int64_t> kb);                      // "512 KiB", "1.2 GiB"
std::string format_energy_j(std::optional<double> joules);             // "12.3 J", "4.56 kJ"
std::string format_duration_s(std::optional<double> seconds);          // "04:12:33", "3d 04:12"
std::string format_rate(std::optional<double> per_s);                  // "843/s", "12.3k/s"
std::string format_interval_ms(int ms);                                // "250 ms", "2 s"
std::string format_speed(double factor);                               // "2", "0.5", "0.125"
std::string format_session_time(double seconds);                       // "12.3 s", "01:02:03"
std::string format_number(std::optional<double> value, int decimals);  // "12.3"
std::string format_count(std::optional<double> value);                 // "843", "12.3k"

}  // namespace edgetop::tui
