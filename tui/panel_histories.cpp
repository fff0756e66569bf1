// The history panels that fill what the pages' own panels leave: the Overview's strips (load;
// power and heat), the CPU page's total utilisation, EMC load (GPU and Memory pages) and the
// hottest zone (Power page).
#include <fmt/format.h>

#include "analysis/energy_integrator.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

struct Series {
    std::string label;
    std::string now;
    const History* history;
    GraphSpec spec;
};

// Rows per series from which each is a graph of its own; below, one row each.
constexpr int kGraphRows = 3;

// The series one under the other, sharing the rows below the title.
void draw_strip(const Canvas& c, std::string_view title, std::vector<Series>& series) {
    c.title(0, title);
    int n = static_cast<int>(series.size());
    int rows = c.height() - 1;
    if (n == 0 || rows <= 0) return;
    if (rows / n >= kGraphRows) {
        for (int i = 0, y = 1; i < n; ++i) {
            int h = rows / n + (i < rows % n ? 1 : 0);
            Series& s = series[static_cast<size_t>(i)];
            s.spec.title = s.label, s.spec.now = s.now;
            draw_graph(c.sub(y, 0, h, c.width()), s.spec, *s.history);
            y += h;
        }
        return;
    }
    int now_w = 0;
    for (const auto& s : series)
        now_w = std::max(now_w, shown_columns(s.now));
    int shown = std::min(n, rows);
    for (int i = 0; i < shown; ++i) {
        const Series& s = series[static_cast<size_t>(i)];
        draw_graph_row(c.sub(1 + i, 0, 1, c.width()), s.spec, {s.label, s.now, s.history}, 7,
                       now_w);
    }
}

std::string hottest_now(const Sample& s, bool ascii) {
    const ThermalSample* hottest = hottest_zone(s.thermal);
    if (!hottest) return std::string(text::kAbsent);
    return text::format_temp_c(hottest->temp_c, ascii) + " " + hottest->name;
}

// Utilisation: 0..100 %, coloured by util_level.
GraphSpec util_spec(const FrameContext& ctx) {
    GraphSpec spec = graph_spec(ctx, GraphScale::percent, "%");
    spec.level = util_level;
    return spec;
}

// The hottest zone's temperature: its range, coloured against that zone's trip points.
GraphSpec temp_spec(const FrameContext& ctx) {
    GraphSpec spec = graph_spec(ctx, GraphScale::range, ctx.theme.ascii() ? "C" : "\u00b0C");
    const ThermalSample* hottest = hottest_zone(ctx.view.sample().thermal);
    std::string zone = hottest ? hottest->name : std::string();
    spec.level = [board = &ctx.board, zone](double c) { return zone_temp_level(*board, zone, c); };
    return spec;
}

}  // namespace

void draw_load_history(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const Histories& h = ctx.view.history();
    GraphSpec load = util_spec(ctx);
    std::vector<Series> series{
        {"CPU", text::format_percent(cpu_total(s.cpu).pct), &h.cpu_util, load}};
    if (!s.gpu.empty() && !h.gpu_load.empty())
        series.push_back(
            {"GPU", text::format_percent(s.gpu.front().load_pct), &h.gpu_load.front(), load});
    if (s.emc && s.emc->util_pct)
        series.push_back({"EMC", text::format_percent(s.emc->util_pct), &h.emc_util, load});
    draw_strip(c, "Load history", series);
}

void draw_power_history(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const Histories& h = ctx.view.history();
    std::vector<Series> series;
    if (!s.rails.empty())
        series.push_back({"Power", text::format_power_mw(analysis::total_power_mw(s)),
                          &h.power_total_w, graph_spec(ctx, GraphScale::range, "W")});
    if (!s.thermal.empty())
        series.push_back({"Hottest", hottest_now(s, c.ascii()), &h.hottest_c, temp_spec(ctx)});
    draw_strip(c, "Power and heat history", series);
}

void draw_cpu_util_graph(const Canvas& c, const FrameContext& ctx) {
    std::string now = text::format_percent(cpu_total(ctx.view.sample().cpu).pct);
    GraphSpec spec = util_spec(ctx);
    spec.title = "CPU utilisation", spec.now = now;
    draw_graph(c, spec, ctx.view.history().cpu_util);
}

void draw_emc_graph(const Canvas& c, const FrameContext& ctx) {
    const auto& emc = ctx.view.sample().emc;
    std::string now = text::format_percent(emc ? emc->util_pct : std::nullopt);
    GraphSpec spec = util_spec(ctx);
    spec.title = "EMC load", spec.now = now;
    draw_graph(c, spec, ctx.view.history().emc_util);
}

void draw_temp_graph(const Canvas& c, const FrameContext& ctx) {
    std::string now = hottest_now(ctx.view.sample(), c.ascii());
    GraphSpec spec = temp_spec(ctx);
    spec.title = "Hottest zone", spec.now = now;
    draw_graph(c, spec, ctx.view.history().hottest_c);
}

}  // namespace edgetop::tui
