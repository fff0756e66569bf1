#include "sensors/thermal/fan_discovery.hpp"
#include "sensors/core/sysfs_file.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <set>
#include <string_view>

#include "sensors/thermal/thermal_naming.hpp"

namespace edgetop {
namespace {

bool exists(const Root& root, const std::string& machine_path) {
    std::error_code ec;
    return std::filesystem::exists(root.path(machine_path), ec);
}

std::string device_of(const Root& root, const std::string& dir) {
    std::error_code ec;
    auto real = std::filesystem::canonical(root.path(dir + "/device"), ec);
    return ec ? std::string() : real.string();
}

// The pwm-fan driver (hwmon "pwmfan") gives pwm1_enable its own meaning, what to do with the
// regulator when pwm1 is 0 (Documentation/hwmon/pwm-fan.rst), not the generic control mode, so it
// says nothing about who controls the fan; on Jetson that is nvfancontrol in user space.
bool has_generic_enable(std::string_view chip) {
    return chip != "pwmfan";
}

// N of "pwmN" or "fanN_input"; nullopt for pwmN_enable, fanN_min, ...
std::optional<int> channel_of(std::string_view file, std::string_view prefix,
                              std::string_view suffix) {
    if (!file.starts_with(prefix) || !file.ends_with(suffix)) return std::nullopt;
    auto digits = file.substr(prefix.size(), file.size() - prefix.size() - suffix.size());
    if (digits.empty() || digits.size() > 2) return std::nullopt;
    auto n = parse_int(digits);
    if (!n || *n < 0) return std::nullopt;
    return static_cast<int>(*n);
}

// NVIDIA's JetPack 4 pwm-fan driver: target_pwm, cur_pwm, rpm_measured, temp_control, both on the
// platform device and (later L4T 32) on its "tegra_pwmfan" hwmon.
bool is_tegra_fan_dir(const Root& root, const std::string& dir) {
    return exists(root, dir + "/target_pwm") || exists(root, dir + "/cur_pwm");
}

Fan tegra_fan(const Root& root, const std::string& dir, std::string name) {
    Fan fan;
    fan.name = std::move(name);
    fan.path = dir;
    // cur_pwm is the duty cycle now (it ramps towards target_pwm).
    fan.pwm = SysFile(root.path(dir + "/cur_pwm"));
    if (!fan.pwm.is_open()) fan.pwm = SysFile(root.path(dir + "/target_pwm"));
    fan.open_result = fan.pwm.open_result();
    fan.temp_control = SysFile(root.path(dir + "/temp_control"));
    fan.rpm = SysFile(root.path(dir + "/rpm_measured"));
    return fan;
}

void add_hwmon_fans(const Root& root, const std::string& dir, const std::string& chip,
                    std::vector<Fan>& pwm_fans, std::vector<Fan>& tachs) {
    std::set<int> channels;
    for (const auto& path : root.glob(dir + "/pwm*"))
        if (auto n = channel_of(base_name(path), "pwm", "")) channels.insert(*n);
    for (const auto& path : root.glob(dir + "/fan*_input"))
        if (auto n = channel_of(base_name(path), "fan", "_input")) channels.insert(*n);
    bool rpm_file = exists(root, dir + "/rpm");  // the Orin "pwm_tach" chip
    if (channels.empty() && rpm_file) channels.insert(1);
    // Only a chip with no PWM output at all is a separate tachometer; an rpm-only header on a
    // chip that also drives PWM outputs is a fan of its own.
    bool chip_has_pwm = false;
    for (int n : channels)
        chip_has_pwm = chip_has_pwm || exists(root, dir + "/pwm" + std::to_string(n));
    for (int n : channels) {
        std::string index = std::to_string(n);
        Fan fan;
        fan.name = channels.size() > 1 ? chip + " " + index : chip;
        fan.path = dir;
        fan.device = device_of(root, dir);
        fan.pwm = SysFile(root.path(dir + "/pwm" + index));
        if (has_generic_enable(chip))
            fan.enable = SysFile(root.path(dir + "/pwm" + index + "_enable"));
        fan.rpm = SysFile(root.path(dir + "/fan" + index + "_input"));
        if (!fan.rpm.is_open() && rpm_file && n == 1) fan.rpm = SysFile(root.path(dir + "/rpm"));
        fan.open_result = fan.pwm.is_open() ? OpenResult::ok : fan.rpm.open_result();
        if (fan.pwm.is_open() || (chip_has_pwm && fan.rpm.is_open())) {
            pwm_fans.push_back(std::move(fan));
        } else if (fan.rpm.is_open()) {
            tachs.push_back(std::move(fan));
        }
    }
}

// A tachometer that is its own hwmon chip (Orin "pwm_tach") measures the fan a PWM chip drives:
// pair them by device, or, with exactly one of each, pair them anyway.
void pair_tachometers(std::vector<Fan>& fans, std::vector<Fan>& tachs) {
    auto without_rpm = [](const Fan& fan) { return !fan.rpm.is_open(); };
    for (auto& tach : tachs) {
        auto match = std::find_if(fans.begin(), fans.end(), [&](const Fan& fan) {
            return without_rpm(fan) && !fan.device.empty() && fan.device == tach.device;
        });
        if (match == fans.end() && tachs.size() == 1 &&
            std::count_if(fans.begin(), fans.end(), without_rpm) == 1) {
            match = std::find_if(fans.begin(), fans.end(), without_rpm);
        }
        if (match != fans.end()) {
            match->rpm = std::move(tach.rpm);
        } else {
            fans.push_back(std::move(tach));
        }
    }
}

}  // namespace

FanSample Fan::read() {
    FanSample sample;
    sample.name = name;
    if (auto value = pwm.read_int(); value && *value >= 0 && *value <= 255)
        sample.speed_pct = static_cast<double>(*value) * 100.0 / 255.0;
    // A tachometer reading above 100000 rpm is garbage, not a fan.
    if (auto value = rpm.read_int(); value && *value >= 0 && *value < 100000) sample.rpm = *value;
    if (auto mode = enable.read_int(); mode && *mode >= 0) {
        sample.control_mode = *mode == 0 ? "full" : *mode == 1 ? "manual" : "auto";
    } else if (auto kernel = temp_control.read_int(); kernel && (*kernel == 0 || *kernel == 1)) {
        sample.control_mode = *kernel == 1 ? "auto" : "manual";
    }
    return sample;
}

std::vector<Fan> discover_fans(const Root& root) {
    std::vector<Fan> fans, tachs;
    for (const auto& dir : root.glob("/sys/class/hwmon/hwmon*")) {
        auto chip = read_text_file(root.path(dir + "/name"));
        if (!chip || chip->empty()) continue;
        if (is_tegra_fan_dir(root, dir)) {
            fans.push_back(tegra_fan(root, dir, *chip));
        } else {
            add_hwmon_fans(root, dir, *chip, fans, tachs);
        }
    }
    pair_tachometers(fans, tachs);
    constexpr std::array<std::string_view, 2> kLegacy = {"/sys/devices/pwm-fan",
                                                         "/sys/kernel/debug/tegra_fan"};
    for (auto legacy : kLegacy) {
        std::string dir(legacy);
        if (!is_tegra_fan_dir(root, dir) || !root.glob(dir + "/hwmon/hwmon*").empty()) continue;
        fans.push_back(tegra_fan(root, dir, std::string(base_name(dir))));
    }
    std::vector<std::string> names;
    for (const auto& fan : fans)
        names.push_back(fan.name);
    make_names_unique(names);
    for (size_t i = 0; i < fans.size(); ++i)
        fans[i].name = names[i];
    return fans;
}

}  // namespace edgetop
