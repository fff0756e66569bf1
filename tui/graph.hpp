// The view's one graph: a History drawn as an area over time, newest value at the right edge.
//
//   ── Total power ──────────────────── 6.2 W ─   title rule (GraphSpec::title, ::now)
//   6.6 W                 ⢀⣧⣀          ⣼⣦⣀         scale labels, with the unit, in their own margin
//                   ⢀⣀⣀⣀⣀⣀⣼⣿⣿⣿⣶⣶⣦⣤⣤⣤⣤⣶⣿⣿⣿⣿⣶⣶      the plot: braille (two values a column) or ASCII
//   5.8 W          ⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿      bottom label: the scale's minimum, not always 0
//            -10s          -5s           now      time axis (four rows and more), from interval_s
//
// Rules every graph follows, at every size from one row up:
// - Labels are never drawn over the plot; where the margin does not fit, there are no labels.
// - Every value present shows at least the bottom dot row (zero included, at every height); a
//   missing value (NaN, a gap) is blank.
// - With a level function each column takes its value's level colour (tui/levels.hpp); without,
//   the graph colour.
// - A series flatter than one dot draws as a line (its top dots) instead of a solid wall.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tui/history.hpp"
#include "tui/levels.hpp"
#include "tui/widgets.hpp"

namespace edgetop::tui {

class Canvas;

enum class GraphScale {
    percent,    // 0 .. 100
    from_zero,  // 0 .. a round number above the peak: rates and counts, where zero means idle
    range,      // round numbers around the values shown: power, temperature, clocks
};

struct GraphSpec {
    std::string_view title;  // the title rule on the first row; empty: no title row
    std::string_view now;    // the current value, at the right of the title
    std::string_view unit;   // on the scale labels: "%", "W", "MHz", "/s"
    GraphScale scale = GraphScale::from_zero;
    std::function<Level(double)> level;  // each column's colour; empty: Style::graph
    double interval_s = 1;               // seconds between two values: the time axis
};

// The scale a graph draws on: low at the bottom edge, high at the top edge.
struct GraphAxis {
    double low = 0;
    double high = 1;
};

// One label of the time axis: `column` is the plot column it marks, `at` the first column of its
// text (centred on the column, kept inside the plot).
struct TimeTick {
    int column = 0;
    int at = 0;
    std::string label;
};

// The rows a graph needs below its title before the bottom one becomes the time axis.
inline constexpr int kTimeAxisMinRows = 4;

// Draws the graph of `history` filling the canvas (title, margin, plot, time axis); "n/a" when the
// history holds no value.
void draw_graph(const Canvas& c, const GraphSpec& spec, const History& history);

// One series of a small-multiples grid.
struct GraphSeries {
    std::string title;  // "core 3"
    std::string now;    // "45%", or "off"
    const History* history = nullptr;
};

// The one-row form of a series on the canvas's first row: its title in the margin (padded to
// title_w columns), the plot, its current value at the right (now_w columns, in its level's
// colour).
void draw_graph_row(const Canvas& c, const GraphSpec& spec, const GraphSeries& series, int title_w,
                    int now_w);

// Small multiples: one graph per series on the same spec (spec.title and spec.now unused), each
// under a title line, in as many columns as give each graph the most area; where even two rows
// each do not fit, one row per series with its title in the margin. The time axis is drawn once
// per column, under its last graph. What does not fit ends in
// "+N more <kind>".
void draw_graph_grid(const Canvas& c, const GraphSpec& spec, const std::vector<GraphSeries>& series,
                     std::string_view kind);

// The scale for these values (NaN skipped). range: the multiples of a round step (1, 2 or 5
// times a power of ten) that enclose the values; the step about a third of their spread, never
// finer than a fiftieth of their magnitude (noise does not fill the graph) nor than the labels
// print.
GraphAxis graph_axis(const std::vector<double>& values, GraphScale scale);
// The time axis of a plot `width` columns wide whose right column is now, a value every
// interval_s: "now" at the right, then every round step ("-30s", "-2m", "-1h") at least 10
// columns apart, none overlapping another or past the left edge.
std::vector<TimeTick> time_ticks(int width, double interval_s, GraphStyle style);
// The plot rows (top first) of the newest values, right-aligned, on the axis; every row exactly
// `width` columns.
std::vector<std::string> render_graph(const std::vector<double>& values, GraphAxis axis, int width,
                                      int height, GraphStyle style);
// Whether the values (NaN skipped) spread over less than one dot of a graph this tall.
bool is_flat_series(const std::vector<double>& values, GraphAxis axis, int height,
                    GraphStyle style);
// The round number at or above value that a from-zero scale ends at: 1121 -> 1200, 7.04 -> 8.
double nice_scale(double value);
// How many values a plot of this width shows.
int graph_capacity(int width, GraphStyle style);

}  // namespace edgetop::tui
