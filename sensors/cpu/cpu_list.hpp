// The kernel's CPU list formats, as found in sysfs.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace edgetop {

// Parses a CPU list: ranges ("0-3", "0,3-5" in /sys/devices/system/cpu/online) or the
// space-separated form cpufreq uses in policyN/related_cpus ("0 1 2 3"). The result is sorted and
// without duplicates; an empty file is an empty list; anything malformed is nullopt.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

}  // namespace edgetop
