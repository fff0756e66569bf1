// The memory family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_memory_source();  // meminfo, buddyinfo, nvmap
SourcePtr make_vmstat_source();  // /proc/vmstat: major faults, OOM kills

}  // namespace edgetop
