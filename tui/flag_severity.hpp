// How the view shows a flag by its rule's severity (analysis/rules_catalog.cpp): critical in the
// crit style with '!', warning in the warn style with '+', info dim and unmarked; the header
// badge counts warnings and critical flags only.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/rules_types.hpp"
#include "tui/levels.hpp"
#include "tui/palette.hpp"

namespace edgetop::tui {

// The catalog's severity of a flag id; a flag the catalog does not know (a session written by
// another version) is a warning, so that it is seen.
analysis::Severity flag_severity(std::string_view id);
Style severity_style(analysis::Severity severity);
// info -> good (no marker), warning -> warn ('+'), critical -> crit ('!').
Level severity_level(analysis::Severity severity);
// "thermal_throttle!", "io_stall+", "power_mode_cap (info)".
std::string flag_label(const std::string& id);

struct FlagCounts {
    int info = 0, warning = 0, critical = 0;
    int alerting() const { return warning + critical; }
};
FlagCounts count_flags(const std::vector<std::string>& ids);

}  // namespace edgetop::tui
