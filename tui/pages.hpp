// One function per page draws one of its panels; shared panels are declared here too.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "tui/frame.hpp"

namespace edgetop::tui {

void draw_overview_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_cpu_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_gpu_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_power_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_memory_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_processes_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_analysis_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
// The Analysis page's detail view of UiState::flag_detail, over the whole body of the page.
void draw_flag_detail(const Canvas& c, const FrameContext& ctx);
void draw_info_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_pressure_panel(const Canvas& c, const Sample& s);   // PSI, on the analysis page
void draw_cooling_panel(const Canvas& c, const Sample& s);    // cooling devices, on the power page
void draw_oc_events_panel(const Canvas& c, const Sample& s);  // over-current counts, power page

void draw_header(const Canvas& c, const FrameContext& ctx);
void draw_tabs(const Canvas& c, const FrameContext& ctx);
void draw_footer(const Canvas& c, const FrameContext& ctx);
void draw_help(WINDOW* win, const Theme& theme);
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

// Per-core bars (used by the overview and the CPU page).
void draw_core_bars(const Canvas& c, const Sample& sample, bool show_limits);
// The overview's compact per-core cells, two to four columns (jtop-like).
void draw_compact_cores(const Canvas& c, const Sample& sample);
// A titled graph of a history filling the canvas; `max` 0 scales to the history's maximum. The
// scale's labels carry `unit`; a "%" graph is coloured by level (tui/levels.hpp).
void draw_history_graph(const Canvas& c, std::string_view title, std::string_view now,
                        const History& history, double max, std::string_view unit = "");
// A clock bar from 0 to the hardware maximum with a mark at the power-mode cap where the cap is
// lower, starting at column x and at most 32 columns wide (nothing when fewer than 8 fit).
void clock_bar(const Canvas& c, int y, int x, std::optional<int64_t> freq,
               std::optional<int64_t> cap, std::optional<int64_t> hw_max);
// Disks and network interfaces (Overview, Memory).
void draw_io_panel(const Canvas& c, const Sample& sample);
// A process table (used by the processes page and, without selection, the overview); `tree`
// (one line per row) draws the commands under their parents.
void draw_process_rows(const Canvas& c, const FrameContext& ctx,
                       const std::vector<const ProcessSample*>& rows, bool selectable,
                       const std::vector<TreeLine>* tree = nullptr);

}  // namespace edgetop::tui
