// The busiest processes of a table: what the session and the process view show.
#pragma once

#include <cstddef>

#include "edgetop/sample.hpp"

namespace edgetop {

inline constexpr size_t kDefaultTopProcesses = 10;

// Replaces procs.top with the first n of procs.all ordered by cpu_pct (highest first; absent
// last), then rss_kb (largest first), then pid. Without CPU figures (the first sample) this is
// the n largest by resident memory.
void select_top_processes(ProcsSample& procs, size_t n = kDefaultTopProcesses);

}  // namespace edgetop
