// The fleet as text for a terminal or a log (fleet --once) and as JSON Lines for programs
// (fleet --json): one row per board, in the order given, after a line of fleet totals.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fleet/fleet_row.hpp"

namespace edgetop::fleet {

// "4 boards: 2 up, 1 stale, 1 down; 23.4 W; flags: thermal_throttle 1, gpu_saturated 2"
std::string totals_line(const std::vector<FleetRow>& rows);

// The table: a header line, then each board's values with their units ("n/a" where absent);
// a board that is down shows why in place of its values.
std::string fleet_table(const std::vector<FleetRow>& rows, bool ascii = false);

// One object per board, keys with their units (power_mw, temp_c), null where absent.
nlohmann::ordered_json row_json(const FleetRow& row);

}  // namespace edgetop::fleet
