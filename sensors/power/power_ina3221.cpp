#include "sensors/power/power_ina3221.hpp"

#include <cmath>
#include <cstdlib>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {
namespace {

// "NC" marks a channel wired to nothing (AGX Orin has two); an empty label is unused too.
bool is_connected(std::string_view label) {
    return !label.empty() && label != "NC";
}

// The channel number in a file name such as "in2_label" or "rail_name_1", after `prefix`.
std::optional<int> channel_number(std::string_view file, std::string_view prefix) {
    if (!file.starts_with(prefix)) return std::nullopt;
    file.remove_prefix(prefix.size());
    size_t digits = 0;
    while (digits < file.size() && file[digits] >= '0' && file[digits] <= '9')
        ++digits;
    auto number = parse_int(file.substr(0, digits));
    if (!number || *number > 99) return std::nullopt;
    return static_cast<int>(*number);
}

std::optional<double> read_limit(const Root& root, const std::string& machine_path) {
    auto text = read_text_file(root.path(machine_path));
    if (!text) return std::nullopt;
    return parse_leading_number(*text);
}

// Beyond 1 kV, 1 kA or 1 MW no board rail reads: such a value is garbage, not a measurement.
constexpr double kMaxMagnitude = 1e6;

std::optional<double> read_number(SysFile& file, double max_magnitude = kMaxMagnitude) {
    auto content = file.read();
    if (!content) return std::nullopt;
    auto value = parse_leading_number(*content);
    if (!value || *value > max_magnitude || *value < -max_magnitude) return std::nullopt;
    return value;
}

// Mainline driver: in[1-3]_label names a channel; in4-6 are shunt voltages and in7 / curr4 the
// sum channel, none of which is a rail.
std::vector<Ina3221Channel> hwmon_channels(const Root& root, const std::string& dir) {
    std::vector<Ina3221Channel> channels;
    for (const auto& label_path : root.glob(dir + "/in*_label")) {
        auto n = channel_number(base_name(label_path), "in");
        if (!n || *n < 1 || *n > 3) continue;
        auto label = read_text_file(root.path(label_path));
        if (!label || !is_connected(*label)) continue;
        std::string in = dir + "/in" + std::to_string(*n);
        std::string curr = dir + "/curr" + std::to_string(*n);
        Ina3221Channel channel;
        channel.name = *label;
        channel.voltage_mv = SysFile(root.path(in + "_input"));
        channel.current_ma = SysFile(root.path(curr + "_input"));
        channel.warn_alarm = SysFile(root.path(curr + "_max_alarm"));
        channel.crit_alarm = SysFile(root.path(curr + "_crit_alarm"));
        channel.warn_ma = read_limit(root, curr + "_max");
        channel.crit_ma = read_limit(root, curr + "_crit");
        channels.push_back(std::move(channel));
    }
    return channels;
}

// Legacy ina3221x IIO driver: rail_name_N with in_voltageN_input, in_currentN_input and
// in_powerN_input for N = 0..2.
std::vector<Ina3221Channel> iio_channels(const Root& root, const std::string& dir) {
    std::vector<Ina3221Channel> channels;
    for (const auto& label_path : root.glob(dir + "/rail_name_*")) {
        auto n = channel_number(base_name(label_path), "rail_name_");
        if (!n) continue;
        auto label = read_text_file(root.path(label_path));
        if (!label || !is_connected(*label)) continue;
        std::string index = std::to_string(*n);
        Ina3221Channel channel;
        channel.name = *label;
        channel.voltage_mv = SysFile(root.path(dir + "/in_voltage" + index + "_input"));
        channel.current_ma = SysFile(root.path(dir + "/in_current" + index + "_input"));
        channel.power_mw = SysFile(root.path(dir + "/in_power" + index + "_input"));
        channel.warn_ma = read_limit(root, dir + "/warn_current_limit_" + index);
        channel.crit_ma = read_limit(root, dir + "/crit_current_limit_" + index);
        channels.push_back(std::move(channel));
    }
    return channels;
}

}  // namespace

std::optional<double> parse_leading_number(std::string_view text) {
    text = trim(text);
    auto space = text.find_first_of(" \t");
    auto value = parse_double(text.substr(0, space));
    if (!value || !std::isfinite(*value)) return std::nullopt;
    return value;
}

RailSample Ina3221Channel::read() {
    RailSample rail;
    rail.name = name;
    rail.voltage_mv = read_number(voltage_mv);
    rail.current_ma = read_number(current_ma);
    if (power_mw.is_open()) rail.power_mw = read_number(power_mw, kMaxMagnitude * 1000);
    if (!rail.power_mw && rail.voltage_mv && rail.current_ma)
        rail.power_mw = *rail.voltage_mv * *rail.current_ma / 1000.0;
    rail.warn_ma = warn_ma;
    rail.crit_ma = crit_ma;
    rail.warn_alarm = read_flag(warn_alarm);
    rail.crit_alarm = read_flag(crit_alarm);
    return rail;
}

std::vector<Ina3221Chip> discover_ina3221(const Root& root) {
    std::vector<Ina3221Chip> chips;
    for (const auto& name_path : root.glob("/sys/bus/i2c/devices/*/name")) {
        auto name = read_text_file(root.path(name_path));
        if (!name || name->find("ina3221") == std::string::npos) continue;
        std::string device =
            name_path.substr(0, name_path.size() - std::string_view("/name").size());
        auto hwmon = root.glob(device + "/hwmon/hwmon*");
        if (!hwmon.empty()) {
            Ina3221Chip chip{hwmon.front(), false, hwmon_channels(root, hwmon.front())};
            if (!chip.channels.empty()) chips.push_back(std::move(chip));
        }
        for (const auto& iio : root.glob(device + "/iio:device*")) {
            Ina3221Chip chip{iio, true, iio_channels(root, iio)};
            if (!chip.channels.empty()) chips.push_back(std::move(chip));
        }
    }
    return chips;
}

}  // namespace edgetop
