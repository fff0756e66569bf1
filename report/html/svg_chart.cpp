#include "report/html/svg_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "report/html/chart_axis.hpp"

namespace edgetop::html {

namespace {

constexpr double kLeft = 64, kTop = 14, kRight = 20, kBottom = 46;
constexpr double kPlotWidth = static_cast<double>(kPlotColumns), kPlotHeight = 220;
constexpr double kSvgWidth = kLeft + kPlotWidth + kRight;
constexpr std::size_t kColours = 12;  // s0..s11 in the style sheet; beyond, the line is dashed

std::string colour_class(const char* base, std::size_t colour) {
    return fmt::format("{} s{}{}", base, colour % kColours, colour >= kColours ? " dash" : "");
}

struct Frame {
    AxisRange x, y;
    double height = kPlotHeight;
    double px(double v) const {
        double span = x.high - x.low;
        return kLeft + (span > 0 ? (v - x.low) / span : 0) * kPlotWidth;
    }
    double py(double v) const {
        double span = y.high - y.low;
        return kTop + height - (span > 0 ? (v - y.low) / span : 0) * height;
    }
    double svg_height() const { return kTop + height + kBottom; }
};

void open_svg(Markup& m, const std::string& title, const Frame& frame) {
    m.open("svg", {{"class", "chart"},
                   {"viewBox", fmt::format("0 0 {} {}", kSvgWidth, frame.svg_height())},
                   {"role", "img"},
                   {"aria-label", title}});
}

void x_axis(Markup& m, const Frame& f, double scale, const std::string& label) {
    auto ticks = nice_ticks({f.x.low / scale, f.x.high / scale}, 8);
    double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    double bottom = kTop + f.height;
    for (double t : ticks) {
        std::string x = coordinate(f.px(t * scale));
        m.empty("line", {{"class", "grid"},
                         {"x1", x},
                         {"x2", x},
                         {"y1", coordinate(kTop)},
                         {"y2", coordinate(bottom)}});
        m.element("text", tick_label(t, step),
                  {{"class", "tick"},
                   {"x", x},
                   {"y", coordinate(bottom + 16)},
                   {"text-anchor", "middle"}});
    }
    m.empty("line", {{"class", "axis"},
                     {"x1", coordinate(kLeft)},
                     {"x2", coordinate(kLeft + kPlotWidth)},
                     {"y1", coordinate(bottom)},
                     {"y2", coordinate(bottom)}});
    m.element("text", label,
              {{"class", "label"},
               {"x", coordinate(kLeft + kPlotWidth / 2)},
               {"y", coordinate(bottom + 38)},
               {"text-anchor", "middle"}});
}

void y_axis(Markup& m, const Frame& f, const std::string& label) {
    auto ticks = nice_ticks(f.y, 5);
    double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    for (double v : ticks) {
        std::string y = coordinate(f.py(v));
        m.empty("line", {{"class", "grid"},
                         {"x1", coordinate(kLeft)},
                         {"x2", coordinate(kLeft + kPlotWidth)},
                         {"y1", y},
                         {"y2", y}});
        m.element("text", tick_label(v, step),
                  {{"class", "tick"},
                   {"x", coordinate(kLeft - 6)},
                   {"y", coordinate(f.py(v) + 4)},
                   {"text-anchor", "end"}});
    }
    m.empty("line", {{"class", "axis"},
                     {"x1", coordinate(kLeft)},
                     {"x2", coordinate(kLeft)},
                     {"y1", coordinate(kTop)},
                     {"y2", coordinate(kTop + f.height)}});
    double middle = kTop + f.height / 2;
    m.element("text", label,
              {{"class", "label"},
               {"x", "16"},
               {"y", coordinate(middle)},
               {"text-anchor", "middle"},
               {"transform", fmt::format("rotate(-90 16 {})", coordinate(middle))}});
}

// A series as polylines, one per run of points without a missing reading between them; a point
// alone is a dot. data-series names the series, so the points can be counted per series.
void draw_series(Markup& m, const Frame& f, const LineSeries& s) {
    std::size_t i = 0;
    while (i < s.points.size()) {
        std::size_t end = i + 1;
        while (end < s.points.size() && !s.points[end].starts_segment)
            ++end;
        if (end - i == 1) {
            m.empty("circle", {{"class", colour_class("dot", s.colour)},
                               {"data-series", s.name},
                               {"cx", coordinate(f.px(s.points[i].t_s))},
                               {"cy", coordinate(f.py(s.points[i].value))},
                               {"r", "1.5"}});
        } else {
            std::string points;
            points.reserve((end - i) * 12);
            for (std::size_t k = i; k < end; ++k) {
                if (k > i) points += ' ';
                points += coordinate(f.px(s.points[k].t_s));
                points += ',';
                points += coordinate(f.py(s.points[k].value));
            }
            m.empty("polyline", {{"class", colour_class("ln", s.colour)},
                                 {"data-series", s.name},
                                 {"points", points}});
        }
        i = end;
    }
}

void legend(Markup& m, const std::vector<std::pair<std::string, std::size_t>>& entries) {
    if (entries.empty()) return;
    m.open("ul", {{"class", "legend"}});
    for (const auto& [name, colour] : entries) {
        m.open("li");
        m.element("span", "", {{"class", colour_class("key", colour)}});
        m.text(name);
        m.close();
    }
    m.close();
}

void open_figure(Markup& m, const std::string& id, const std::string& title) {
    m.open("figure", {{"class", "figure"}, {"id", id}, {"data-chart", id}});
    m.element("figcaption", title);
}

AxisRange value_range(std::optional<double> low, std::optional<double> high,
                      std::optional<double> floor, std::optional<double> ceiling) {
    double lo = low.value_or(0), hi = high.value_or(1);
    if (floor) lo = std::min(lo, *floor);
    if (ceiling) hi = std::max(hi, *ceiling);
    AxisRange range = nice_range(lo, hi);
    if (floor && *floor <= lo) range.low = *floor;
    if (ceiling && *ceiling >= hi) range.high = std::max(range.high, *ceiling);
    return range;
}

}  // namespace

void render_time_chart(Markup& m, const TimeChart& chart) {
    open_figure(m, chart.id, fmt::format("{} ({})", chart.title, chart.unit));
    std::optional<double> low, high;
    for (const auto& s : chart.series)
        for (const auto& p : s.points) {
            low = low ? std::min(*low, p.value) : p.value;
            high = high ? std::max(*high, p.value) : p.value;
        }
    for (const auto& r : chart.references) {
        low = low ? std::min(*low, r.value) : r.value;
        high = high ? std::max(*high, r.value) : r.value;
    }
    Frame f;
    f.x = {chart.start_s, std::max(chart.end_s, chart.start_s + 1e-3)};
    f.y = value_range(low, high, chart.floor, chart.ceiling);
    TimeUnit unit = time_unit_for(f.x.high - f.x.low);
    open_svg(m, chart.title, f);
    for (const auto& span : chart.shaded) {
        double x1 = f.px(std::max(span.from_s, f.x.low)), x2 = f.px(std::min(span.to_s, f.x.high));
        m.empty("rect", {{"class", "span"},
                         {"x", coordinate(x1)},
                         {"y", coordinate(kTop)},
                         {"width", coordinate(std::max(x2 - x1, 1.0))},
                         {"height", coordinate(f.height)}});
    }
    y_axis(m, f, chart.unit);
    x_axis(m, f, unit.seconds, fmt::format("time ({})", unit.label));
    for (const auto& r : chart.references) {
        std::string y = coordinate(f.py(r.value));
        m.empty("line", {{"class", "trip"},
                         {"x1", coordinate(kLeft)},
                         {"x2", coordinate(kLeft + kPlotWidth)},
                         {"y1", y},
                         {"y2", y}});
        m.element("text", r.label,
                  {{"class", "trip-label"},
                   {"x", coordinate(kLeft + 4)},
                   {"y", coordinate(f.py(r.value) - 3)}});
    }
    for (const auto& s : chart.series)
        draw_series(m, f, s);
    m.close();  // svg
    std::vector<std::pair<std::string, std::size_t>> entries;
    for (const auto& s : chart.series)
        entries.emplace_back(s.name, s.colour);
    legend(m, entries);
    std::string note = chart.note;
    if (!chart.references.empty())
        note += (note.empty() ? "" : " ") + std::string("Dashed lines: the zones' trip points.");
    if (!chart.shaded.empty())
        note += (note.empty() ? "" : " ") + std::string("Shaded: a flag was active.");
    if (!note.empty()) m.element("p", note, {{"class", "note"}});
    m.close();  // figure
}

void render_flag_timeline(Markup& m, const std::string& id, const std::vector<FlagTimeline>& flags,
                          double start_s, double end_s) {
    open_figure(m, id, "Flags over time (shaded: active)");
    // Each lane: the flag's name, then its spans as a bar under it.
    constexpr double kLane = 30, kBarTop = 15, kBar = 12;
    Frame f;
    f.x = {start_s, std::max(end_s, start_s + 1e-3)};
    f.height = kLane * static_cast<double>(std::max<std::size_t>(flags.size(), 1));
    TimeUnit unit = time_unit_for(f.x.high - f.x.low);
    open_svg(m, "Flags over time", f);
    x_axis(m, f, unit.seconds, fmt::format("time ({})", unit.label));
    m.empty("line", {{"class", "axis"},
                     {"x1", coordinate(kLeft)},
                     {"x2", coordinate(kLeft)},
                     {"y1", coordinate(kTop)},
                     {"y2", coordinate(kTop + f.height)}});
    if (flags.empty())
        m.element("text", "no flag was raised",
                  {{"class", "tick"}, {"x", coordinate(kLeft + 8)}, {"y", coordinate(kTop + 18)}});
    for (std::size_t i = 0; i < flags.size(); ++i) {
        double top = kTop + kLane * static_cast<double>(i);
        m.element(
            "text", flags[i].id,
            {{"class", "lane-label"}, {"x", coordinate(kLeft + 4)}, {"y", coordinate(top + 11)}});
        for (const auto& span : flags[i].spans) {
            double x1 = f.px(std::max(span.from_s, f.x.low));
            double x2 = f.px(std::min(span.to_s, f.x.high));
            m.empty("rect", {{"class", "flag"},
                             {"data-flag", flags[i].id},
                             {"x", coordinate(x1)},
                             {"y", coordinate(top + kBarTop)},
                             {"width", coordinate(std::max(x2 - x1, 1.0))},
                             {"height", coordinate(kBar)}});
        }
    }
    m.close();  // svg
    m.close();  // figure
}

std::vector<PlotPoint> cdf_points(const analysis::Summary& summary, double scale) {
    std::vector<PlotPoint> out;
    if (summary.count() == 0) return out;
    for (int pct = 0; pct <= 100; pct += 2) {
        std::optional<double> v = pct == 0     ? summary.min()
                                  : pct == 100 ? summary.max()
                                               : summary.quantile(pct / 100.0);
        // x is the metric's value, y the share of samples at or below it.
        if (v) out.push_back({*v * scale, static_cast<double>(pct), false});
    }
    return out;
}

void render_cdf_chart(Markup& m, const std::string& id, const std::string& title,
                      const std::string& unit, const std::vector<CdfSeries>& series) {
    open_figure(m, id, fmt::format("{}: CDF ({})", title, unit));
    std::vector<LineSeries> lines;
    std::optional<double> low, high;
    for (const auto& s : series) {
        if (!s.summary) continue;
        auto points = cdf_points(*s.summary, s.scale);
        if (points.empty()) continue;
        low = low ? std::min(*low, points.front().t_s) : points.front().t_s;
        high = high ? std::max(*high, points.back().t_s) : points.back().t_s;
        lines.push_back({s.name, std::move(points), s.colour});
    }
    Frame f;
    f.x = nice_range(low.value_or(0), high.value_or(1), 8);
    f.y = {0, 100};
    open_svg(m, title + " CDF", f);
    y_axis(m, f, "samples at or below (%)");
    x_axis(m, f, 1, unit);
    for (const auto& s : lines)
        draw_series(m, f, s);  // x is the value here: PlotPoint::t_s holds it
    m.close();
    std::vector<std::pair<std::string, std::size_t>> entries;
    for (const auto& s : lines)
        entries.emplace_back(s.name, s.colour);
    legend(m, entries);
    m.close();
}

void render_bar_chart(Markup& m, const std::string& id, const std::string& title,
                      const std::string& unit, const std::vector<Bar>& bars) {
    open_figure(m, id, fmt::format("{} ({})", title, unit));
    constexpr double kRow = 24, kLabel = 260;
    double high = 0;
    for (const auto& b : bars)
        if (b.value) high = std::max(high, *b.value);
    AxisRange range = nice_range(0, high > 0 ? high : 1);
    range.low = 0;
    double height = kRow * static_cast<double>(std::max<std::size_t>(bars.size(), 1));
    double width = kSvgWidth - kLabel - kRight;
    auto px = [&](double v) { return kLabel + v / range.high * width; };
    m.open("svg", {{"class", "chart"},
                   {"viewBox", fmt::format("0 0 {} {}", kSvgWidth, height + kTop + kBottom)},
                   {"role", "img"},
                   {"aria-label", title}});
    auto ticks = nice_ticks(range, 6);
    double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    for (double t : ticks) {
        std::string x = coordinate(px(t));
        m.empty("line", {{"class", "grid"},
                         {"x1", x},
                         {"x2", x},
                         {"y1", coordinate(kTop)},
                         {"y2", coordinate(kTop + height)}});
        m.element("text", tick_label(t, step),
                  {{"class", "tick"},
                   {"x", x},
                   {"y", coordinate(kTop + height + 16)},
                   {"text-anchor", "middle"}});
    }
    for (std::size_t i = 0; i < bars.size(); ++i) {
        double top = kTop + kRow * static_cast<double>(i);
        std::string label = bars[i].label;
        if (label.size() > 40) label = "…" + label.substr(label.size() - 39);
        m.element("text", label,
                  {{"class", "tick"},
                   {"x", coordinate(kLabel - 8)},
                   {"y", coordinate(top + 16)},
                   {"text-anchor", "end"}});
        if (!bars[i].value) {
            m.element(
                "text", "n/a",
                {{"class", "tick"}, {"x", coordinate(kLabel + 4)}, {"y", coordinate(top + 16)}});
            continue;
        }
        double v = std::max(*bars[i].value, 0.0);
        m.empty("rect", {{"class", colour_class("bar", bars[i].colour)},
                         {"x", coordinate(kLabel)},
                         {"y", coordinate(top + 4)},
                         {"width", coordinate(px(v) - kLabel)},
                         {"height", coordinate(kRow - 8)}});
        m.element("text", tick_label(*bars[i].value, step / 100),
                  {{"class", "value"}, {"x", coordinate(px(v) + 4)}, {"y", coordinate(top + 16)}});
    }
    m.empty("line", {{"class", "axis"},
                     {"x1", coordinate(kLabel)},
                     {"x2", coordinate(kLabel)},
                     {"y1", coordinate(kTop)},
                     {"y2", coordinate(kTop + height)}});
    m.element("text", unit,
              {{"class", "label"},
               {"x", coordinate(kLabel + width / 2)},
               {"y", coordinate(kTop + height + 38)},
               {"text-anchor", "middle"}});
    m.close();
    m.close();
}

}  // namespace edgetop::html
