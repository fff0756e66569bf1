// Memory rates from two consecutive samples' counters.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// Major page faults per second (/proc/vmstat pgmajfault).
void derive_memory_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
