#include "tui/layout.hpp"

#include "tui/panel_table.hpp"

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
        int extra = std::max(1, specs[i].size.min_h) - 1;
        if (extra <= left) heights[i] += extra, left -= extra;
    }
    auto shown = [&](size_t i) { return heights[i] >= specs[i].size.min_h; };
    for (size_t i = 0; i < specs.size() && left > 0; ++i) {
        if (!shown(i)) continue;
        int extra = std::min(left, std::max(0, specs[i].size.want_h - heights[i]));
        heights[i] += extra, left -= extra;
    }
    // The growing panels share the rest, each up to its max_h; what a full one cannot take goes
    // to the others.
    auto can_grow = [&](size_t i) {
        const PanelSize& size = specs[i].size;
        return size.grow && shown(i) && (size.max_h <= 0 || heights[i] < size.max_h);
    };
    while (left > 0) {
        int growing = 0;
        for (size_t i = 0; i < specs.size(); ++i)
            growing += can_grow(i) ? 1 : 0;
        if (growing == 0) break;
        int given = 0, room = left;
        for (size_t i = 0, share = 0; i < specs.size(); ++i) {
            if (!can_grow(i)) continue;
            int extra = room / growing + (static_cast<int>(share) < room % growing ? 1 : 0);
            if (specs[i].size.max_h > 0) extra = std::min(extra, specs[i].size.max_h - heights[i]);
            heights[i] += extra, given += extra, ++share;
        }
        left -= given;
        if (given == 0) break;
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
                           [](int sum, const PanelSpec& s) { return sum + s.size.want_h; });
}

void arrange(Page page, Rect body, const std::vector<PanelSpec>& specs, std::vector<Panel>& out) {
    if (!is_wide(body.w)) {
        stack(body, specs, out);
        return;
    }
    std::vector<PanelSpec> left, right, below;
    for (const auto& s : specs)
        (s.size.side == Side::left    ? left
         : s.size.side == Side::right ? right
                                      : below)
            .push_back(s);
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
    return panel_info(id).name;
}

std::string_view panel_title(PanelId id) {
    return panel_info(id).title;
}

PanelItems panel_items(PanelId id, const LayoutModel& m) {
    const PanelInfo& info = panel_info(id);
    if (!info.item_count) return {};
    return {info.item_kind, info.item_count(m)};
}

std::vector<PanelSpec> page_panels(Page page, int rows, int cols, const LayoutModel& model) {
    int width = cols;
    SizeInput in{.width = width,
                 .wide = is_wide(width),
                 .left_w = column_width(page, width, Side::left),
                 .right_w = column_width(page, width, Side::right),
                 .model = model};
    std::vector<PanelSpec> out;
    for (const PanelInfo& info : panel_table())
        if ((info.pages & on(page)) && cols >= info.from_cols && rows >= info.from_rows)
            out.push_back({info.id, info.size(in), !info.present || info.present(model)});
    return out;
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
    for (const auto& spec : page_panels(page, rows, cols, model))
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
