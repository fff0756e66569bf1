// One function per page draws one of its panels; shared panels are declared here too.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "tui/frame.hpp"
#include "tui/graph.hpp"

namespace edgetop::tui {

// The panels, one function each; tui/panel_table.cpp says which page shows which.
// Overview (page_overview.cpp)
void draw_cpu_bars(const Canvas& c, const FrameContext& ctx);
void draw_gpu_summary(const Canvas& c, const FrameContext& ctx);
void draw_memory_summary(const Canvas& c, const FrameContext& ctx);
void draw_power_summary(const Canvas& c, const FrameContext& ctx);
void draw_thermal_summary(const Canvas& c, const FrameContext& ctx);
void draw_flags_summary(const Canvas& c, const FrameContext& ctx);
void draw_fans_summary(const Canvas& c, const FrameContext& ctx);
void draw_top_processes(const Canvas& c, const FrameContext& ctx);
// CPU (page_cpu.cpp)
void draw_cpu_cores(const Canvas& c, const FrameContext& ctx);
void draw_cpu_split(const Canvas& c, const FrameContext& ctx);
void draw_ctxt_graph(const Canvas& c, const FrameContext& ctx);
void draw_cpu_history(const Canvas& c, const FrameContext& ctx);
// GPU (page_gpu.cpp)
void draw_gpu_info(const Canvas& c, const FrameContext& ctx);
void draw_engines(const Canvas& c, const FrameContext& ctx);
void draw_gpu_load_graph(const Canvas& c, const FrameContext& ctx);
void draw_gpu_freq_graph(const Canvas& c, const FrameContext& ctx);
void draw_gpu_processes(const Canvas& c, const FrameContext& ctx);
// Power (page_power.cpp, panel_oc_events.cpp, panel_cooling.cpp)
void draw_rails(const Canvas& c, const FrameContext& ctx);
void draw_oc_events(const Canvas& c, const FrameContext& ctx);
void draw_groups(const Canvas& c, const FrameContext& ctx);
// The rows the Containers panel wants for `groups` groups: a title, the column names, a row each
// up to a bound, then "+N more groups".
int groups_panel_rows(int groups);
void draw_zones(const Canvas& c, const FrameContext& ctx);
void draw_power_graph(const Canvas& c, const FrameContext& ctx);
void draw_fans(const Canvas& c, const FrameContext& ctx);
void draw_cooling(const Canvas& c, const FrameContext& ctx);
// Memory (page_memory.cpp; panel_io.cpp is on the Overview too)
void draw_memory_breakdown(const Canvas& c, const FrameContext& ctx);
void draw_io(const Canvas& c, const FrameContext& ctx);
void draw_emc(const Canvas& c, const FrameContext& ctx);
void draw_memory_graph(const Canvas& c, const FrameContext& ctx);
// Processes (page_processes.cpp)
void draw_process_table(const Canvas& c, const FrameContext& ctx);
// Analysis (page_analysis.cpp, panel_pressure.cpp)
void draw_flag_list(const Canvas& c, const FrameContext& ctx);
void draw_pressure(const Canvas& c, const FrameContext& ctx);
void draw_flag_timeline(const Canvas& c, const FrameContext& ctx);
// Every rule's raised periods over the session, and the rows that takes (panel_flag_gantt.cpp).
void draw_flag_gantt(const Canvas& c, const FrameContext& ctx);
int flag_gantt_rows();
// The Analysis page's detail view of UiState::flag_detail, over the whole body of the page.
void draw_flag_detail(const Canvas& c, const FrameContext& ctx);
// History panels (panel_histories.cpp)
void draw_load_history(const Canvas& c, const FrameContext& ctx);   // Overview: CPU, GPU, EMC
void draw_power_history(const Canvas& c, const FrameContext& ctx);  // Overview: power, hottest
void draw_cpu_util_graph(const Canvas& c, const FrameContext& ctx);
void draw_emc_graph(const Canvas& c, const FrameContext& ctx);   // GPU, Memory
void draw_temp_graph(const Canvas& c, const FrameContext& ctx);  // Power
// Info (page_info.cpp)
void draw_info(const Canvas& c, const FrameContext& ctx);
void draw_sources(const Canvas& c, const FrameContext& ctx);

void draw_header(const Canvas& c, const FrameContext& ctx);
void draw_tabs(const Canvas& c, const FrameContext& ctx);
// The key hint, always at the start of the row (prompts and messages take the row while open);
// `missing_shown_above`: the status line of absent panels already says what is missing.
void draw_footer(const Canvas& c, const FrameContext& ctx, bool missing_shown_above);
// The keys of the view (tui/keys.hpp) and the marks' legend in a bordered box over the page; it
// scrolls where the screen is too small for all of it.
void draw_help(WINDOW* win, const FrameContext& ctx);
// The power-mode list while one is chosen, or a finished control command's output.
void draw_controls_overlay(WINDOW* win, const FrameContext& ctx);

// "+3 more zones": the last entry of a list that does not fit.
std::string more_items(int hidden, std::string_view kind);
// How many of `items` to draw in `slots` places: all when they fit, else one place less, which
// then shows more_items(items - shown, ...).
inline int items_shown(int items, int slots) {
    return items <= slots ? items : std::max(0, slots - 1);
}
// Cells of `cell_w` columns laid row by row from row `top` of `c`: draw(i, cell) draws item i,
// and where they do not all fit the last cell says "+N more <kind>".
template <class Draw>
void draw_cells(const Canvas& c, int top, int cell_w, int count, std::string_view kind, Draw draw) {
    int per_row = std::max(1, c.width() / cell_w);
    int shown = items_shown(count, per_row * std::max(0, c.height() - top));
    auto cell = [&](int i) {
        return c.sub(top + i / per_row, i % per_row * cell_w, 1, std::min(cell_w, c.width()) - 1);
    };
    for (int i = 0; i < shown; ++i)
        draw(i, cell(i));
    if (shown < count) cell(shown).text(0, 0, more_items(count - shown, kind), Style::dim);
}

// The one-line forms of panels (panel_lines.cpp).
void draw_folded_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_absent_sources(const Canvas& c, const FrameContext& ctx,
                         const std::vector<PanelId>& panels);
void draw_more_panels(const Canvas& c, const std::vector<PanelId>& panels);

// The CPU's total utilisation; where the sample has none (a tegrastats log gives only the cores),
// the mean of the online cores that have one, marked as such. Absent when neither is known.
struct CpuTotal {
    std::optional<double> pct;
    bool from_cores = false;
};
CpuTotal cpu_total(const CpuSample& cpu);
// Thermal zones with a reading first, hottest first, then those without one, in their order.
std::vector<const ThermalSample*> hottest_first(const std::vector<ThermalSample>& zones);
// The hottest zone with a reading; nullptr where none has one.
const ThermalSample* hottest_zone(const std::vector<ThermalSample>& zones);
// "pwmfan  speed 38%  2049 rpm  control manual": every value named; the name padded to name_w,
// the longest of the fans' names (fan_name_width) for their values to line up.
std::string fan_line(const FanSample& fan, int name_w);
int fan_name_width(const std::vector<FanSample>& fans);

// Per-core bars (used by the overview and the CPU page).
void draw_core_bars(const Canvas& c, const Sample& sample, bool show_limits);
// The overview's compact per-core cells, two to four columns (jtop-like).
void draw_compact_cores(const Canvas& c, const Sample& sample);
// Seconds between the values of the histories, for a graph's time axis: their measured spacing,
// else the interval asked for.
inline double graph_interval_s(const FrameContext& ctx) {
    return ctx.view.interval_s().value_or(ctx.ui.interval_ms / 1000.0);
}
// A graph of this scale and unit on the view's time axis.
inline GraphSpec graph_spec(const FrameContext& ctx, GraphScale scale, std::string_view unit) {
    GraphSpec spec;
    spec.scale = scale, spec.unit = unit, spec.interval_s = graph_interval_s(ctx);
    return spec;
}
// A clock bar from 0 to the hardware maximum with a mark at the power-mode cap where the cap is
// lower, starting at column x and at most 32 columns wide (nothing when fewer than 8 fit).
void clock_bar(const Canvas& c, int y, int x, std::optional<int64_t> freq,
               std::optional<int64_t> cap, std::optional<int64_t> hw_max);
// A process table (used by the processes page and, without selection, the overview); `tree`
// (one line per row) draws the commands under their parents.
void draw_process_rows(const Canvas& c, const FrameContext& ctx,
                       const std::vector<const ProcessSample*>& rows, bool selectable,
                       const std::vector<TreeLine>* tree = nullptr);

}  // namespace edgetop::tui
