#include "report/html/chart_axis.hpp"

#include <algorithm>
#include <cmath>

#include "report/html/markup.hpp"

namespace edgetop::html {

namespace {

double nice_step(double span, int ticks) {
    double raw = span / std::max(ticks, 1);
    if (!(raw > 0) || !std::isfinite(raw)) return 1;
    double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double fraction = raw / magnitude;
    double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
    return nice * magnitude;
}

}  // namespace

AxisRange nice_range(double low, double high, int ticks) {
    if (!std::isfinite(low) || !std::isfinite(high)) return {0, 1};
    if (high < low) std::swap(low, high);
    if (high == low) {
        double pad = low == 0 ? 1 : std::abs(low) * 0.1;
        low -= pad;
        high += pad;
    }
    double step = nice_step(high - low, ticks);
    return {std::floor(low / step) * step, std::ceil(high / step) * step};
}

std::vector<double> nice_ticks(AxisRange range, int ticks) {
    double step = nice_step(range.high - range.low, ticks);
    std::vector<double> out;
    for (double v = std::ceil(range.low / step) * step; v <= range.high + step * 1e-9; v += step) {
        out.push_back(std::abs(v) < step * 1e-9 ? 0 : v);
        if (out.size() > 50) break;
    }
    return out;
}

TimeUnit time_unit_for(double span_s) {
    if (span_s > 5 * 3600) return {"h", 3600};
    if (span_s > 600) return {"min", 60};
    return {"s", 1};
}

std::string tick_label(double value, double step) {
    int decimals = 0;
    for (double s = step; decimals < 6 && std::abs(s - std::round(s)) > 1e-9; s *= 10)
        ++decimals;
    return coordinate(value, decimals);
}

}  // namespace edgetop::html
