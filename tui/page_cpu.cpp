// Page 2, CPU: per-core bars with frequency against the allowed and hardware maximum, the
// user/system/iowait split, clusters, a history per core and the system context-switch rate.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// A bar of stacked parts; parts beyond the bar width are cut.
void stacked_bar(const Canvas& c, int y, int x, int w, const std::vector<double>& fractions,
                 const std::vector<Style>& styles, Level level = Level::good) {
    if (w < 3) return;
    c.text(y, x, "[", Style::dim);
    std::vector<int> cells = split_cells(fractions, w - 2);
    int at = x + 1;
    for (size_t i = 0; i < cells.size(); ++i) {
        c.text(y, at, render_bar(1.0, cells[i], c.ascii()), styles[i]);
        at += cells[i];
    }
    c.bar_end(y, x + w - 1, level);
}

void core_cell(const Canvas& c, int y, const CoreSample& core, bool show_limits) {
    int x = c.text(y, 0, fmt::format("{:>2} ", core.id), Style::label);
    if (!core.online) {
        c.text(y, x, "off", Style::dim);
        return;
    }
    std::string value = text::format_percent(core.util_pct);
    std::string freq = text::format_freq_khz(core.freq_khz);
    if (show_limits && core.max_khz) freq += "/" + text::format_freq_khz(core.max_khz);
    int tail = 1 + 4 + 1 + static_cast<int>(freq.size());
    bool with_freq = c.width() - x - tail >= 6;
    if (!with_freq) tail = 5;
    int bar_w = std::max(0, c.width() - x - tail);
    if (core.user_pct && core.system_pct) {
        double other = std::max(0.0, core.util_pct.value_or(0) - *core.user_pct - *core.system_pct -
                                         core.iowait_pct.value_or(0));
        stacked_bar(c, y, x, bar_w,
                    {*core.user_pct / 100, *core.system_pct / 100,
                     core.iowait_pct.value_or(0) / 100, other / 100},
                    {Style::user, Style::system, Style::iowait, Style::dim},
                    util_level(core.util_pct.value_or(0)));
    } else if (core.util_pct) {
        c.bar(y, x, bar_w, *core.util_pct / 100, util_level(*core.util_pct));
    } else {
        c.bar(y, x, bar_w, 0, Style::dim);
    }
    x += bar_w;
    x = c.text(y, x, fmt::format("{:>5}", value), core.util_pct ? Style::normal : Style::dim);
    if (with_freq) c.text(y, x + 1, freq, core.freq_khz ? Style::normal : Style::dim);
}

// The overview's form: "11 [|||||    ]  45%", four to a row at 80 columns.
void compact_core_cell(const Canvas& c, const CoreSample& core) {
    int x = c.text(0, 0, fmt::format("{:>2} ", core.id), Style::label);
    if (!core.online) {
        c.text(0, x, "off", Style::dim);
        return;
    }
    int bar_w = c.width() - x - 5;
    if (bar_w >= 3 && core.util_pct)
        c.bar(0, x, bar_w, *core.util_pct / 100, util_level(*core.util_pct));
    else if (bar_w >= 3)
        c.bar(0, x, bar_w, 0, Style::dim);
    else
        bar_w = 0;
    c.text(0, x + bar_w, fmt::format("{:>5}", text::format_percent(core.util_pct)),
           core.util_pct ? Style::normal : Style::dim);
}

// Cores column by column in `columns` columns; where they do not all fit, the last cell says
// "+N more cores".
template <class Cell>
void core_grid(const Canvas& c, const Sample& sample, int columns, Cell cell) {
    const auto& cores = sample.cpu.cores;
    int count = static_cast<int>(cores.size());
    if (count == 0) {
        c.text(0, 0, "n/a: no per-core readings", Style::dim);
        return;
    }
    columns = std::max(1, columns);
    int rows = std::min((count + columns - 1) / columns, c.height());
    if (rows <= 0) return;
    int shown = items_shown(count, rows * columns);
    int cell_w = c.width() / columns;
    auto place = [&](int i) {
        int row = i % rows, column = i / rows;
        return c.sub(row, column * cell_w, 1, cell_w - (column + 1 < columns ? 1 : 0));
    };
    for (int i = 0; i < shown; ++i)
        cell(place(i), cores[static_cast<size_t>(i)]);
    if (shown < count) place(shown).text(0, 0, more_items(count - shown, "cores"), Style::dim);
}

std::string core_list(const std::vector<int>& ids) {
    std::string out;
    for (size_t i = 0; i < ids.size(); ++i) {
        size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
            ++j;
        if (!out.empty()) out += ",";
        out += j > i ? fmt::format("{}-{}", ids[i], ids[j]) : std::to_string(ids[i]);
        i = j;
    }
    return out;
}

void split_panel(const Canvas& c, const Sample& s) {
    const auto& cpu = s.cpu;
    c.title(0, "CPU time", "user/system/iowait");
    int y = 1;
    c.text(y, 0, "total", Style::label);
    if (cpu.user_pct && cpu.system_pct)
        stacked_bar(c, y, 7, std::max(0, c.width() - 13),
                    {*cpu.user_pct / 100, *cpu.system_pct / 100, cpu.iowait_pct.value_or(0) / 100},
                    {Style::user, Style::system, Style::iowait},
                    util_level(cpu.util_pct.value_or(0)));
    else
        c.bar(y, 7, std::max(0, c.width() - 13), cpu.util_pct.value_or(0) / 100,
              util_level(cpu.util_pct.value_or(0)));
    c.text_right(y++, text::format_percent(cpu.util_pct));
    int x = c.text(y, 0, "user ", Style::user);
    x = c.text(y, x, text::format_percent(cpu.user_pct) + "  ");
    x = c.text(y, x, "system ", Style::system);
    x = c.text(y, x, text::format_percent(cpu.system_pct) + "  ");
    x = c.text(y, x, "iowait ", Style::iowait);
    c.text(y++, x, text::format_percent(cpu.iowait_pct));
    const auto& sys = s.system;
    c.text(y++, 0,
           fmt::format("load {} {} {}  running {}  blocked {}", text::format_number(sys.load_1, 2),
                       text::format_number(sys.load_5, 2), text::format_number(sys.load_15, 2),
                       sys.procs_running ? std::to_string(*sys.procs_running) : text::kAbsent,
                       sys.procs_blocked ? std::to_string(*sys.procs_blocked) : text::kAbsent));
    // Clusters: cores sharing a cpufreq policy.
    std::map<int, std::vector<const CoreSample*>> clusters;
    for (const auto& core : cpu.cores)
        clusters[core.cluster.value_or(-1)].push_back(&core);
    c.text(y++, 0, "cluster cores     freq      allowed   hw max    governor", Style::label);
    for (const auto& [id, cores] : clusters) {
        std::vector<int> ids;
        for (const auto* core : cores)
            ids.push_back(core->id);
        const CoreSample* on = cores.front();
        for (const auto* core : cores)
            if (core->online && core->freq_khz) {
                on = core;
                break;
            }
        int bar_x = c.text(
            y, 0,
            fmt::format("{:<7} {:<9} {:<9} {:<9} {:<9} {:<12}",
                        id < 0 ? std::string("n/a") : std::to_string(id), core_list(ids),
                        text::format_freq_khz(on->freq_khz), text::format_freq_khz(on->max_khz),
                        text::format_freq_khz(on->hw_max_khz),
                        on->governor.value_or(text::kAbsent)));
        clock_bar(c, y++, bar_x, on->freq_khz, on->max_khz, on->hw_max_khz);
    }
}

}  // namespace

void draw_core_bars(const Canvas& c, const Sample& sample, bool show_limits) {
    int columns = core_columns(c.width(), static_cast<int>(sample.cpu.cores.size()));
    core_grid(c, sample, columns, [&](const Canvas& cell, const CoreSample& core) {
        core_cell(cell, 0, core, show_limits);
    });
}

void draw_compact_cores(const Canvas& c, const Sample& sample) {
    int columns = compact_core_columns(c.width(), static_cast<int>(sample.cpu.cores.size()));
    core_grid(c, sample, columns, compact_core_cell);
}

void draw_cpu_cores(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    std::string governor;
    for (const auto& core : s.cpu.cores)
        if (core.governor) governor = *core.governor;
    c.title(0, "Cores", governor.empty() ? "freq/allowed max" : governor);
    draw_core_bars(c.sub(1, 0, c.height() - 1, c.width()), s, true);
}

void draw_cpu_split(const Canvas& c, const FrameContext& ctx) {
    split_panel(c, ctx.view.sample());
}

// Each core's history as a graph of its own, small multiples (tui/graph.hpp).
void draw_cpu_history(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Utilisation history per core");
    const auto& hist = ctx.view.history().core_util;
    std::vector<GraphSeries> series;
    for (size_t i = 0; i < std::min(s.cpu.cores.size(), hist.size()); ++i) {
        const auto& core = s.cpu.cores[i];
        series.push_back({fmt::format("core {}", core.id),
                          core.online ? text::format_percent(core.util_pct) : "off", &hist[i]});
    }
    GraphSpec spec = graph_spec(ctx, GraphScale::percent, "%");
    spec.level = util_level;
    draw_graph_grid(c.sub(1, 0, c.height() - 1, c.width()), spec, series, "cores");
}

void draw_ctxt_graph(const Canvas& c, const FrameContext& ctx) {
    std::string now = text::format_rate(ctx.view.sample().system.ctxt_per_s);
    GraphSpec spec = graph_spec(ctx, GraphScale::from_zero, "/s");
    spec.title = "Context switches", spec.now = now;
    draw_graph(c, spec, ctx.view.history().ctxt_per_s);
}

}  // namespace edgetop::tui
