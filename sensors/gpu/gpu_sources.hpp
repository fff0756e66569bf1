// The GPU family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_gpu_source();      // devfreq GPU nodes and nvgpu status files
SourcePtr make_nvml_source();     // NVIDIA GPUs through libnvidia-ml, loaded at run time
SourcePtr make_emc_source();      // memory controller clock and activity
SourcePtr make_engines_source();  // APE, DLA, PVA, NVENC, ... clocks

}  // namespace edgetop
