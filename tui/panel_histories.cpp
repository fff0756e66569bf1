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
    std::string_view label;
    std::string now;
    const History* history;
    double max;  // 0: from the history's maximum
    std::string_view unit;
};

// Rows per series from which each is a graph of its own; below, one sparkline row each.
constexpr int kGraphRows = 3;

// The series one under the other, sharing the rows below the title.
void draw_strip(const Canvas& c, std::string_view title, const std::vector<Series>& series) {
    c.title(0, title);
    int n = static_cast<int>(series.size());
    int rows = c.height() - 1;
    if (n == 0 || rows <= 0) return;
    if (rows / n >= kGraphRows) {
        for (int i = 0, y = 1; i < n; ++i) {
            int h = rows / n + (i < rows % n ? 1 : 0);
            const Series& s = series[static_cast<size_t>(i)];
            draw_history_graph(c.sub(y, 0, h, c.width()), s.label, s.now, *s.history, s.max,
                               s.unit);
            y += h;
        }
        return;
    }
    int shown = std::min(n, rows);
    for (int i = 0; i < shown; ++i) {
        const Series& s = series[static_cast<size_t>(i)];
        int y = 1 + i;
        int x = c.text(y, 0, fmt::format("{:<8}", s.label), Style::label);
        int w = c.width() - x - 12;
        double max = s.max > 0 ? s.max : nice_scale(s.history->max().value_or(0) * 1.1);
        if (w > 0)
            c.text(y, x,
                   render_sparkline(s.history->last(static_cast<size_t>(w)), max, w, c.ascii()),
                   Style::graph);
        c.text_right(y, s.now, s.history->latest() ? Style::normal : Style::dim);
    }
}

std::string hottest_now(const Sample& s, bool ascii) {
    const ThermalSample* hottest = nullptr;
    for (const auto& z : s.thermal)
        if (z.temp_c && (!hottest || *z.temp_c > *hottest->temp_c)) hottest = &z;
    if (!hottest) return std::string(text::kAbsent);
    return text::format_temp_c(hottest->temp_c, ascii) + " " + hottest->name;
}

}  // namespace

void draw_load_history(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const Histories& h = ctx.view.history();
    std::vector<Series> series{
        {"CPU", text::format_percent(s.cpu.util_pct), &h.cpu_util, 100, "%"}};
    if (!s.gpu.empty() && !h.gpu_load.empty())
        series.push_back(
            {"GPU", text::format_percent(s.gpu.front().load_pct), &h.gpu_load.front(), 100, "%"});
    if (s.emc && s.emc->util_pct)
        series.push_back({"EMC", text::format_percent(s.emc->util_pct), &h.emc_util, 100, "%"});
    draw_strip(c, "Load history", series);
}

void draw_power_history(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const Histories& h = ctx.view.history();
    std::vector<Series> series;
    if (!s.rails.empty())
        series.push_back({"Power", text::format_power_mw(analysis::total_power_mw(s)),
                          &h.power_total_w, 0, "W"});
    if (!s.thermal.empty())
        series.push_back(
            {"Hottest", hottest_now(s, c.ascii()), &h.hottest_c, 0, c.ascii() ? "C" : "°C"});
    draw_strip(c, "Power and heat history", series);
}

void draw_cpu_util_graph(const Canvas& c, const FrameContext& ctx) {
    draw_history_graph(c, "CPU utilisation", text::format_percent(ctx.view.sample().cpu.util_pct),
                       ctx.view.history().cpu_util, 100, "%");
}

void draw_emc_graph(const Canvas& c, const FrameContext& ctx) {
    const auto& emc = ctx.view.sample().emc;
    draw_history_graph(c, "EMC load", text::format_percent(emc ? emc->util_pct : std::nullopt),
                       ctx.view.history().emc_util, 100, "%");
}

void draw_temp_graph(const Canvas& c, const FrameContext& ctx) {
    draw_history_graph(c, "Hottest zone", hottest_now(ctx.view.sample(), c.ascii()),
                       ctx.view.history().hottest_c, 0, c.ascii() ? "C" : "°C");
}

}  // namespace edgetop::tui
