// Board identity from text: /etc/nv_tegra_release, device-tree strings, DMI.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop {

// First line of /etc/nv_tegra_release,
// "# R36 (release), REVISION: 4.7, GCID: ..." -> "36.4.7". Absent when the line does not parse.
std::optional<std::string> parse_l4t_release(std::string_view text);

// A device-tree string list (NUL-separated, NUL-terminated) -> its elements; empty ones dropped.
std::vector<std::string> split_nul_list(std::string_view text);

// The SoC named by a compatible list: the last "nvidia,tegraNNN" entry -> "tegraNNN".
std::optional<std::string> soc_from_compatible(const std::vector<std::string>& compatible);

// A DMI or device-tree string with trailing NULs and white space removed; absent when empty or a
// firmware placeholder ("To Be Filled By O.E.M.", "Default string", "System Product Name", ...).
std::optional<std::string> clean_identity_string(std::string_view text);

// "model name" of the first processor in /proc/cpuinfo.
std::optional<std::string> cpu_model_name(std::string_view cpuinfo);

}  // namespace edgetop
