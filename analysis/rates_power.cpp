#include "analysis/rates.hpp"

namespace edgetop {

void derive_power_rates(const Sample&, Sample&) {}

}  // namespace edgetop
