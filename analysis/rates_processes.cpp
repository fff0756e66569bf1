#include "analysis/rates.hpp"

namespace edgetop {

void derive_process_rates(const Sample&, Sample&) {}

}  // namespace edgetop
