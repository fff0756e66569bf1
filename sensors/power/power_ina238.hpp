// INA238 power monitors (mainline hwmon driver `ina238`): one channel each, the board's input on
// Jetson AGX Thor's carrier (tegrastats calls its rail VIN). Bus voltage in1_input (mV), current
// curr1_input (mA) and power power1_input (µW, the chip's own product).
#pragma once

#include <string>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct Ina238Monitor {
    std::string path;  // machine path of the hwmon directory
    std::string name;  // the hwmon `label` where the device tree gives one, else "VIN"
    SysFile voltage_mv, current_ma, power_uw;

    RailSample read();
};

// Every INA238 under /sys/bus/i2c/devices with a hwmon directory, in natural order of the address.
std::vector<Ina238Monitor> discover_ina238(const Root& root);

}  // namespace edgetop
