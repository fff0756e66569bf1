// Per-group rates from two consecutive samples' cgroup counters.
#pragma once

#include <cstddef>

#include "edgetop/sample.hpp"

namespace edgetop {

// The most groups a sample lists: those holding the most processes of the table.
inline constexpr size_t kMaxGroups = 128;

// CPU %, the share of CFS periods throttled and I/O bytes per second of each group that the
// previous sample also had (matched by cgroup path).
void derive_group_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
