// x86 RAPL energy counters through the powercap class (/sys/class/powercap/intel-rapl:N[:M]).
// Each zone becomes a rail carrying its raw energy_uj; analysis/rates_power turns two readings into
// power_mw.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct RaplZone {
    std::string name;  // "package-0", "psys"; a subzone is "<parent>/<zone>", e.g. "package-0/core"
    std::string path;  // machine path of the zone directory
    SysFile energy_uj;
    std::optional<uint64_t> max_energy_range_uj;
};

// Top-level zones and their subzones in natural order. intel-rapl-mmio zones repeat the MSR
// package counter and are deliberately not matched.
std::vector<RaplZone> discover_rapl(const Root& root);

// Appends one rail per zone with energy_uj / energy_max_uj (power comes from two samples).
void read_rapl(std::vector<RaplZone>& zones, std::vector<RailSample>& rails);

// "power.rapl": found, or needs_root when energy_uj is mode 0400 (Linux 5.10 and later).
SourceStatus rapl_status(const std::vector<RaplZone>& zones);

}  // namespace edgetop
