// Values as short text with their units; an absent value is "n/a" (never 0). One
// implementation, two styles: the text outputs (snapshot, report, stat, sweep) write one fixed
// unit per field ("12.34 %", "1420.8 MHz"); the interactive view scales the unit to the value
// ("42%", "1.42 GHz") to fit narrow columns.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

namespace edgetop::text {

inline constexpr const char* kAbsent = "n/a";

// One unit of a scale: used while |value| < below, the value divided by `divisor`, printed with
// `decimals` decimals and followed by `unit` as written (" MHz", "%", "/s").
struct UnitStep {
    double below;
    double divisor;
    int decimals;
    const char* unit;
};

// The value in the first step it is below (the last step takes any larger value); trailing
// zeros dropped when `trim` ("1420.80" -> "1420.8"). "n/a" when absent or not finite.
std::string in_units(std::optional<double> value, std::initializer_list<UnitStep> steps,
                     bool trim = false);

// A number with at most `decimals` decimals, trailing zeros dropped: 1420.80 -> "1420.8".
std::string number(double value, int decimals);

// Text outputs: one unit per field.
std::string percent(std::optional<double> pct);                    // "12.34 %"
std::string khz_as_mhz(std::optional<int64_t> khz);                // "1420.8 MHz"
std::string hz_as_mhz(std::optional<int64_t> hz);                  // "1300.5 MHz"
std::string milli(std::optional<double> value, const char* unit);  // "5123.4 mW"
std::string celsius(std::optional<double> c);                      // "45.5 °C"
std::string kb_as_mib(std::optional<int64_t> kb);                  // "7620.5 MiB"
std::string integer(std::optional<int64_t> value, const char* unit = "");
std::string yes_no(std::optional<bool> value);
std::string text_or_absent(const std::optional<std::string>& value);  // terminal_safe()
std::string duration(std::optional<double> seconds);                  // "3d 04:05:06"
std::string bytes_per_s_as_mib(std::optional<double> bytes_per_s);    // "12.34 MiB/s"

// The interactive view: units scaled to the value.
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
std::string format_bytes_per_s(std::optional<double> bytes_per_s);     // "512 B/s", "4.5 MiB/s"
std::string format_clock_tenths(double seconds);                       // "00:00:29.4", tenths

}  // namespace edgetop::text
