// A report as text for a terminal: one block per session, then a side-by-side comparison when
// there are several.
#pragma once

#include <string>
#include <vector>

#include "report/report_types.hpp"

namespace edgetop {

std::string format_report(const analysis::SessionReport& report);
// Duration, samples, power mode, energy, average power and time under each flag, one column per
// session.
std::string format_comparison(const std::vector<analysis::SessionReport>& reports);
// "MAXN (mode 0)", "n/a" when the board has no known current mode.
std::string power_mode_name(const Board& board);

}  // namespace edgetop
