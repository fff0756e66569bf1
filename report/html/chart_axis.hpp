// Axis arithmetic for the charts: "nice" tick values (1, 2 or 5 times a power of ten) and the
// unit in which a time axis is labelled.
#pragma once

#include <string>
#include <vector>

namespace edgetop::html {

struct AxisRange {
    double low = 0, high = 1;
};

// Widens [low, high] to whole tick steps of about `ticks` intervals; never an empty range.
AxisRange nice_range(double low, double high, int ticks = 5);
// The tick values inside range, evenly spaced at a nice step.
std::vector<double> nice_ticks(AxisRange range, int ticks = 5);

struct TimeUnit {
    const char* label;  // "s", "min", "h"
    double seconds;     // seconds per unit
};
// Seconds for up to 10 min, minutes up to 5 h, hours beyond.
TimeUnit time_unit_for(double span_s);

// A tick label: as few decimals as the step needs.
std::string tick_label(double value, double step);

}  // namespace edgetop::html
