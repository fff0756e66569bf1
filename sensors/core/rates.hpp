// Turns raw counters of two consecutive samples into per-second rates and percentages.
// The same functions serve live sampling, replay and import.
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// CPU utilisation (total and per core) and context switches per second.
void derive_cpu_rates(const Sample& prev, Sample& cur);
// Power of counter-based rails (RAPL energy_uj deltas, with wrap-around) and the board total.
void derive_power_rates(const Sample& prev, Sample& cur);
// Per-process CPU % and context switches per second; selects the top processes.
void derive_process_rates(const Sample& prev, Sample& cur);

// All of the above; with no previous sample only what needs one reading is filled.
void derive_rates(const Sample* prev, Sample& cur);

}  // namespace edgetop
