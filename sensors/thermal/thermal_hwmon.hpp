// Temperatures of hwmon chips (coretemp, k10temp, nvme, ...) under /sys/class/hwmon.
#pragma once

#include <string>
#include <vector>

#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct HwmonTemp {
    // "<chip> <label>", or the chip alone when the channel has no label; the chip is its name
    // file ("coretemp"), its directory without one ("hwmon5"), and "coretemp.1" for the second
    // chip of that name.
    std::string name;
    std::string path;  // machine path of tempN_input
    SysFile input;     // millidegrees
};

// Every tempN_input of every hwmon chip, except chips that only mirror a thermal zone (read there)
// and the power-monitor and fan chips (no temperatures of their own).
std::vector<HwmonTemp> discover_hwmon_temps(const Root& root);

}  // namespace edgetop
