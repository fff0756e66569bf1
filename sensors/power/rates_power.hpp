// Power from two consecutive samples' energy counters.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// Power of counter-based rails (RAPL energy_uj deltas, with wrap-around) and the board total.
void derive_power_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
