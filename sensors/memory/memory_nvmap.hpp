// How edgetop reports the source of GPU-shared memory (NvMapMemUsed or the nvmap debugfs table).
#pragma once

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

// meminfo_has_line: /proc/meminfo has NvMapMemUsed (readable by anyone).
// clients: how opening /sys/kernel/debug/nvmap/iovmm/clients went.
// nvmap_device: /dev/nvmap or /sys/class/misc/nvmap exists, so the table would exist for root
// (debugfs being root-only hides whether it exists at all).
SourceStatus nvmap_status(bool meminfo_has_line, OpenResult clients, bool nvmap_device);

}  // namespace edgetop
