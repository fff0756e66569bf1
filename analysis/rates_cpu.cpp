#include "analysis/rates.hpp"

namespace edgetop {

void derive_cpu_rates(const Sample&, Sample&) {}

}  // namespace edgetop
