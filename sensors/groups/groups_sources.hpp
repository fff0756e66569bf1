// The control-group family's sources (the sampler lists them in sensors/sampler/source_list.cpp,
// in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

// The groups of the process table's processes and their cgroup values; polled after the process
// table and the GPU memory sources, whose results it reads from the sample.
SourcePtr make_groups_source();

}  // namespace edgetop
