#include "exporter/api_duration.hpp"

#include <array>
#include <cmath>
#include <utility>

#include "edgetop/numbers.hpp"

namespace edgetop::exporter {

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
    // "ms" before "m" and "s": the longest suffix wins.
    static constexpr std::array<std::pair<std::string_view, double>, 4> kUnits{
        {{"ms", 1.0}, {"s", 1e3}, {"m", 60e3}, {"h", 3600e3}}};
    constexpr double kYearMs = 365.0 * 24 * 3600e3;
    for (const auto& [suffix, unit_ms] : kUnits) {
        if (text.size() <= suffix.size() || !text.ends_with(suffix)) continue;
        std::string_view number = text.substr(0, text.size() - suffix.size());
        if (number.front() < '0' || number.front() > '9') return std::nullopt;  // no sign
        double value = 0;
        if (!numbers::parse_whole(number, value)) return std::nullopt;
        double ms = value * unit_ms;
        if (!std::isfinite(ms) || ms > kYearMs) return std::nullopt;
        return std::chrono::milliseconds(std::llround(ms));
    }
    return std::nullopt;
}

}  // namespace edgetop::exporter
