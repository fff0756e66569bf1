// Turns raw counters of two consecutive samples into per-second rates and percentages: each
// family's rates are computed next to the reader of its counters (rates_*.cpp there).
#pragma once

#include "edgetop/sample.hpp"

namespace edgetop {

// Every family's rates; with no previous sample only what needs one reading is filled.
void derive_rates(const Sample* prev, Sample& cur);

}  // namespace edgetop
