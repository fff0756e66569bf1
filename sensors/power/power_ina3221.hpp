// INA3221 power monitors: the mainline hwmon driver (JetPack 5 and later) and the legacy ina3221x
// IIO driver (JetPack 4). Discovery finds every connected channel; reading fills one RailSample.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct Ina3221Channel {
    std::string name;
    SysFile voltage_mv, current_ma, power_mw;  // power_mw only on the IIO driver
    SysFile warn_alarm, crit_alarm;            // hwmon only; the analysis watches them every poll
    std::optional<double> warn_ma, crit_ma;    // limits, read once at discovery

    RailSample read();
};

struct Ina3221Chip {
    std::string path;  // machine path of the hwmon or iio:device directory
    bool iio = false;
    std::vector<Ina3221Channel> channels;
};

// Every INA3221 under /sys/bus/i2c/devices, in natural order of the I2C address.
std::vector<Ina3221Chip> discover_ina3221(const Root& root);

// The leading decimal number of a value that may carry a unit suffix ("32760 ma" -> 32760).
std::optional<double> parse_leading_number(std::string_view text);

}  // namespace edgetop
