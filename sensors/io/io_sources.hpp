// The disk and network family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_disk_source();  // /proc/diskstats: physical disks' bytes and busy time
SourcePtr make_net_source();   // /proc/net/dev: interfaces' bytes (lo excluded)

}  // namespace edgetop
