// Readers of the parts of a sample line (cpu, gpu, rails, ...) into a Sample's fields. Each one
// overwrites every field it owns, so a Sample can be reused from line to line and keep the
// capacity of its vectors.
#pragma once

#include "edgetop/sample.hpp"
#include "session/session_read_values.hpp"

namespace edgetop::session_read {

error_code read_cpu(od::value value, CpuSample& cpu);
error_code read_system(od::value value, SystemSample& system);  // all but ctxt_per_s
error_code read_gpus(od::value value, std::vector<GpuSample>& gpus);
error_code read_emc(od::value value, std::optional<EmcSample>& emc);
error_code read_engines(od::value value, std::vector<EngineSample>& engines);
error_code read_rails(od::value value, std::vector<RailSample>& rails);
error_code read_thermal(od::value value, std::vector<ThermalSample>& zones);
error_code read_fans(od::value value, std::vector<FanSample>& fans);
error_code read_mem(od::value value, MemSample& mem);
error_code read_procs(od::value value, std::optional<ProcsSample>& procs);
error_code read_flags(od::value value, std::vector<std::string>& flags);

}  // namespace edgetop::session_read
