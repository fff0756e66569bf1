// Power from two consecutive samples' energy counters, and the over-current event rates.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// Power of counter-based rails (RAPL energy_uj deltas, with wrap-around) and the board total;
// over-current events per second (soctherm_oc counts).
void derive_power_rates(const Sample& prev, Sample& cur);

}  // namespace edgetop
