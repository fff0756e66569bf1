// Names for temperature sensors, as tegrastats and jtop print them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop {

// The part of a thermal zone type before the first "-", or before the first "_" when there is no
// "-": "CPU-therm" -> "CPU", "cpu-thermal" -> "cpu", "Tboard_tegra" -> "Tboard".
std::string zone_short_name(std::string_view type);

// PMIC-Die reads a fixed value on TX/Nano/Xavier: not a measurement.
bool is_fake_zone(std::string_view type);

// Gives repeated names an index suffix in order: "CPU", "CPU" -> "CPU", "CPU1" (with separator
// ".": "CPU", "CPU.1").
void make_names_unique(std::vector<std::string>& names, std::string_view separator = "");

// A temperature file's millidegrees as degrees; absent for the power-gated sentinel -256000 and
// for values no sensor reports.
std::optional<double> millidegrees_to_celsius(std::optional<int64_t> millidegrees);

}  // namespace edgetop
