#include "tui/levels.hpp"

#include <cmath>

namespace edgetop::tui {

Level util_level(double pct) {
    if (std::isnan(pct)) return Level::good;
    if (pct >= kUtilCritPct) return Level::crit;
    if (pct >= kUtilWarnPct) return Level::warn;
    return Level::good;
}

Level process_rss_level(std::optional<int64_t> rss_kb, std::optional<int64_t> total_kb) {
    if (!rss_kb || !total_kb || *total_kb <= 0) return Level::good;
    double pct = 100.0 * static_cast<double>(*rss_kb) / static_cast<double>(*total_kb);
    if (pct >= kProcessRssCritPct) return Level::crit;
    if (pct >= kProcessRssWarnPct) return Level::warn;
    return Level::good;
}

Level temp_level(double temp_c, const std::vector<TripPoint>& trips) {
    if (std::isnan(temp_c)) return Level::good;
    std::optional<double> passive, critical;
    for (const auto& t : trips) {
        if (t.type == "passive" && (!passive || t.temp_c < *passive)) passive = t.temp_c;
        if ((t.type == "critical" || t.type == "hot") && (!critical || t.temp_c < *critical))
            critical = t.temp_c;
    }
    double warn = kTempDefaultWarnC, crit = kTempDefaultCritC;
    if (passive) {
        crit = *passive;
        warn = *passive - kTempPassiveWarnMarginC;
    } else if (critical) {
        crit = *critical - kTempCriticalCritMarginC;
        warn = *critical - kTempCriticalWarnMarginC;
    }
    if (temp_c >= crit) return Level::crit;
    if (temp_c >= warn) return Level::warn;
    return Level::good;
}

std::optional<double> cap_fraction(std::optional<int64_t> cap, std::optional<int64_t> hw_max) {
    if (!cap || !hw_max || *hw_max <= 0 || *cap <= 0 || *cap >= *hw_max) return std::nullopt;
    return static_cast<double>(*cap) / static_cast<double>(*hw_max);
}

Level clock_level(std::optional<int64_t> freq, std::optional<int64_t> cap,
                  std::optional<int64_t> hw_max) {
    if (!freq || !cap_fraction(cap, hw_max)) return Level::good;
    return static_cast<double>(*freq) >= kClockAtCapRatio * static_cast<double>(*cap) ? Level::warn
                                                                                      : Level::good;
}

Level zone_temp_level(const Board& board, const std::string& zone, double temp_c) {
    for (const auto& z : board.thermal_zones)
        if (z.name == zone) return temp_level(temp_c, z.trips);
    return temp_level(temp_c, {});
}

std::string with_marker(std::string text, Level level) {
    if (level != Level::good) text += level_marker(level);
    return text;
}

char level_marker(Level level) {
    switch (level) {
        case Level::crit:
            return '!';
        case Level::warn:
            return '+';
        case Level::good:
            break;
    }
    return ' ';
}

}  // namespace edgetop::tui
