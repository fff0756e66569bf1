// The CPU family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_cpu_stat_source();  // /proc/stat: per-core ticks, ctxt, procs running/blocked
SourcePtr make_cpu_freq_source();  // cpufreq per core, online state, clusters
SourcePtr make_system_source();    // uptime, load average
SourcePtr make_pressure_source();  // /proc/pressure: PSI avg10 of cpu, memory, io

}  // namespace edgetop
