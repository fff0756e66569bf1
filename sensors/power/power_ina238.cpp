#include "sensors/power/power_ina238.hpp"

#include <cmath>

#include "sensors/power/power_ina3221.hpp"

namespace edgetop {
namespace {

// The name tegrastats gives the INA238's rail on Thor (JetPack 7), which makes it the total.
constexpr std::string_view kDefaultName = "VIN";

// Beyond 1 kV, 1 kA or 1 kW no board input reads: such a value is garbage, not a measurement.
constexpr double kMaxInputMagnitude = 1e6;

std::optional<double> read_monitor_value(SysFile& file, double max_magnitude) {
    auto content = file.read();
    if (!content) return std::nullopt;
    auto value = parse_leading_number(*content);
    if (!value || std::fabs(*value) > max_magnitude) return std::nullopt;
    return value;
}

}  // namespace

RailSample Ina238Monitor::read() {
    RailSample rail;
    rail.name = name;
    rail.voltage_mv = read_monitor_value(voltage_mv, kMaxInputMagnitude);
    rail.current_ma = read_monitor_value(current_ma, kMaxInputMagnitude);
    if (auto uw = read_monitor_value(power_uw, kMaxInputMagnitude * 1000))
        rail.power_mw = *uw / 1000.0;
    if (!rail.power_mw && rail.voltage_mv && rail.current_ma)
        rail.power_mw = *rail.voltage_mv * *rail.current_ma / 1000.0;
    return rail;
}

std::vector<Ina238Monitor> discover_ina238(const Root& root) {
    std::vector<Ina238Monitor> monitors;
    for (const auto& name_path : root.glob("/sys/bus/i2c/devices/*/name")) {
        auto chip = read_text_file(root.path(name_path));
        if (!chip || *chip != "ina238") continue;
        std::string device =
            name_path.substr(0, name_path.size() - std::string_view("/name").size());
        auto hwmon = root.glob(device + "/hwmon/hwmon*");
        if (hwmon.empty()) continue;
        const std::string& dir = hwmon.front();
        Ina238Monitor monitor;
        monitor.path = dir;
        auto label = read_text_file(root.path(dir + "/label"));
        monitor.name = label && !label->empty() ? *label : std::string(kDefaultName);
        monitor.voltage_mv = SysFile(root.path(dir + "/in1_input"));
        monitor.current_ma = SysFile(root.path(dir + "/curr1_input"));
        monitor.power_uw = SysFile(root.path(dir + "/power1_input"));
        if (!monitor.voltage_mv.is_open() && !monitor.power_uw.is_open()) continue;
        monitors.push_back(std::move(monitor));
    }
    return monitors;
}

}  // namespace edgetop
