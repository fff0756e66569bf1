#include "support/large_tree.hpp"

#include <string>

namespace edgetop::testing {

void write_large_tree(const FixtureTree& tree, int each) {
    for (int i = 0; i < each; ++i) {
        std::string hwmon = "/sys/class/hwmon/hwmon" + std::to_string(i);
        tree.write(hwmon + "/name", "pwmfan\n");
        tree.write(hwmon + "/pwm1", "128\n");
        std::string zone = "/sys/class/thermal/thermal_zone" + std::to_string(i);
        tree.write(zone + "/type", "cpu-thermal\n");
        tree.write(zone + "/temp", std::to_string(40000 + i) + "\n");
        tree.write(zone + "/trip_point_0_type", "passive\n");
        tree.write(zone + "/trip_point_0_temp", "95000\n");
    }
    for (int chip = 0; chip < each / 3; ++chip) {
        std::string device = "/sys/bus/i2c/devices/1-" + std::to_string(1000 + chip);
        tree.write(device + "/name", "ina3221\n");
        std::string hwmon = device + "/hwmon/hwmon" + std::to_string(each + chip);
        for (int channel = 1; channel <= 3; ++channel) {
            std::string n = std::to_string(channel);
            tree.write(hwmon + "/in" + n + "_label", "VDD_RAIL" + n + "\n");
            tree.write(hwmon + "/in" + n + "_input", "5000\n");
            tree.write(hwmon + "/curr" + n + "_input", "400\n");
        }
    }
}

}  // namespace edgetop::testing
