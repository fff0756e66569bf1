#include "tui/format.hpp"

#include <fmt/format.h>

#include <cmath>

#include "edgetop/number_text.hpp"

namespace edgetop::tui {

namespace {

std::string format_freq(double hz) {
    if (hz >= 1e9) return fixed(hz / 1e9, 2) + " GHz";
    if (hz >= 1e6) return fixed(hz / 1e6, 0) + " MHz";
    if (hz >= 1e3) return fixed(hz / 1e3, 0) + " kHz";
    return fixed(hz, 0) + " Hz";
}

}  // namespace

std::string format_freq_hz(std::optional<int64_t> hz) {
    if (!hz || *hz < 0) return kNotAvailable;
    return format_freq(static_cast<double>(*hz));
}

// In double: a clock of 9.2e15 kHz or more overflows int64_t as hertz.
std::string format_freq_khz(std::optional<int64_t> khz) {
    if (!khz || *khz < 0) return kNotAvailable;
    return format_freq(static_cast<double>(*khz) * 1e3);
}

std::string format_percent(std::optional<double> pct) {
    if (!pct || !std::isfinite(*pct)) return kNotAvailable;
    return fixed(*pct, 0) + "%";
}

std::string format_voltage_mv(std::optional<double> mv) {
    if (!mv || !std::isfinite(*mv)) return kNotAvailable;
    if (std::fabs(*mv) < 1000) return fixed(*mv, 0) + " mV";
    return fixed(*mv / 1000, 2) + " V";
}

std::string format_current_ma(std::optional<double> ma) {
    if (!ma || !std::isfinite(*ma)) return kNotAvailable;
    if (std::fabs(*ma) < 10000) return fixed(*ma, 0) + " mA";
    return fixed(*ma / 1000, 1) + " A";
}

std::string format_power_mw(std::optional<double> mw) {
    if (!mw || !std::isfinite(*mw)) return kNotAvailable;
    if (std::fabs(*mw) < 1000) return fixed(*mw, 0) + " mW";
    return fixed(*mw / 1000, 1) + " W";
}

std::string format_temp_c(std::optional<double> c, bool ascii) {
    if (!c || !std::isfinite(*c)) return kNotAvailable;
    return fixed(*c, 1) + (ascii ? " C" : " \u00b0C");
}

std::string format_kb(std::optional<int64_t> kb) {
    if (!kb || *kb < 0) return kNotAvailable;
    double v = static_cast<double>(*kb);
    if (v < 1024) return fmt::format("{} KiB", *kb);
    if (v < 1024.0 * 1024) return fmt::format("{:.1f} MiB", v / 1024);
    if (v < 1024.0 * 1024 * 1024) return fmt::format("{:.2f} GiB", v / (1024.0 * 1024));
    return fixed(v / (1024.0 * 1024 * 1024), 2) + " TiB";
}

std::string format_energy_j(std::optional<double> joules) {
    if (!joules || !std::isfinite(*joules)) return kNotAvailable;
    if (std::fabs(*joules) < 1000) return fmt::format("{:.1f} J", *joules);
    if (std::fabs(*joules) < 1e6) return fmt::format("{:.2f} kJ", *joules / 1e3);
    return fixed(*joules / 1e6, 2) + " MJ";
}

std::string format_duration_s(std::optional<double> seconds) {
    auto whole = seconds ? to_int64(*seconds) : std::nullopt;
    if (!whole || *whole < 0) return kNotAvailable;
    int64_t total = *whole;
    int64_t days = total / 86400, hours = total / 3600 % 24, minutes = total / 60 % 60;
    if (days > 0) return fmt::format("{}d {:02}:{:02}", days, hours, minutes);
    return fmt::format("{:02}:{:02}:{:02}", hours, minutes, total % 60);
}

std::string format_rate(std::optional<double> per_s) {
    if (!per_s || !std::isfinite(*per_s)) return kNotAvailable;
    double v = *per_s;
    if (std::fabs(v) < 10) return fmt::format("{:.1f}/s", v);
    if (std::fabs(v) < 1e4) return fmt::format("{:.0f}/s", v);
    if (std::fabs(v) < 1e6) return fmt::format("{:.1f}k/s", v / 1e3);
    return fixed(v / 1e6, 1) + "M/s";
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

std::string format_number(std::optional<double> value, int decimals) {
    if (!value || !std::isfinite(*value)) return kNotAvailable;
    return fixed(*value, decimals);
}

std::string format_count(std::optional<double> value) {
    if (!value || !std::isfinite(*value)) return kNotAvailable;
    double v = *value;
    if (std::fabs(v) < 10) return fmt::format("{:.1f}", v);
    if (std::fabs(v) < 1e4) return fmt::format("{:.0f}", v);
    if (std::fabs(v) < 1e6) return fmt::format("{:.1f}k", v / 1e3);
    return fixed(v / 1e6, 1) + "M";
}

}  // namespace edgetop::tui
