// Reads one session file into a report, streaming: one line in memory at a time.
#pragma once

#include <functional>
#include <string>

#include "analysis/rules_config.hpp"
#include "report/report_builder.hpp"
#include "report/report_types.hpp"

namespace edgetop {

// Throws SessionError (one line naming the file) when path is not a session. Each skipped line or
// warning goes to on_problem as it is found (and into the report's problems).
analysis::SessionReport report_session_file(
    const std::string& path, const analysis::RuleConfig& rules,
    const std::function<void(const std::string&)>& on_problem,
    const analysis::SessionWatch& watch = {});

}  // namespace edgetop
