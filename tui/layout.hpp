// Where each panel of a page goes: a pure function of the terminal size, the page and how many
// units the machine has. Panels never overlap and never leave the screen; what does not fit is
// left out (the compact version of a page).
#pragma once

#include <string_view>
#include <vector>

#include "tui/page.hpp"

namespace edgetop::tui {

struct Rect {
    int y = 0, x = 0, h = 0, w = 0;
    int bottom() const { return y + h; }
    int right() const { return x + w; }
    bool empty() const { return h <= 0 || w <= 0; }
};

bool overlaps(const Rect& a, const Rect& b);

enum class PanelId {
    header,
    tabs,
    footer,
    // overview
    cpu_bars,
    gpu_summary,
    memory_summary,
    power_summary,
    thermal_summary,
    fans_summary,
    flags_summary,
    top_processes,
    // cpu
    cpu_cores,
    cpu_split,
    cpu_history,
    ctxt_graph,
    // gpu
    gpu_load_graph,
    gpu_freq_graph,
    gpu_info,
    engines,
    gpu_processes,
    // power & thermal
    rails,
    power_graph,
    zones,
    fans,
    // memory
    memory_breakdown,
    memory_graph,
    emc,
    // processes
    process_table,
    // analysis
    flag_list,
    flag_timeline,
    pressure,  // analysis
    cooling,   // power & thermal
};

std::string_view panel_name(PanelId id);

struct Panel {
    PanelId id;
    Rect rect;
};

// The counts that decide how tall panels want to be.
struct LayoutModel {
    int cores = 0, gpus = 0, rails = 0, zones = 0, fans = 0, engines = 0, flags = 0;
    int cooling = 0;
};

// Columns of per-core bars that fit in `width` for `cores` cores.
int core_columns(int width, int cores);

std::vector<Panel> layout_page(Page page, int rows, int cols, const LayoutModel& model);

// The centred box of the help overlay, inside the screen.
Rect overlay_rect(int rows, int cols, int want_rows, int want_cols);

}  // namespace edgetop::tui
