#include "sensors/sampler/rates.hpp"

#include "sensors/cpu/rates_cpu.hpp"
#include "sensors/groups/rates_groups.hpp"
#include "sensors/io/rates_io.hpp"
#include "sensors/memory/rates_memory.hpp"
#include "sensors/power/rates_power.hpp"
#include "sensors/processes/rates_processes.hpp"

namespace edgetop {

void derive_rates(const Sample* prev, Sample& cur) {
    if (!prev || cur.t_s <= prev->t_s) return;
    derive_cpu_rates(*prev, cur);
    derive_power_rates(*prev, cur);
    derive_process_rates(*prev, cur);
    derive_memory_rates(*prev, cur);
    derive_io_rates(*prev, cur);
    derive_group_rates(*prev, cur);
}

}  // namespace edgetop
