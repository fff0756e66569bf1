#include "tui/layout.hpp"

#include <algorithm>
#include <array>
#include <tuple>

namespace edgetop::tui {
namespace {

constexpr int kWide = 110;  // from here pages use two columns
constexpr int kCoreCellMin = 34;

struct Want {
    PanelId id;
    int min_h;   // below this the panel is left out
    int want_h;  // what it needs to show everything
    bool grow = false;
};

// Stacks panels top to bottom in `area`: every panel gets its minimum while space remains (in
// order, skipping those that no longer fit), then the rest goes to panels up to what they want,
// then to the growing panel.
void stack(Rect area, const std::vector<Want>& wants, std::vector<Panel>& out) {
    if (area.empty()) return;
    std::vector<int> heights(wants.size(), 0);
    int left = area.h;
    for (size_t i = 0; i < wants.size(); ++i) {
        int need = std::max(1, wants[i].min_h);
        if (need <= left) heights[i] = need, left -= need;
    }
    for (size_t i = 0; i < wants.size() && left > 0; ++i) {
        if (heights[i] == 0) continue;
        int extra = std::min(left, std::max(0, wants[i].want_h - heights[i]));
        heights[i] += extra, left -= extra;
    }
    for (size_t i = 0; i < wants.size() && left > 0; ++i)
        if (heights[i] > 0 && wants[i].grow) heights[i] += left, left = 0;
    int y = area.y;
    for (size_t i = 0; i < wants.size(); ++i) {
        if (heights[i] == 0) continue;
        out.push_back({wants[i].id, {y, area.x, heights[i], area.w}});
        y += heights[i];
    }
}

std::pair<Rect, Rect> split_columns(Rect area, int left_w) {
    left_w = std::clamp(left_w, 0, area.w);
    Rect left{area.y, area.x, area.h, left_w};
    // One blank column between the two halves.
    Rect right{area.y, area.x + left_w + 1, area.h, std::max(0, area.w - left_w - 1)};
    return {left, right};
}

std::pair<Rect, Rect> split_rows(Rect area, int top_h) {
    top_h = std::clamp(top_h, 0, area.h);
    return {Rect{area.y, area.x, top_h, area.w},
            Rect{area.y + top_h, area.x, area.h - top_h, area.w}};
}

int core_rows(int width, int cores) {
    int columns = core_columns(width, cores);
    return (cores + columns - 1) / columns;
}

void overview(Rect body, const LayoutModel& m, std::vector<Panel>& out) {
    int flags_h = 1 + std::max(1, m.flags);
    if (body.w >= kWide) {
        auto [left, right] = split_columns(body, body.w / 2);
        int cpu_h = 1 + core_rows(left.w, m.cores);
        int left_h = cpu_h + 4 + 4;
        int right_h = (1 + m.rails + 1) + (1 + std::min(m.zones, 4)) + (1 + m.fans) + flags_h;
        int top_h = std::min(body.h * 2 / 3, std::max(left_h, right_h));
        auto [top, bottom] = split_rows(body, top_h);
        std::tie(left, right) = split_columns(top, body.w / 2);
        stack(left,
              {{PanelId::cpu_bars, 2, cpu_h},
               {PanelId::gpu_summary, 2, 4},
               {PanelId::memory_summary, 2, 4, true}},
              out);
        stack(right,
              {{PanelId::power_summary, 2, 2 + m.rails},
               {PanelId::thermal_summary, 2, 1 + std::min(m.zones, 4)},
               {PanelId::fans_summary, 2, 1 + m.fans},
               {PanelId::flags_summary, 2, flags_h, true}},
              out);
        stack(bottom, {{PanelId::top_processes, 2, 200, true}}, out);
        return;
    }
    int cpu_h = 1 + core_rows(body.w, m.cores);
    stack(body,
          {{PanelId::cpu_bars, 2, cpu_h},
           {PanelId::gpu_summary, 2, 4},
           {PanelId::memory_summary, 2, 4},
           {PanelId::power_summary, 2, 2 + std::min(m.rails, 4)},
           {PanelId::thermal_summary, 2, 1 + std::min(m.zones, 3)},
           {PanelId::flags_summary, 2, flags_h},
           {PanelId::fans_summary, 2, 1 + m.fans},
           {PanelId::top_processes, 3, 200, true}},
          out);
}

void cpu(Rect body, const LayoutModel& m, std::vector<Panel>& out) {
    if (body.w >= kWide) {
        auto [left, right] = split_columns(body, body.w * 3 / 5);
        stack(left,
              {{PanelId::cpu_cores, 2, 1 + core_rows(left.w, m.cores)},
               {PanelId::cpu_history, 2, 1 + m.cores, true}},
              out);
        stack(
            right,
            {{PanelId::cpu_split, 3, 5 + std::min(m.cores, 4)}, {PanelId::ctxt_graph, 3, 12, true}},
            out);
        return;
    }
    stack(body,
          {{PanelId::cpu_cores, 2, 1 + core_rows(body.w, m.cores)},
           {PanelId::cpu_split, 3, 5 + std::min(m.cores, 4)},
           {PanelId::ctxt_graph, 3, 7},
           {PanelId::cpu_history, 2, 1 + m.cores, true}},
          out);
}

void gpu(Rect body, const LayoutModel& m, std::vector<Panel>& out) {
    int info_h = 1 + 4 * std::max(1, m.gpus);
    if (body.w >= kWide) {
        auto [left, right] = split_columns(body, body.w / 2);
        stack(left,
              {{PanelId::gpu_load_graph, 3, 10, true}, {PanelId::gpu_freq_graph, 3, 10, true}},
              out);
        stack(right,
              {{PanelId::gpu_info, 2, info_h},
               {PanelId::engines, 2, 1 + m.engines},
               {PanelId::gpu_processes, 2, 50, true}},
              out);
        return;
    }
    stack(body,
          {{PanelId::gpu_info, 2, info_h},
           {PanelId::gpu_load_graph, 3, 7},
           {PanelId::gpu_freq_graph, 3, 6},
           {PanelId::engines, 2, 1 + m.engines},
           {PanelId::gpu_processes, 2, 50, true}},
          out);
}

void power(Rect body, const LayoutModel& m, std::vector<Panel>& out) {
    int rails_h = 2 + std::max(1, m.rails);
    if (body.w >= kWide) {
        auto [left, right] = split_columns(body, body.w * 11 / 20);
        stack(left, {{PanelId::rails, 3, rails_h}, {PanelId::power_graph, 3, 30, true}}, out);
        stack(right,
              {{PanelId::zones, 2, 1 + m.zones, true},
               {PanelId::fans, 2, 1 + m.fans},
               {PanelId::cooling, 2, 1 + m.cooling}},
              out);
        return;
    }
    stack(body,
          {{PanelId::rails, 3, rails_h},
           {PanelId::zones, 2, 1 + m.zones},
           {PanelId::power_graph, 3, 8, true},
           {PanelId::fans, 2, 1 + m.fans},
           {PanelId::cooling, 2, 1 + m.cooling}},
          out);
}

void memory(Rect body, const LayoutModel&, std::vector<Panel>& out) {
    if (body.w >= kWide) {
        auto [left, right] = split_columns(body, body.w / 2);
        stack(left, {{PanelId::memory_breakdown, 3, 12}, {PanelId::memory_graph, 3, 30, true}},
              out);
        stack(right, {{PanelId::emc, 3, 30, true}}, out);
        return;
    }
    stack(body,
          {{PanelId::memory_breakdown, 3, 12},
           {PanelId::emc, 3, 8},
           {PanelId::memory_graph, 3, 30, true}},
          out);
}

}  // namespace

bool overlaps(const Rect& a, const Rect& b) {
    if (a.empty() || b.empty()) return false;
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

std::string_view panel_name(PanelId id) {
    constexpr std::array kNames = {
        "header",       "tabs",        "footer",        "cpu_bars",     "gpu_summary",
        "memory",       "power",       "thermal",       "fans_summary", "flags_summary",
        "top_procs",    "cpu_cores",   "cpu_split",     "cpu_history",  "ctxt_graph",
        "gpu_load",     "gpu_freq",    "gpu_info",      "engines",      "gpu_processes",
        "rails",        "power_graph", "zones",         "fans",         "memory_breakdown",
        "memory_graph", "emc",         "process_table", "flag_list",    "flag_timeline",
        "pressure",     "cooling"};
    return kNames[static_cast<size_t>(id)];
}

int core_columns(int width, int cores) {
    if (cores <= 1) return 1;
    int fit = std::max(1, width / kCoreCellMin);
    // Prefer one column while the cores fit in a few rows.
    if (cores <= 4) fit = std::min(fit, 1);
    return std::clamp(fit, 1, cores);
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
    switch (page) {
        case Page::overview:
            overview(body, model, out);
            break;
        case Page::cpu:
            cpu(body, model, out);
            break;
        case Page::gpu:
            gpu(body, model, out);
            break;
        case Page::power:
            power(body, model, out);
            break;
        case Page::memory:
            memory(body, model, out);
            break;
        case Page::processes:
            stack(body, {{PanelId::process_table, 2, 1000, true}}, out);
            break;
        case Page::analysis:
            stack(body,
                  {{PanelId::flag_list, 2, 1 + 3 * std::max(1, model.flags)},
                   {PanelId::pressure, 2, 4},
                   {PanelId::flag_timeline, 2, 1000, true}},
                  out);
            break;
    }
    return out;
}

Rect overlay_rect(int rows, int cols, int want_rows, int want_cols) {
    int h = std::clamp(want_rows, 0, std::max(0, rows));
    int w = std::clamp(want_cols, 0, std::max(0, cols));
    return {(rows - h) / 2, (cols - w) / 2, h, w};
}

}  // namespace edgetop::tui
