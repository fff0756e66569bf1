// Where each panel of a page goes: a pure function of the terminal size, the page and how many
// units the machine has. A page is a list of panels (PanelSpec), each with the rows it needs at
// least and the rows it would like; panels never overlap and never leave the screen. Nothing is
// dropped silently: a panel whose source is absent folds into one status line, a panel that gets
// fewer rows than its minimum shows as one line ("Thermal zones: +11 more zones"), and where not
// even one row is left the last row names the panels that got none.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>

#include "edgetop/sample_schema.hpp"
#include "tui/page.hpp"

namespace edgetop::tui {

struct Rect {
    int y = 0, x = 0, h = 0, w = 0;
    int bottom() const { return y + h; }
    int right() const { return x + w; }
    bool empty() const { return h <= 0 || w <= 0; }
};

bool overlaps(const Rect& a, const Rect& b);

// The panels, in the order of the panel table (tui/panel_table.cpp): on a page they stack in
// this order.
enum class PanelId {
    header,
    tabs,
    footer,
    cpu_bars,  // overview
    gpu_summary,
    memory_summary,
    load_history,
    power_summary,
    thermal_summary,
    flags_summary,
    fans_summary,
    memory_breakdown,  // memory
    io,                // overview, memory: disks and network interfaces
    emc,
    memory_graph,
    power_history,  // overview
    top_processes,
    cpu_cores,  // cpu
    cpu_split,
    cpu_util_graph,
    ctxt_graph,
    cpu_history,
    gpu_info,  // gpu
    engines,
    emc_graph,
    gpu_load_graph,
    gpu_freq_graph,
    gpu_processes,
    rails,  // power & thermal
    oc_events,
    zones,
    power_graph,
    fans,
    cooling,
    temp_graph,
    groups,  // processes: containers and services
    process_table,
    flag_list,  // analysis
    pressure,
    flag_timeline,
    info,  // info
    sources,
    // any page: the panels whose source is absent, on one line
    absent_sources,
    // any page: the panels that got no row at all, on the last row
    more_panels,
};

std::string_view panel_name(PanelId id);
// What the panel shows, for the one-line forms ("Thermal zones").
std::string_view panel_title(PanelId id);

enum class PanelState {
    shown,   // at least its minimum height
    folded,  // one row: its title and "+N more <items>" or "too small"
};

struct Panel {
    PanelId id;
    Rect rect;
    PanelState state = PanelState::shown;
    // absent_sources: the absent panels; more_panels: the panels that got no row.
    std::vector<PanelId> listed = {};
};

// One of the sample's lists, named by its key in the schema ("thermal", "rails", "groups"): a
// panel counts its items by it, and a key the schema does not have does not compile.
struct SampleList {
    std::size_t index;
    template <std::size_t N>
    consteval SampleList(const char (&key)[N])
        : index(schema::index_of<Sample>(std::string_view(key, N - 1))) {
        if (index == schema::field_count<Sample>()) throw "not a key of the sample";
    }
};

// The counts that decide how tall panels want to be, and which sources are there.
struct LayoutModel {
    int cores = 0;
    int processes = 0;
    bool procs = true;  // a process table is read (the live root)
    bool emc = true;    // EMC load or clock is known
    bool swap = true;   // the machine has swap
    // The longest names, for the widths of the grid cells.
    int rail_name = 0, zone_name = 0, engine_name = 0;
    bool psi = false;  // pressure stall information is read
    // How many items each list of the sample holds, by the list's place in the schema (the
    // view model fills every list the schema has: a new list needs no line here).
    std::array<int, schema::field_count<Sample>()> lists{};

    int count(SampleList list) const { return lists[list.index]; }
    LayoutModel& set(SampleList list, int items) {
        lists[list.index] = items;
        return *this;
    }
};

// Cells of the grids (Overview rails and zones, GPU engines): the whole name, then the value;
// the same widths for the layout and the drawing.
int rail_cell_width(const LayoutModel& model);
int zone_cell_width(const LayoutModel& model);
int engine_cell_width(const LayoutModel& model);
// A disk's or an interface's cell: name, then its rates (tui/panel_io.cpp).
inline constexpr int kIoCellWidth = 44;

// What a list panel counts ("zones"), and how many; an empty kind for panels without a list.
struct PanelItems {
    std::string_view kind;
    int count = 0;
};
PanelItems panel_items(PanelId id, const LayoutModel& model);

// Where a panel goes on a wide screen (two columns, and full-width panels below them).
enum class Side { left, right, below };

struct PanelSize {
    int min_h = 2;           // below this the panel folds into one line
    int want_h = 2;          // what it needs to show everything
    bool grow = false;       // takes the rows left over (histories, process lists)
    Side side = Side::left;  // wide screens only
    int max_h = 0;           // a growing panel takes no more than this (0: no limit)
};

// A panel of a page as the layout sees it (the panel table's entry, sized for this width).
struct PanelSpec {
    PanelId id;
    PanelSize size;
    bool present = true;  // false: its source is absent; it joins the status line
};

// The panels of a page in the order they stack, on a terminal of rows x cols.
std::vector<PanelSpec> page_panels(Page page, int rows, int cols, const LayoutModel& model);

// Columns of per-core bars that fit in `width` for `cores` cores (the CPU page: bars with
// clocks), and the compact form of the overview (jtop-like cells, 2 to 4 columns).
int core_columns(int width, int cores);
int compact_core_columns(int width, int cores);

std::vector<Panel> layout_page(Page page, int rows, int cols, const LayoutModel& model);

// The centred box of the help overlay, inside the screen.
Rect overlay_rect(int rows, int cols, int want_rows, int want_cols);

}  // namespace edgetop::tui
