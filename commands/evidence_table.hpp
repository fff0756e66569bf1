// A rule's evidence object (JSON, keys ending with their unit) as the Analysis page shows it:
// named values with units, and arrays of objects as tables.
#pragma once

#include <nlohmann/json.hpp>

#include "tui/flag_evidence.hpp"

namespace edgetop {

// {"busy_count":3,"busy_processes":[{"pid":..,"cpu_pct":..},..],"ctxt_per_s":1200.5} becomes the
// values "busy count 3", "ctxt 1200.5/s" and the table "busy processes" with the columns
// "PID name CPU %". Keys keep the evidence's order; a table's naming columns come first.
tui::FlagEvidence evidence_table(const nlohmann::json& evidence);

}  // namespace edgetop
