// Per-process rates from two consecutive process tables.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// Per-process CPU % and context switches per second; selects the top processes.
void derive_process_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
