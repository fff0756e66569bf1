#include "tui/format.hpp"

#include <fmt/format.h>

#include <cmath>

namespace edgetop::tui {

std::string format_freq_hz(std::optional<int64_t> hz) {
    if (!hz || *hz < 0) return kNotAvailable;
    double v = static_cast<double>(*hz);
    if (v >= 1e9) return fmt::format("{:.2f} GHz", v / 1e9);
    if (v >= 1e6) return fmt::format("{:.0f} MHz", v / 1e6);
    if (v >= 1e3) return fmt::format("{:.0f} kHz", v / 1e3);
    return fmt::format("{} Hz", *hz);
}

std::string format_freq_khz(std::optional<int64_t> khz) {
    if (!khz) return kNotAvailable;
    return format_freq_hz(*khz * 1000);
}

std::string format_percent(std::optional<double> pct) {
    if (!pct || !std::isfinite(*pct)) return kNotAvailable;
    return fmt::format("{:.0f}%", *pct);
}

std::string format_voltage_mv(std::optional<double> mv) {
    if (!mv || !std::isfinite(*mv)) return kNotAvailable;
    if (std::fabs(*mv) < 1000) return fmt::format("{:.0f} mV", *mv);
    return fmt::format("{:.2f} V", *mv / 1000);
}

std::string format_current_ma(std::optional<double> ma) {
    if (!ma || !std::isfinite(*ma)) return kNotAvailable;
    if (std::fabs(*ma) < 10000) return fmt::format("{:.0f} mA", *ma);
    return fmt::format("{:.1f} A", *ma / 1000);
}

std::string format_power_mw(std::optional<double> mw) {
    if (!mw || !std::isfinite(*mw)) return kNotAvailable;
    if (std::fabs(*mw) < 1000) return fmt::format("{:.0f} mW", *mw);
    return fmt::format("{:.1f} W", *mw / 1000);
}

std::string format_temp_c(std::optional<double> c, bool ascii) {
    if (!c || !std::isfinite(*c)) return kNotAvailable;
    return fmt::format("{:.1f} {}", *c, ascii ? "C" : "\u00b0C");
}

std::string format_kb(std::optional<int64_t> kb) {
    if (!kb || *kb < 0) return kNotAvailable;
    double v = static_cast<double>(*kb);
    if (v < 1024) return fmt::format("{} KiB", *kb);
    if (v < 1024.0 * 1024) return fmt::format("{:.1f} MiB", v / 1024);
    if (v < 1024.0 * 1024 * 1024) return fmt::format("{:.2f} GiB", v / (1024.0 * 1024));
    return fmt::format("{:.2f} TiB", v / (1024.0 * 1024 * 1024));
}

std::string format_energy_j(std::optional<double> joules) {
    if (!joules || !std::isfinite(*joules)) return kNotAvailable;
    if (std::fabs(*joules) < 1000) return fmt::format("{:.1f} J", *joules);
    if (std::fabs(*joules) < 1e6) return fmt::format("{:.2f} kJ", *joules / 1e3);
    return fmt::format("{:.2f} MJ", *joules / 1e6);
}

std::string format_duration_s(std::optional<double> seconds) {
    if (!seconds || !std::isfinite(*seconds) || *seconds < 0) return kNotAvailable;
    auto total = static_cast<int64_t>(*seconds);
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
    return fmt::format("{:.1f}M/s", v / 1e6);
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
    if (seconds < 600) return fmt::format("{:.1f} s", seconds);
    return format_duration_s(seconds);
}

std::string format_number(std::optional<double> value, int decimals) {
    if (!value || !std::isfinite(*value)) return kNotAvailable;
    return fmt::format("{:.{}f}", *value, decimals);
}

std::string format_count(std::optional<double> value) {
    if (!value || !std::isfinite(*value)) return kNotAvailable;
    double v = *value;
    if (std::fabs(v) < 10) return fmt::format("{:.1f}", v);
    if (std::fabs(v) < 1e4) return fmt::format("{:.0f}", v);
    if (std::fabs(v) < 1e6) return fmt::format("{:.1f}k", v / 1e3);
    return fmt::format("{:.1f}M", v / 1e6);
}

}  // namespace edgetop::tui
