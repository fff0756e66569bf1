// One session read for the HTML report, in one streaming pass: the report the text output
// prints, and the plots over time.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "analysis/rules_config.hpp"
#include "report/html/session_plots.hpp"
#include "report/report_builder.hpp"
#include "report/report_types.hpp"

namespace edgetop::html {

struct HtmlSession {
    analysis::SessionReport report;
    SessionPlots plots;
};

// Feeds plots from the pass that builds a report (it must outlive the pass).
analysis::SessionWatch plot_watch(SessionPlots& plots);

// One session: one file, or the files of a rotated set in part order. Throws SessionError (one
// line naming the file) when a file is not a session; each warning goes to on_problem as it is
// found.
HtmlSession read_html_session(const std::vector<std::string>& paths,
                              const analysis::RuleConfig& rules,
                              const std::function<void(const std::string&)>& on_problem);

}  // namespace edgetop::html
