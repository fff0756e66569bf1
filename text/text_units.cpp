#include "text/text_units.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "edgetop/number_text.hpp"
#include "text/text_escape.hpp"

namespace edgetop::text {

namespace {

constexpr double kAny = std::numeric_limits<double>::infinity();

std::optional<double> as_double(std::optional<int64_t> value) {
    if (!value) return std::nullopt;
    return static_cast<double>(*value);
}

// Absent for negative readings of quantities that cannot be negative (clocks, sizes).
std::optional<double> non_negative(std::optional<int64_t> value) {
    if (!value || *value < 0) return std::nullopt;
    return static_cast<double>(*value);
}

std::optional<int64_t> whole_seconds(std::optional<double> seconds) {
    auto whole = seconds ? to_int64(*seconds) : std::nullopt;
    if (!whole || *whole < 0) return std::nullopt;
    return whole;
}

std::string frequency(std::optional<double> hz) {
    return in_units(
        hz,
        {{1e3, 1, 0, " Hz"}, {1e6, 1e3, 0, " kHz"}, {1e9, 1e6, 0, " MHz"}, {kAny, 1e9, 2, " GHz"}});
}

}  // namespace

std::string in_units(std::optional<double> value, std::initializer_list<UnitStep> steps,
                     bool trim) {
    if (!value || !std::isfinite(*value) || steps.size() == 0) return kAbsent;
    const UnitStep* step = steps.begin();
    while (step + 1 != steps.end() && !(std::fabs(*value) < step->below))
        ++step;
    double scaled = *value / step->divisor;
    return (trim ? number(scaled, step->decimals) : fixed(scaled, step->decimals)) + step->unit;
}

std::string number(double value, int decimals) {
    if (!std::isfinite(value)) return kAbsent;
    std::string s = fixed(value, decimals);
    if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

// The text outputs print a value that is not finite as fmt does ("nan %"); only an absent one
// is "n/a".
std::string percent(std::optional<double> pct) {
    return pct ? fixed(*pct, 2) + " %" : kAbsent;
}

std::string khz_as_mhz(std::optional<int64_t> khz) {
    return in_units(as_double(khz), {{kAny, 1e3, 3, " MHz"}}, true);
}

std::string hz_as_mhz(std::optional<int64_t> hz) {
    return in_units(as_double(hz), {{kAny, 1e6, 3, " MHz"}}, true);
}

std::string milli(std::optional<double> value, const char* unit) {
    return value ? fmt::format("{} {}", number(*value, 1), unit) : kAbsent;
}

std::string celsius(std::optional<double> c) {
    return c ? number(*c, 1) + " °C" : kAbsent;
}

std::string kb_as_mib(std::optional<int64_t> kb) {
    return kb ? fixed(static_cast<double>(*kb) / 1024.0, 1) + " MiB" : kAbsent;
}

std::string integer(std::optional<int64_t> value, const char* unit) {
    if (!value) return kAbsent;
    return *unit ? fmt::format("{} {}", *value, unit) : fmt::format("{}", *value);
}

std::string yes_no(std::optional<bool> value) {
    return value ? (*value ? "yes" : "no") : kAbsent;
}

std::string text_or_absent(const std::optional<std::string>& value) {
    return value && !value->empty() ? terminal_safe(*value) : kAbsent;
}

std::string duration(std::optional<double> seconds) {
    auto whole = whole_seconds(seconds);
    if (!whole) return kAbsent;
    int64_t total = *whole;
    int64_t days = total / 86400;
    std::string hms =
        fmt::format("{:02}:{:02}:{:02}", total % 86400 / 3600, total % 3600 / 60, total % 60);
    return days > 0 ? fmt::format("{}d {}", days, hms) : hms;
}

std::string bytes_per_s_as_mib(std::optional<double> bytes_per_s) {
    return bytes_per_s ? fixed(*bytes_per_s / 1048576.0, 2) + " MiB/s" : kAbsent;
}

std::string format_freq_hz(std::optional<int64_t> hz) {
    return frequency(non_negative(hz));
}

// In double: a clock of 9.2e15 kHz or more overflows int64_t as hertz.
std::string format_freq_khz(std::optional<int64_t> khz) {
    auto scaled = non_negative(khz);
    return frequency(scaled ? std::optional<double>(*scaled * 1e3) : std::nullopt);
}

std::string format_percent(std::optional<double> pct) {
    return in_units(pct, {{kAny, 1, 0, "%"}});
}

std::string format_voltage_mv(std::optional<double> mv) {
    return in_units(mv, {{1000, 1, 0, " mV"}, {kAny, 1000, 2, " V"}});
}

std::string format_current_ma(std::optional<double> ma) {
    return in_units(ma, {{10000, 1, 0, " mA"}, {kAny, 1000, 1, " A"}});
}

std::string format_power_mw(std::optional<double> mw) {
    return in_units(mw, {{1000, 1, 0, " mW"}, {kAny, 1000, 1, " W"}});
}

std::string format_temp_c(std::optional<double> c, bool ascii) {
    return in_units(c, {{kAny, 1, 1, ascii ? " C" : " \u00b0C"}});
}

std::string format_kb(std::optional<int64_t> kb) {
    constexpr double kMiB = 1024, kGiB = kMiB * 1024, kTiB = kGiB * 1024;
    return in_units(non_negative(kb), {{kMiB, 1, 0, " KiB"},
                                       {kGiB, kMiB, 1, " MiB"},
                                       {kTiB, kGiB, 2, " GiB"},
                                       {kAny, kTiB, 2, " TiB"}});
}

std::string format_energy_j(std::optional<double> joules) {
    return in_units(joules, {{1000, 1, 1, " J"}, {1e6, 1e3, 2, " kJ"}, {kAny, 1e6, 2, " MJ"}});
}

std::string format_duration_s(std::optional<double> seconds) {
    auto whole = whole_seconds(seconds);
    if (!whole) return kAbsent;
    int64_t total = *whole;
    int64_t days = total / 86400, hours = total / 3600 % 24, minutes = total / 60 % 60;
    if (days > 0) return fmt::format("{}d {:02}:{:02}", days, hours, minutes);
    return fmt::format("{:02}:{:02}:{:02}", hours, minutes, total % 60);
}

std::string format_rate(std::optional<double> per_s) {
    return in_units(
        per_s, {{10, 1, 1, "/s"}, {1e4, 1, 0, "/s"}, {1e6, 1e3, 1, "k/s"}, {kAny, 1e6, 1, "M/s"}});
}

std::string format_interval_ms(int ms) {
    if (ms < 1000 || ms % 1000 != 0) return fmt::format("{} ms", ms);
    return fmt::format("{} s", ms / 1000);
}

std::string format_speed(double factor) {
    return fmt::format("{:g}", factor);
}

std::string format_session_time(double seconds) {
    // Tenths while a step of one sample is still visible in the number.
    if (seconds < 600) return fixed(seconds, 1) + " s";
    return format_duration_s(seconds);
}

std::string format_clock_tenths(double seconds) {
    auto tenths = seconds >= 0 ? to_int64(std::round(seconds * 10)) : std::nullopt;
    if (!tenths) return kAbsent;
    int64_t total = *tenths / 10, days = total / 86400;
    std::string clock = fmt::format("{:02}:{:02}:{:02}.{}", total / 3600 % 24, total / 60 % 60,
                                    total % 60, *tenths % 10);
    return days > 0 ? fmt::format("{}d {}", days, clock) : clock;
}

std::string format_number(std::optional<double> value, int decimals) {
    return in_units(value, {{kAny, 1, decimals, ""}});
}

std::string format_count(std::optional<double> value) {
    return in_units(value,
                    {{10, 1, 1, ""}, {1e4, 1, 0, ""}, {1e6, 1e3, 1, "k"}, {kAny, 1e6, 1, "M"}});
}

std::string format_bytes_per_s(std::optional<double> bytes_per_s) {
    if (bytes_per_s && *bytes_per_s < 0) return kAbsent;
    return in_units(bytes_per_s, {{1024, 1, 0, " B/s"},
                                  {10 * 1024, 1024, 1, " KiB/s"},
                                  {1024 * 1024, 1024, 0, " KiB/s"},
                                  {10 * 1048576.0, 1048576, 1, " MiB/s"},
                                  {1024 * 1048576.0, 1048576, 0, " MiB/s"},
                                  {kAny, 1073741824.0, 2, " GiB/s"}});
}

}  // namespace edgetop::text
