// CPU rates from two consecutive samples' counters.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// CPU utilisation (total and per core) and context switches per second.
void derive_cpu_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
