// A report as JSON: {"sessions":[{...}, ...]}, one object per file in the order given.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "report/report_types.hpp"

namespace edgetop {

nlohmann::ordered_json report_to_json(const analysis::SessionReport& report);
nlohmann::ordered_json reports_to_json(const std::vector<analysis::SessionReport>& reports);

}  // namespace edgetop
