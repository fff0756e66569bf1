#include "tui/layout.hpp"

#include <algorithm>
#include <array>
#include <numeric>

namespace edgetop::tui {
namespace {

constexpr int kWide = 110;  // from here pages use two columns
constexpr int kCoreCellMin = 34;
constexpr int kCompactCoreCellMin = 18;
constexpr int kMaxCompactColumns = 4;
// Narrowest cells of the grids the panels draw (page_overview.cpp, page_gpu.cpp); wider where
// a name needs it: the name, a space, the value ("12.3 W", "100.0 °C", " 12%  1.11 GHz") and
// the blank column between cells.
constexpr int kRailCell = 26;
constexpr int kZoneCell = 25;
constexpr int kEngineCell = 30;
constexpr int kRailValue = 10, kZoneValue = 11, kEngineValue = 16;

int ceil_div(int a, int b) {
    return b <= 0 ? 0 : (a + b - 1) / b;
}

int cell_rows(int width, int cell_w, int items) {
    return ceil_div(items, std::max(1, width / cell_w));
}

int core_rows(int width, int cores) {
    return ceil_div(cores, core_columns(width, cores));
}

int compact_core_rows(int width, int cores) {
    return ceil_div(cores, compact_core_columns(width, cores));
}

// The width of the left column of a wide page, in per cent of the body.
int left_share(Page page) {
    switch (page) {
        case Page::cpu:
            return 60;
        case Page::power:
            return 55;
        default:
            return 50;
    }
}

std::pair<Rect, Rect> split_columns(Rect area, int left_w) {
    left_w = std::clamp(left_w, 0, area.w);
    Rect left{area.y, area.x, area.h, left_w};
    // One blank column between the two halves.
    Rect right{area.y, area.x + left_w + 1, area.h, std::max(0, area.w - left_w - 1)};
    return {left, right};
}

bool is_wide(int width) {
    return width >= kWide;
}

int column_width(Page page, int width, Side side) {
    if (!is_wide(width) || side == Side::below) return width;
    int left = width * left_share(page) / 100;
    return side == Side::left ? left : std::max(0, width - left - 1);
}

std::vector<PanelSpec> overview(int width, const LayoutModel& m) {
    bool wide = is_wide(width);
    int left_w = column_width(Page::overview, width, Side::left);
    int right_w = column_width(Page::overview, width, Side::right);
    int zone_rows = cell_rows(right_w, zone_cell_width(m), m.zones);
    // On one column the zones leave rows to the processes below them.
    if (!wide && m.procs) zone_rows = std::min(zone_rows, 3);
    return {
        {PanelId::cpu_bars, 2, 1 + compact_core_rows(left_w, m.cores)},
        {PanelId::gpu_summary, 2, 1 + std::max(1, m.gpus) + (m.emc ? 1 : 0) + (m.engines ? 1 : 0),
         false, Side::left, m.gpus > 0 || m.emc || m.engines > 0},
        {PanelId::memory_summary, 2, 3 + (m.swap ? 1 : 0), wide},
        {PanelId::power_summary, 2, 1 + cell_rows(right_w, rail_cell_width(m), m.rails), false,
         Side::right, m.rails > 0},
        {PanelId::thermal_summary, 2, 1 + zone_rows, false, Side::right, m.zones > 0},
        {PanelId::flags_summary, 2, 1 + m.flags, wide, Side::right, m.flags > 0},
        {PanelId::fans_summary, 2, 1 + m.fans, false, Side::right, m.fans > 0},
        {PanelId::io, 2, 1 + cell_rows(right_w, kIoCellWidth, m.disks + m.nets), false, Side::right,
         m.disks + m.nets > 0},
        {PanelId::top_processes, 3, 2 + m.processes, true, Side::below, m.procs},
    };
}

std::vector<PanelSpec> cpu(int width, const LayoutModel& m) {
    bool wide = is_wide(width);
    int left_w = column_width(Page::cpu, width, Side::left);
    return {
        {PanelId::cpu_cores, 2, 1 + core_rows(left_w, m.cores)},
        {PanelId::cpu_split, 3, 5 + std::min(m.cores, 4), false, Side::right},
        {PanelId::ctxt_graph, 3, wide ? 12 : 7, wide, Side::right},
        {PanelId::cpu_history, 2, 1 + m.cores, true},
    };
}

std::vector<PanelSpec> gpu(int width, const LayoutModel& m) {
    int right_w = column_width(Page::gpu, width, Side::right);
    return {
        {PanelId::gpu_info, 2, 1 + 4 * std::max(1, m.gpus), false, Side::right},
        {PanelId::engines, 2, 1 + cell_rows(right_w, engine_cell_width(m), m.engines), false,
         Side::right, m.engines > 0},
        {PanelId::gpu_load_graph, 3, 7, true, Side::left, m.gpus > 0},
        {PanelId::gpu_freq_graph, 3, 6, true, Side::left, m.gpus > 0},
        {PanelId::gpu_processes, 2, 2 + m.processes, true, Side::right, m.procs},
    };
}

std::vector<PanelSpec> power(int width, const LayoutModel& m) {
    bool wide = is_wide(width);
    return {
        {PanelId::rails, 3, 3 + std::max(1, m.rails)},
        {PanelId::oc_events, 2, 1 + m.oc_events, false, Side::left, m.oc_events > 0},
        {PanelId::zones, 2, 1 + m.zones, wide, Side::right, m.zones > 0},
        {PanelId::power_graph, 3, wide ? 30 : 8, true, Side::left, m.rails > 0},
        {PanelId::fans, 2, 1 + m.fans, false, Side::right, m.fans > 0},
        {PanelId::cooling, 2, 1 + m.cooling, false, Side::right, m.cooling > 0},
    };
}

// The EMC panel stays where its source is absent: it says why (debugfs needs root).
std::vector<PanelSpec> memory(int width, const LayoutModel& m) {
    int right_w = column_width(Page::memory, width, Side::right);
    return {
        {PanelId::memory_breakdown, 3, 9},
        {PanelId::io, 2, 1 + cell_rows(right_w, kIoCellWidth, m.disks + m.nets), false, Side::right,
         m.disks + m.nets > 0},
        {PanelId::emc, 3, 8, true, Side::right},
        {PanelId::memory_graph, 3, 30, true},
    };
}

// Stacks panels top to bottom in `area`. Every panel gets one row first, then its minimum while
// space remains (in order), then up to what it wants (in order), then the growing panels share
// the rest. A panel left below its minimum is folded to one row. Where not even one row each
// is left, the last row lists the panels that got none.
void stack(Rect area, const std::vector<PanelSpec>& specs, std::vector<Panel>& out) {
    int n = static_cast<int>(specs.size());
    if (n == 0 || area.empty()) return;
    if (area.h < n) {
        int y = area.y;
        for (int i = 0; i + 1 < area.h; ++i, ++y)
            out.push_back(
                {specs[static_cast<size_t>(i)].id, {y, area.x, 1, area.w}, PanelState::folded});
        Panel more{PanelId::more_panels, {y, area.x, 1, area.w}};
        for (int i = area.h - 1; i < n; ++i)
            more.listed.push_back(specs[static_cast<size_t>(i)].id);
        out.push_back(more);
        return;
    }
    std::vector<int> heights(specs.size(), 1);
    int left = area.h - n;
    for (size_t i = 0; i < specs.size(); ++i) {
        int extra = std::max(1, specs[i].min_h) - 1;
        if (extra <= left) heights[i] += extra, left -= extra;
    }
    auto shown = [&](size_t i) { return heights[i] >= specs[i].min_h; };
    for (size_t i = 0; i < specs.size() && left > 0; ++i) {
        if (!shown(i)) continue;
        int extra = std::min(left, std::max(0, specs[i].want_h - heights[i]));
        heights[i] += extra, left -= extra;
    }
    int growing = 0;
    for (size_t i = 0; i < specs.size(); ++i)
        growing += specs[i].grow && shown(i) ? 1 : 0;
    for (size_t i = 0, share = 0; i < specs.size() && growing > 0; ++i) {
        if (!specs[i].grow || !shown(i)) continue;
        int extra = left / growing + (static_cast<int>(share) < left % growing ? 1 : 0);
        heights[i] += extra, ++share;
    }
    int y = area.y;
    for (size_t i = 0; i < specs.size(); ++i) {
        out.push_back({specs[i].id,
                       {y, area.x, heights[i], area.w},
                       shown(i) ? PanelState::shown : PanelState::folded});
        y += heights[i];
    }
}

int wanted(const std::vector<PanelSpec>& specs) {
    return std::accumulate(specs.begin(), specs.end(), 0,
                           [](int sum, const PanelSpec& s) { return sum + s.want_h; });
}

void arrange(Page page, Rect body, const std::vector<PanelSpec>& specs, std::vector<Panel>& out) {
    if (!is_wide(body.w)) {
        stack(body, specs, out);
        return;
    }
    std::vector<PanelSpec> left, right, below;
    for (const auto& s : specs)
        (s.side == Side::left ? left : s.side == Side::right ? right : below).push_back(s);
    Rect top = body;
    if (!below.empty()) {
        int below_rows = static_cast<int>(below.size());
        int top_h = std::min(body.h * 2 / 3, std::max(wanted(left), wanted(right)));
        top_h = std::clamp(top_h, 0, std::max(0, body.h - below_rows));
        top.h = top_h;
        stack({body.y + top_h, body.x, body.h - top_h, body.w}, below, out);
    }
    int left_w = body.w * left_share(page) / 100;
    if (left.empty()) left_w = 0;
    if (right.empty()) left_w = body.w;
    auto [left_area, right_area] = split_columns(top, left_w);
    if (right.empty()) left_area = top;
    if (left.empty()) right_area = top;
    stack(left_area, left, out);
    stack(right_area, right, out);
}

}  // namespace

bool overlaps(const Rect& a, const Rect& b) {
    if (a.empty() || b.empty()) return false;
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

std::string_view panel_name(PanelId id) {
    constexpr std::array kNames = {
        "header",         "tabs",        "footer",        "cpu_bars",     "gpu_summary",
        "memory",         "power",       "thermal",       "fans_summary", "flags_summary",
        "top_procs",      "cpu_cores",   "cpu_split",     "cpu_history",  "ctxt_graph",
        "gpu_load",       "gpu_freq",    "gpu_info",      "engines",      "gpu_processes",
        "rails",          "power_graph", "zones",         "fans",         "memory_breakdown",
        "memory_graph",   "emc",         "process_table", "flag_list",    "flag_timeline",
        "info",           "pressure",    "cooling",       "io",           "oc_events",
        "absent_sources", "more_panels"};
    return kNames[static_cast<size_t>(id)];
}

std::string_view panel_title(PanelId id) {
    constexpr std::array kTitles = {"Header",
                                    "Tabs",
                                    "Footer",
                                    "CPU",
                                    "GPU / EMC",
                                    "Memory",
                                    "Power",
                                    "Hottest",
                                    "Fans",
                                    "Flags",
                                    "Top processes",
                                    "Cores",
                                    "CPU time",
                                    "Core history",
                                    "Context switches",
                                    "GPU load",
                                    "GPU frequency",
                                    "GPU",
                                    "Engines",
                                    "GPU processes",
                                    "Rails",
                                    "Total power",
                                    "Thermal zones",
                                    "Fans",
                                    "Memory",
                                    "RAM used",
                                    "EMC",
                                    "Processes",
                                    "Flags",
                                    "Timeline",
                                    "Info",
                                    "Pressure stalls",
                                    "Cooling devices",
                                    "Disks / network",
                                    "Over-current",
                                    "n/a",
                                    "more"};
    return kTitles[static_cast<size_t>(id)];
}

PanelItems panel_items(PanelId id, const LayoutModel& m) {
    switch (id) {
        case PanelId::cpu_bars:
        case PanelId::cpu_cores:
        case PanelId::cpu_history:
            return {"cores", m.cores};
        case PanelId::power_summary:
        case PanelId::rails:
            return {"rails", m.rails};
        case PanelId::thermal_summary:
        case PanelId::zones:
            return {"zones", m.zones};
        case PanelId::engines:
            return {"engines", m.engines};
        case PanelId::fans_summary:
        case PanelId::fans:
            return {"fans", m.fans};
        case PanelId::flags_summary:
        case PanelId::flag_list:
            return {"flags", m.flags};
        case PanelId::gpu_info:
            return {"GPUs", m.gpus};
        case PanelId::top_processes:
        case PanelId::process_table:
            return {"processes", m.processes};
        case PanelId::cooling:
            return {"cooling devices", m.cooling};
        case PanelId::io:
            return {"disks and interfaces", m.disks + m.nets};
        case PanelId::oc_events:
            return {"counters", m.oc_events};
        default:
            return {};
    }
}

std::vector<PanelSpec> page_panels(Page page, int width, const LayoutModel& model) {
    switch (page) {
        case Page::overview:
            return overview(width, model);
        case Page::cpu:
            return cpu(width, model);
        case Page::gpu:
            return gpu(width, model);
        case Page::power:
            return power(width, model);
        case Page::memory:
            return memory(width, model);
        case Page::processes:
            return {{PanelId::process_table, 2, 1000, true}};
        case Page::analysis:
            return {{PanelId::flag_list, 2, 1 + 14 * std::max(1, model.flags)},
                    {PanelId::pressure, 2, 4, false, Side::left, model.psi},
                    {PanelId::flag_timeline, 2, 1000, true}};
        case Page::info:
            return {{PanelId::info, 2, 1000, true}};
    }
    return {};
}

int rail_cell_width(const LayoutModel& m) {
    return std::max(kRailCell, m.rail_name + kRailValue);
}

int zone_cell_width(const LayoutModel& m) {
    return std::max(kZoneCell, m.zone_name + kZoneValue);
}

int engine_cell_width(const LayoutModel& m) {
    return std::max(kEngineCell, m.engine_name + kEngineValue);
}

int core_columns(int width, int cores) {
    if (cores <= 1) return 1;
    int fit = std::max(1, width / kCoreCellMin);
    // Prefer one column while the cores fit in a few rows.
    if (cores <= 4) fit = std::min(fit, 1);
    return std::clamp(fit, 1, cores);
}

int compact_core_columns(int width, int cores) {
    int fit = std::clamp(width / kCompactCoreCellMin, 1, kMaxCompactColumns);
    return std::clamp(fit, 1, std::max(1, cores));
}

std::vector<Panel> layout_page(Page page, int rows, int cols, const LayoutModel& model) {
    std::vector<Panel> out;
    if (rows <= 0 || cols <= 0) return out;
    out.push_back({PanelId::header, {0, 0, 1, cols}});
    int top = 1;
    if (rows >= 10) out.push_back({PanelId::tabs, {1, 0, 1, cols}}), top = 2;
    int bottom = rows;
    if (rows >= 4) out.push_back({PanelId::footer, {rows - 1, 0, 1, cols}}), bottom = rows - 1;
    Rect body{top, 0, bottom - top, cols};
    if (body.empty()) return out;
    std::vector<PanelSpec> present;
    Panel absent{PanelId::absent_sources, {}};
    for (const auto& spec : page_panels(page, cols, model))
        if (spec.present)
            present.push_back(spec);
        else
            absent.listed.push_back(spec.id);
    if (!absent.listed.empty() && (body.h >= 2 || present.empty())) {
        absent.rect = {body.bottom() - 1, 0, 1, cols};
        out.push_back(absent);
        body.h -= 1;
    }
    arrange(page, body, present, out);
    return out;
}

Rect overlay_rect(int rows, int cols, int want_rows, int want_cols) {
    int h = std::clamp(want_rows, 0, std::max(0, rows));
    int w = std::clamp(want_cols, 0, std::max(0, cols));
    return {(rows - h) / 2, (cols - w) / 2, h, w};
}

}  // namespace edgetop::tui
