// A report as text for a terminal: one block per session, then a side-by-side comparison when
// there are several. Every name from the session file is shown through text::terminal_safe().
#pragma once

#include <string>
#include <vector>

#include "report/report_types.hpp"

namespace edgetop {

std::string format_report(const analysis::SessionReport& report);
// Duration, samples, power mode, energy, average power and time under each flag, one column per
// session.
std::string format_comparison(const std::vector<analysis::SessionReport>& reports);
// "Jetson AGX Orin (tegra234), L4T 36.4.7, JetPack 6.2.1"; "unknown board" without a model;
// "L4T 39.3, JetPack unknown" where neither the package nor the table names the JetPack.
std::string board_line(const Board& board);
// The sampling regularity: nominal interval, interval p50/p99/max, gaps and their time.
std::string sampling_line(const analysis::SamplingReport& sampling);

// A metric's name in the distribution tables: rails, zones and engines with their family
// ("rail VDD_IN"), the others by name alone.
std::string metric_label(const analysis::MetricReport& metric);
// "MAXN (mode 0)", "n/a" when the board has no known current mode.
std::string power_mode_name(const Board& board);

}  // namespace edgetop
