// The fleet as text for a terminal or a log (fleet --once) and as JSON Lines for programs
// (fleet --json): one row per board, in the order given, after a line of fleet totals.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fleet/fleet_row.hpp"

namespace edgetop::fleet {

// The fleet counted: boards by state, the power of those not down, boards by their worst flag.
struct FleetTotals {
    int states[3] = {0, 0, 0};  // by HostState
    std::optional<double> power_mw;
    std::map<std::string, int> worst_flags;
};
FleetTotals count_totals(const std::vector<FleetRow>& rows);

// "4 boards: 2 up, 1 stale, 1 down; 23.4 W in all; worst flags: gpu_saturated 2, ..."
std::string totals_line(const std::vector<FleetRow>& rows);

// "2 thermal_throttle, newest gpu_saturated" (ids through terminal_safe: they come from the
// board), "0" without a flag.
std::string flags_text(const FleetRow& row);

// The table: a header line, then each board's values with their units ("n/a" where absent);
// a board that is down shows why in place of its values.
std::string fleet_table(const std::vector<FleetRow>& rows, bool ascii = false);

// One object per board, keys with their units (power_mw, temp_c), null where absent.
nlohmann::ordered_json row_json(const FleetRow& row);
// row_json as one line of text. A byte that is not UTF-8 (in a hosts file's name, an ssh error
// line, a label of an older serve's /metrics) is written as U+FFFD rather than ending the output.
std::string row_json_line(const FleetRow& row);

}  // namespace edgetop::fleet
