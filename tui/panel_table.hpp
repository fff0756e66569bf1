// Every panel of the view in one table: what it is called, what it counts, how many rows it
// wants, where it goes, whether its source is there, which pages show it and how it is drawn.
// A new panel is its draw function (declared in tui/pages.hpp) and one entry here; PanelId
// names the entries and a static_assert in panel_table.cpp keeps the two in the same order.
#pragma once

#include <span>
#include <string_view>

#include "tui/frame.hpp"
#include "tui/layout.hpp"

namespace edgetop::tui {

// What a panel's size depends on: the body's width and the model, and the widths of the two
// columns of the page it is on (equal to the body's width on a narrow screen).
struct SizeInput {
    int width = 0;
    bool wide = false;
    int left_w = 0, right_w = 0;
    const LayoutModel& model;
};

using PanelDraw = void (*)(const Canvas&, const FrameContext&);

// One bit per page (1 << Page).
using PageSet = unsigned;
constexpr PageSet on(Page page) {
    return 1u << static_cast<unsigned>(page);
}

struct PanelInfo {
    PanelId id;
    std::string_view name;   // a stable identifier ("zones")
    std::string_view title;  // what the panel shows, for the one-line forms ("Thermal zones")
    // A list panel: what it counts ("zones") and how many there are.
    std::string_view item_kind = {};
    int (*item_count)(const LayoutModel&) = nullptr;
    // The pages it is on (none: the frame's own rows), in the table's order, on terminals of at
    // least from_cols x from_rows (a history strip only where there is room for it).
    PageSet pages = 0;
    int from_cols = 0, from_rows = 0;
    PanelSize (*size)(const SizeInput&) = nullptr;
    // Whether its source is there; an absent panel joins the "n/a:" line with `absent`.
    bool (*present)(const LayoutModel&) = nullptr;  // nullptr: always
    std::string_view absent = {};
    std::string_view absent_without_rules = {};  // instead of `absent` when no rule runs
    PanelDraw draw = nullptr;
};

std::span<const PanelInfo> panel_table();
const PanelInfo& panel_info(PanelId id);

}  // namespace edgetop::tui
