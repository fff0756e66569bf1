#include "tui/panel_table.hpp"

#include <algorithm>
#include <array>

#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// Narrowest cells of the grids the panels draw (page_overview.cpp, page_gpu.cpp) are in
// layout.cpp; these are the rows a grid of `items` cells takes in `width` columns.
int ceil_div(int a, int b) {
    return b <= 0 ? 0 : (a + b - 1) / b;
}

int cell_rows(int width, int cell_w, int items) {
    return ceil_div(items, std::max(1, width / cell_w));
}

constexpr PageSet kOverview = on(Page::overview), kCpu = on(Page::cpu), kGpu = on(Page::gpu),
                  kPower = on(Page::power), kMemory = on(Page::memory),
                  kProcesses = on(Page::processes), kAnalysis = on(Page::analysis),
                  kInfo = on(Page::info);

// The Overview's history strips and the pages' extra graphs where pages have two columns (kWide
// in layout.cpp), the strips from 30 rows; a graph beside another growing one stops at
// kGraphMaxRows.
constexpr int kWideCols = 110, kStripCols = kWideCols, kStripRows = 30, kStripGraphRows = 5;
constexpr int kGraphMaxRows = 16;
// A flag in the Analysis list: its id, its message, a row of values and a table of four rows
// (page_analysis.cpp) most often, the message on more rows where the page is narrow; a longer
// one is cut and Enter shows it whole.
constexpr int kFlagRows = 14, kWideFlagRows = 8;

constexpr std::array kPanels = std::to_array<PanelInfo>({
    {.id = PanelId::header, .name = "header", .title = "Header", .draw = draw_header},
    {.id = PanelId::tabs, .name = "tabs", .title = "Tabs", .draw = draw_tabs},
    // The footer is drawn by the frame: it needs to know whether the "n/a:" line is above it.
    {.id = PanelId::footer, .name = "footer", .title = "Footer"},
    {.id = PanelId::cpu_bars,
     .name = "cpu_bars",
     .title = "CPU",
     .item_kind = "cores",
     .item_count = [](const LayoutModel& m) { return m.cores; },
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + ceil_div(in.model.cores, compact_core_columns(in.left_w, in.model.cores))};
     },
     .draw = draw_cpu_bars},
    {.id = PanelId::gpu_summary,
     .name = "gpu_summary",
     .title = "GPU / EMC",
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         const auto& m = in.model;
         return {2,
                 1 + std::max(1, m.count("gpu")) + (m.emc ? 1 : 0) + (m.count("engines") ? 1 : 0)};
     },
     .present =
         [](const LayoutModel& m) { return m.count("gpu") > 0 || m.emc || m.count("engines") > 0; },
     .absent = "no GPU or EMC",
     .draw = draw_gpu_summary},
    {.id = PanelId::memory_summary,
     .name = "memory",
     .title = "Memory",
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 3 + (in.model.swap ? 1 : 0)};
     },
     .draw = draw_memory_summary},
    {.id = PanelId::load_history,
     .name = "load_history",
     .title = "Load history",
     .pages = kOverview,
     .from_cols = kStripCols,
     .from_rows = kStripRows,
     .size = [](const SizeInput& in) -> PanelSize {
         int series = 1 + (in.model.count("gpu") > 0 ? 1 : 0) + (in.model.emc ? 1 : 0);
         return {1 + series, 1 + kStripGraphRows * series, true};
     },
     .draw = draw_load_history},
    {.id = PanelId::power_summary,
     .name = "power",
     .title = "Power",
     .item_kind = "rails",
     .item_count = [](const LayoutModel& m) { return m.count("rails"); },
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + cell_rows(in.right_w, rail_cell_width(in.model), in.model.count("rails")),
                 false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("rails") > 0; },
     .absent = "no power rails",
     .draw = draw_power_summary},
    {.id = PanelId::thermal_summary,
     .name = "thermal",
     .title = "Hottest",
     .item_kind = "zones",
     .item_count = [](const LayoutModel& m) { return m.count("thermal"); },
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         int rows = cell_rows(in.right_w, zone_cell_width(in.model), in.model.count("thermal"));
         // On one column the zones leave rows to the processes below them.
         if (!in.wide && in.model.procs) rows = std::min(rows, 3);
         return {2, 1 + rows, false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("thermal") > 0; },
     .absent = "no thermal zones",
     .draw = draw_thermal_summary},
    {.id = PanelId::flags_summary,
     .name = "flags_summary",
     .title = "Flags",
     .item_kind = "flags",
     .item_count = [](const LayoutModel& m) { return m.count("flags"); },
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.count("flags"), in.wide, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("flags") > 0; },
     .absent = "no flag active",
     .absent_without_rules = "no rules active",
     .draw = draw_flags_summary},
    {.id = PanelId::fans_summary,
     .name = "fans_summary",
     .title = "Fans",
     .item_kind = "fans",
     .item_count = [](const LayoutModel& m) { return m.count("fans"); },
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.count("fans"), false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("fans") > 0; },
     .absent = "no fan",
     .draw = draw_fans_summary},
    {.id = PanelId::memory_breakdown,
     .name = "memory_breakdown",
     .title = "Memory",
     .pages = kMemory,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 9};
     },
     .draw = draw_memory_breakdown},
    {.id = PanelId::io,
     .name = "io",
     .title = "Disks / network",
     .item_kind = "disks and interfaces",
     .item_count = [](const LayoutModel& m) { return m.count("disks") + m.count("net"); },
     .pages = kOverview | kMemory,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2,
                 1 + cell_rows(in.right_w, kIoCellWidth,
                               in.model.count("disks") + in.model.count("net")),
                 false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("disks") + m.count("net") > 0; },
     .absent = "no disks or network",
     .draw = draw_io},
    // It stays where its source is absent: it says why (debugfs needs root).
    {.id = PanelId::emc,
     .name = "emc",
     .title = "EMC",
     .pages = kMemory,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 8, true, Side::right};
     },
     .absent = "no EMC",
     .draw = draw_emc},
    {.id = PanelId::memory_graph,
     .name = "memory_graph",
     .title = "RAM used",
     .pages = kMemory,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 30, true};
     },
     .draw = draw_memory_graph},
    {.id = PanelId::power_history,
     .name = "power_history",
     .title = "Power and heat history",
     .pages = kOverview,
     .from_cols = kStripCols,
     .from_rows = kStripRows,
     .size = [](const SizeInput& in) -> PanelSize {
         int series =
             (in.model.count("rails") > 0 ? 1 : 0) + (in.model.count("thermal") > 0 ? 1 : 0);
         return {1 + series, 1 + kStripGraphRows * series, true, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("rails") > 0 || m.count("thermal") > 0; },
     .absent = "no power rails",  // and the thermal summary says "no thermal zones"
     .draw = draw_power_history},
    {.id = PanelId::top_processes,
     .name = "top_procs",
     .title = "Top processes",
     .item_kind = "processes",
     .item_count = [](const LayoutModel& m) { return m.processes; },
     .pages = kOverview,
     .size = [](const SizeInput& in) -> PanelSize {
         return {3, 2 + in.model.processes, true, Side::below};
     },
     .present = [](const LayoutModel& m) { return m.procs; },
     .absent = "process table n/a (live root only)",
     .draw = draw_top_processes},
    {.id = PanelId::cpu_cores,
     .name = "cpu_cores",
     .title = "Cores",
     .item_kind = "cores",
     .item_count = [](const LayoutModel& m) { return m.cores; },
     .pages = kCpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + ceil_div(in.model.cores, core_columns(in.left_w, in.model.cores))};
     },
     .draw = draw_cpu_cores},
    {.id = PanelId::cpu_split,
     .name = "cpu_split",
     .title = "CPU time",
     .pages = kCpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {3, 5 + std::min(in.model.cores, 4), false, Side::right};
     },
     .draw = draw_cpu_split},
    {.id = PanelId::cpu_util_graph,
     .name = "cpu_util_graph",
     .title = "CPU utilisation",
     .pages = kCpu,
     .from_cols = kWideCols,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 8, true, Side::right};
     },
     .draw = draw_cpu_util_graph},
    {.id = PanelId::ctxt_graph,
     .name = "ctxt_graph",
     .title = "Context switches",
     .pages = kCpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {3, in.wide ? 12 : 7, in.wide, Side::right, kGraphMaxRows};
     },
     .draw = draw_ctxt_graph},
    {.id = PanelId::cpu_history,
     .name = "cpu_history",
     .title = "Core history",
     .item_kind = "cores",
     .item_count = [](const LayoutModel& m) { return m.cores; },
     .pages = kCpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.cores, true};
     },
     .draw = draw_cpu_history},
    {.id = PanelId::gpu_info,
     .name = "gpu_info",
     .title = "GPU",
     .item_kind = "GPUs",
     .item_count = [](const LayoutModel& m) { return m.count("gpu"); },
     .pages = kGpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + 4 * std::max(1, in.model.count("gpu")), false, Side::right};
     },
     .draw = draw_gpu_info},
    {.id = PanelId::engines,
     .name = "engines",
     .title = "Engines",
     .item_kind = "engines",
     .item_count = [](const LayoutModel& m) { return m.count("engines"); },
     .pages = kGpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2,
                 1 + cell_rows(in.right_w, engine_cell_width(in.model), in.model.count("engines")),
                 false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("engines") > 0; },
     .absent = "no engines",
     .draw = draw_engines},
    {.id = PanelId::emc_graph,
     .name = "emc_graph",
     .title = "EMC load",
     .pages = kGpu,
     .from_cols = kWideCols,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 6, true, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.emc; },
     .absent = "no EMC",
     .draw = draw_emc_graph},
    {.id = PanelId::gpu_load_graph,
     .name = "gpu_load",
     .title = "GPU load",
     .pages = kGpu,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 7, true};
     },
     .present = [](const LayoutModel& m) { return m.count("gpu") > 0; },
     .absent = "no GPU",
     .draw = draw_gpu_load_graph},
    {.id = PanelId::gpu_freq_graph,
     .name = "gpu_freq",
     .title = "GPU frequency",
     .pages = kGpu,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 6, true};
     },
     .present = [](const LayoutModel& m) { return m.count("gpu") > 0; },
     .absent = "no GPU",
     .draw = draw_gpu_freq_graph},
    {.id = PanelId::gpu_processes,
     .name = "gpu_processes",
     .title = "GPU processes",
     .pages = kGpu,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 2 + in.model.processes, true, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.procs; },
     .absent = "process table n/a (live root only)",
     .draw = draw_gpu_processes},
    {.id = PanelId::rails,
     .name = "rails",
     .title = "Rails",
     .item_kind = "rails",
     .item_count = [](const LayoutModel& m) { return m.count("rails"); },
     .pages = kPower,
     .size = [](const SizeInput& in) -> PanelSize {
         return {3, 3 + std::max(1, in.model.count("rails"))};
     },
     .absent = "no power rails",
     .draw = draw_rails},
    {.id = PanelId::oc_events,
     .name = "oc_events",
     .title = "Over-current",
     .item_kind = "counters",
     .item_count = [](const LayoutModel& m) { return m.count("oc_events"); },
     .pages = kPower,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.count("oc_events")};
     },
     .present = [](const LayoutModel& m) { return m.count("oc_events") > 0; },
     .absent = "no over-current counters",
     .draw = draw_oc_events},
    {.id = PanelId::zones,
     .name = "zones",
     .title = "Thermal zones",
     .item_kind = "zones",
     .item_count = [](const LayoutModel& m) { return m.count("thermal"); },
     .pages = kPower,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.count("thermal"), false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("thermal") > 0; },
     .absent = "no thermal zones",
     .draw = draw_zones},
    {.id = PanelId::power_graph,
     .name = "power_graph",
     .title = "Total power",
     .pages = kPower,
     .size = [](const SizeInput& in) -> PanelSize {
         return {3, in.wide ? 30 : 8, true};
     },
     .present = [](const LayoutModel& m) { return m.count("rails") > 0; },
     .absent = "no power rails",
     .draw = draw_power_graph},
    {.id = PanelId::fans,
     .name = "fans",
     .title = "Fans",
     .item_kind = "fans",
     .item_count = [](const LayoutModel& m) { return m.count("fans"); },
     .pages = kPower,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.count("fans"), false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("fans") > 0; },
     .absent = "no fan",
     .draw = draw_fans},
    {.id = PanelId::cooling,
     .name = "cooling",
     .title = "Cooling devices",
     .item_kind = "cooling devices",
     .item_count = [](const LayoutModel& m) { return m.count("cooling"); },
     .pages = kPower,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, 1 + in.model.count("cooling"), false, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("cooling") > 0; },
     .absent = "no cooling device",
     .draw = draw_cooling},
    {.id = PanelId::temp_graph,
     .name = "temp_graph",
     .title = "Hottest zone",
     .pages = kPower,
     .from_cols = kWideCols,
     .size = [](const SizeInput&) -> PanelSize {
         return {3, 6, true, Side::right};
     },
     .present = [](const LayoutModel& m) { return m.count("thermal") > 0; },
     .absent = "no thermal zones",
     .draw = draw_temp_graph},
    {.id = PanelId::groups,
     .name = "groups",
     .title = "Containers and services",
     .item_kind = "groups",
     .item_count = [](const LayoutModel& m) { return m.count("groups"); },
     .pages = kProcesses,
     .size = [](const SizeInput& in) -> PanelSize {
         return {3, groups_panel_rows(in.model.count("groups"))};
     },
     .present = [](const LayoutModel& m) { return m.count("groups") > 0; },
     .absent = "no control groups",
     .draw = draw_groups},
    {.id = PanelId::process_table,
     .name = "process_table",
     .title = "Processes",
     .item_kind = "processes",
     .item_count = [](const LayoutModel& m) { return m.processes; },
     .pages = kProcesses,
     .size = [](const SizeInput&) -> PanelSize {
         return {2, 1000, true};
     },
     .draw = draw_process_table},
    {.id = PanelId::flag_list,
     .name = "flag_list",
     .title = "Flags",
     .item_kind = "flags",
     .item_count = [](const LayoutModel& m) { return m.count("flags"); },
     .pages = kAnalysis,
     .size = [](const SizeInput& in) -> PanelSize {
         // A flag's message and evidence may take more: it shares the rows left with the timeline.
         if (in.model.count("flags") == 0) return {2, 2};
         return {2, 1 + (in.wide ? kWideFlagRows : kFlagRows) * in.model.count("flags"), true};
     },
     .draw = draw_flag_list},
    {.id = PanelId::pressure,
     .name = "pressure",
     .title = "Pressure stalls",
     .pages = kAnalysis,
     .size = [](const SizeInput&) -> PanelSize {
         return {2, 4};
     },
     .present = [](const LayoutModel& m) { return m.psi; },
     .absent = "no PSI (/proc/pressure)",
     .draw = draw_pressure},
    {.id = PanelId::flag_timeline,
     .name = "flag_timeline",
     .title = "Timeline",
     .pages = kAnalysis,
     // The chart of the rules and a few events; more where the flags leave rows.
     .size = [](const SizeInput&) -> PanelSize {
         return {2, flag_gantt_rows() + 4, true};
     },
     .draw = draw_flag_timeline},
    {.id = PanelId::info,
     .name = "info",
     .title = "Info",
     .pages = kInfo,
     .size = [](const SizeInput& in) -> PanelSize {
         return {2, in.wide ? 11 : 18};
     },
     .draw = draw_info},
    {.id = PanelId::sources,
     .name = "sources",
     .title = "Sources",
     .pages = kInfo,
     .size = [](const SizeInput&) -> PanelSize {
         return {2, 1000, true, Side::below};
     },
     .draw = draw_sources},
    {.id = PanelId::absent_sources, .name = "absent_sources", .title = "n/a"},
    {.id = PanelId::more_panels, .name = "more_panels", .title = "more"},
});

constexpr bool in_id_order() {
    for (size_t i = 0; i < kPanels.size(); ++i)
        if (kPanels[i].id != static_cast<PanelId>(i)) return false;
    return kPanels.back().id == PanelId::more_panels;
}
static_assert(in_id_order(), "one entry per PanelId, in the enum's order");

}  // namespace

std::span<const PanelInfo> panel_table() {
    return kPanels;
}

const PanelInfo& panel_info(PanelId id) {
    return kPanels[static_cast<size_t>(id)];
}

}  // namespace edgetop::tui
