// Reads one session into a report, streaming: one line in memory at a time. A session is one file,
// or the files of a rotated set in part order (group_session_files), read as one.
#pragma once

#include <functional>
#include <string>
#include <vector>

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

// The files of one rotated set, in part order, as one session: the report of the first file's
// name with the samples, events and problems of all (throws SessionError as above).
analysis::SessionReport report_session_files(
    const std::vector<std::string>& paths, const analysis::RuleConfig& rules,
    const std::function<void(const std::string&)>& on_problem,
    const analysis::SessionWatch& watch = {});

}  // namespace edgetop
