// The fleet page: fleet totals, one line per board (sorted, filtered, grouped by a label with a
// subtotal per group), the selected board highlighted, and a line of keys. Drawing only: the
// rows come from a FleetPoller, the state from the keys (fleet_view.cpp).
#pragma once

#include <string>
#include <vector>

#include "fleet/fleet_poller.hpp"
#include "tui/canvas.hpp"

namespace edgetop::fleet {

enum class SortKey { given, name, state, cpu, gpu, emc, power, hottest, headroom, mem, flags };
inline constexpr int kSortKeys = 11;
std::string_view sort_title(SortKey key);

struct FleetPageState {
    SortKey sort = SortKey::given;
    bool reversed = false;
    std::string filter;           // a substring of a name, a label KEY=VALUE, a flag, a state
    bool editing_filter = false;  // '/' typed: keys go into the filter
    std::string group_by;         // a label key; "" for none
    int selected = 0;             // among the boards shown
    int scroll = 0;               // the first line of the table shown
    std::string message;          // one line above the keys, for a moment
};

// A line of the table: a board, or a group's title with its subtotals.
struct ShownLine {
    const FleetRow* row = nullptr;
    std::string group;                  // the group's value ("" for boards without the label)
    std::vector<const FleetRow*> rows;  // a group line: its boards
};

// The lines to show for these rows: filtered, then sorted (most loaded first for a value, the
// given order among equals), then grouped.
std::vector<ShownLine> shown_lines(const std::vector<FleetRow>& rows, const FleetPageState& state);

// The label keys of the boards, in the order first seen: what 'g' cycles through.
std::vector<std::string> label_keys(const std::vector<FleetRow>& rows);

void draw_fleet_page(const tui::Canvas& canvas, const FleetSnapshot& snapshot,
                     const std::vector<ShownLine>& lines, const FleetPageState& state,
                     double interval_s);

}  // namespace edgetop::fleet
