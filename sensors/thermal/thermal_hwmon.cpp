#include "sensors/thermal/thermal_hwmon.hpp"

#include <array>
#include <filesystem>
#include <map>
#include <string_view>

namespace edgetop {
namespace {

constexpr std::array<std::string_view, 6> kSkippedChips = {"ina3221",  "ina3221x",     "pwmfan",
                                                           "pwm_tach", "tegra_pwmfan", "pwm-fan"};

bool is_skipped_chip(std::string_view name) {
    for (auto skipped : kSkippedChips)
        if (name == skipped) return true;
    return false;
}

// The thermal core registers a hwmon chip for some zones (named after the zone type, e.g.
// "acpitz"); its temp1_input is the zone's temp, already read from /sys/class/thermal.
bool mirrors_thermal_zone(const Root& root, const std::string& hwmon_dir) {
    std::error_code ec;
    auto real = std::filesystem::canonical(root.path(hwmon_dir), ec);
    return !ec && real.string().find("/devices/virtual/thermal/") != std::string::npos;
}

}  // namespace

std::vector<HwmonTemp> discover_hwmon_temps(const Root& root) {
    std::vector<HwmonTemp> temps;
    std::map<std::string, int> chips_seen;
    for (const auto& dir : root.glob("/sys/class/hwmon/hwmon*")) {
        // A chip without a name file (some out-of-tree drivers) is named after its directory.
        auto name = read_text_file(root.path(dir + "/name"));
        std::string chip = name && !name->empty() ? *name : std::string(base_name(dir));
        if (is_skipped_chip(chip)) continue;
        if (mirrors_thermal_zone(root, dir)) continue;
        // The second chip of a name (two coretemp packages) is "coretemp.1": its "Core 0" is
        // "coretemp.1 Core 0", not a numbered copy of the first chip's.
        if (int seen = chips_seen[chip]++; seen > 0) chip += "." + std::to_string(seen);
        for (const auto& input : root.glob(dir + "/temp*_input")) {
            std::string stem = input.substr(0, input.size() - std::string_view("_input").size());
            auto label = read_text_file(root.path(stem + "_label"));
            HwmonTemp temp;
            temp.name = label && !label->empty() ? chip + " " + *label : chip;
            temp.path = input;
            temp.input = SysFile(root.path(input));
            temps.push_back(std::move(temp));
        }
    }
    return temps;
}

}  // namespace edgetop
