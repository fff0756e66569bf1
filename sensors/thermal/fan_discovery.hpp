// PWM fans and tachometers: hwmon chips (pwmfan, tegra_pwmfan, generic pwmN / fanN_input) and the
// JetPack 4 platform device /sys/devices/pwm-fan (or debugfs tegra_fan) without a hwmon.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct Fan {
    std::string name;
    std::string path;      // machine path of the directory holding the PWM (or tach) files
    std::string device;    // real path of the hwmon chip's device, for pairing a separate tach
    SysFile pwm;           // 0-255: pwmN, or cur_pwm / target_pwm on the Tegra driver
    SysFile enable;        // pwmN_enable in the generic hwmon meaning (0 full, 1 manual, 2+ auto)
    SysFile temp_control;  // Tegra driver: 1 = the kernel follows temperature, 0 = manual
    SysFile rpm;           // fanN_input, rpm or rpm_measured
    OpenResult open_result = OpenResult::ok;

    FanSample read();
};

std::vector<Fan> discover_fans(const Root& root);

}  // namespace edgetop
