// The charts of the HTML report as inline SVG: lines over time (with trip points as horizontal
// lines and the flags' spans shaded), the flags' timeline, CDFs and horizontal bars. Each chart
// is a <figure> with its title, the SVG (axes with ticks, labels and units) and an HTML legend.
// Series colours are CSS classes (s0..s11), so the style sheet sets them for light and dark.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "analysis/stats_summary.hpp"
#include "report/html/flag_spans.hpp"
#include "report/html/markup.hpp"
#include "report/html/min_max_decimator.hpp"

namespace edgetop::html {

// The plotting area's width in pixels: the number of columns a series is decimated to.
inline constexpr std::size_t kPlotColumns = 780;

struct LineSeries {
    std::string name;
    std::vector<PlotPoint> points;
    std::size_t colour = 0;
};

struct ReferenceLine {
    double value = 0;
    std::string label;  // "critical 105 °C: CPU-therm, GPU-therm"
};

struct TimeChart {
    std::string id;     // the figure's id (and data-chart): "s1-power"
    std::string title;  // "Power per rail and total"
    std::string unit;   // "W"
    std::vector<LineSeries> series;
    std::vector<ReferenceLine> references;
    std::vector<TimeSpan> shaded;  // the flags' active spans
    double start_s = 0, end_s = 0;
    std::optional<double> floor, ceiling;  // fixed ends of the value axis (0 and 100 for %)
    std::string note;                      // under the legend, when something was left out
};
void render_time_chart(Markup& m, const TimeChart& chart);

void render_flag_timeline(Markup& m, const std::string& id, const std::vector<FlagTimeline>& flags,
                          double start_s, double end_s);

struct CdfSeries {
    std::string name;
    const analysis::Summary* summary = nullptr;
    double scale = 1;  // mW -> W: 0.001
    std::size_t colour = 0;
};
void render_cdf_chart(Markup& m, const std::string& id, const std::string& title,
                      const std::string& unit, const std::vector<CdfSeries>& series);

struct Bar {
    std::string label;
    std::optional<double> value;  // absent: "n/a"
    std::size_t colour = 0;
};
void render_bar_chart(Markup& m, const std::string& id, const std::string& title,
                      const std::string& unit, const std::vector<Bar>& bars);

// The points of a CDF plotted from a summary: every 2 % of the samples.
std::vector<PlotPoint> cdf_points(const analysis::Summary& summary, double scale);

}  // namespace edgetop::html
