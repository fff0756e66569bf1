// The parts of a sample line that a report summarises, and nothing else: CPU utilisation (total
// and per core), GPU load, EMC utilisation, rail power, total power and zone temperatures. Each
// reader takes the keys it needs in the writer's order through On-Demand's field lookup, which
// steps over the rest of an object without reading it; the values it does read are checked as
// the full readers check them. Every other field of the Sample is left absent or empty.
#pragma once

#include "edgetop/sample.hpp"
#include "session/session_read_values.hpp"

namespace edgetop::session_read {

error_code read_cpu_summary(od::value value, CpuSample& cpu);
error_code read_gpus_summary(od::value value, std::vector<GpuSample>& gpus);
error_code read_emc_summary(od::value value, std::optional<EmcSample>& emc);
error_code read_rails_summary(od::value value, std::vector<RailSample>& rails);
error_code read_thermal_summary(od::value value, std::vector<ThermalSample>& zones);

}  // namespace edgetop::session_read
