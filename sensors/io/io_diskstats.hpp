// Parser of /proc/diskstats: the byte and busy-time counters of each physical disk.
//
// /proc/diskstats is a fixed kernel format (Documentation/admin-guide/iostats.rst): per line
// "major minor name" and at least 11 counters (4.18 adds 4 discard fields, 5.5 two flush fields).
// libproc2's diskstats API reads only the live /proc and cannot follow --root, so the few fields
// needed are split here, without allocating once the vector has its capacity.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop {

// Whether a diskstats name is a whole physical disk: mmcblkN, nvmeNnM, sdX, hdX, vdX, xvdX.
// Left out: partitions (mmcblk0p1, nvme0n1p1, sda1), the eMMC boot and RPMB areas
// (mmcblk0boot0, mmcblk0rpmb), loop, ram, zram, and the device-mapper and md devices (dm-0, md0),
// whose I/O is already counted on the disks beneath them.
bool is_physical_disk(std::string_view name);

// Fills out with one DiskSample per physical disk (name and raw counters; clearing what it held).
// A line with too few or garbage counters is skipped.
void parse_diskstats(std::string_view text, std::vector<DiskSample>& out);

}  // namespace edgetop
