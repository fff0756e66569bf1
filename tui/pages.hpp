// One function per page draws one of its panels; shared panels are declared here too.
#pragma once

#include "tui/frame.hpp"

namespace edgetop::tui {

void draw_overview_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_cpu_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_gpu_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_power_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_memory_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_processes_panel(PanelId id, const Canvas& c, const FrameContext& ctx);
void draw_analysis_panel(PanelId id, const Canvas& c, const FrameContext& ctx);

void draw_header(const Canvas& c, const FrameContext& ctx);
void draw_tabs(const Canvas& c, const FrameContext& ctx);
void draw_footer(const Canvas& c, const FrameContext& ctx);
void draw_help(WINDOW* win, const Theme& theme);

// Per-core bars (used by the overview and the CPU page).
void draw_core_bars(const Canvas& c, const Sample& sample, bool show_limits);
// A titled graph of a history filling the canvas; `max` 0 scales to the history's maximum.
void draw_history_graph(const Canvas& c, std::string_view title, std::string_view now,
                        const History& history, double max);
// Disks and network along the bottom of c (Overview, Memory); returns the rows left above it.
Canvas draw_io_panel(const Canvas& c, const Sample& sample);
// A process table (used by the processes page and, without selection, the overview).
void draw_process_rows(const Canvas& c, const FrameContext& ctx,
                       const std::vector<const ProcessSample*>& rows, bool selectable);

}  // namespace edgetop::tui
