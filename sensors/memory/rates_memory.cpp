#include "sensors/memory/rates_memory.hpp"

namespace edgetop {

void derive_memory_rates(const Sample& prev, Sample& cur) {
    const double dt = cur.t_s - prev.t_s;
    const auto& before = prev.mem.major_faults_total;
    const auto& now = cur.mem.major_faults_total;
    // A counter that went back (a replayed tree, a wrapped value) gives no rate.
    if (before && now && dt > 0 && *now >= *before)
        cur.mem.major_faults_per_s = static_cast<double>(*now - *before) / dt;
}

}  // namespace edgetop
