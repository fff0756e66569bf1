// Temperatures of hwmon chips (coretemp, k10temp, nvme, ...) under /sys/class/hwmon.
#pragma once

#include <string>
#include <vector>

#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct HwmonTemp {
    std::string name;  // "<chip name> <label>", or the chip name when the channel has no label
    std::string path;  // machine path of tempN_input
    SysFile input;     // millidegrees
};

// Every tempN_input of every hwmon chip, except chips that only mirror a thermal zone (read there)
// and the power-monitor and fan chips (no temperatures of their own).
std::vector<HwmonTemp> discover_hwmon_temps(const Root& root);

}  // namespace edgetop
