// /etc/nvpmodel.conf: the power modes NVIDIA's nvpmodel tool can apply, and the caps of each.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/board.hpp"

namespace edgetop {

// A `< PARAM TYPE=... NAME=... >` block: symbolic arguments mapped to sysfs paths. The role is
// learnt from those paths, so a renamed cluster (CPU_A57, CPU_DENVER_0, CPU_A78_1) still counts.
struct NvpmodelParam {
    enum class Role { cpu_online, cpu_cluster, gpu, emc, other };
    std::string name;
    std::string type;  // FILE, CLOCK, HWMON
    Role role = Role::other;
    std::map<std::string, std::string> args;  // MAX_FREQ -> /sys/.../scaling_max_freq
};

// One POWER_MODEL block: the model's view plus what inference against live clocks needs.
struct NvpmodelMode {
    PowerMode mode;
    std::map<int, bool> cores;                // every CPU_ONLINE setting, by core number
    std::map<std::string, int64_t> max_freq;  // raw MAX_FREQ value per clock param (-1 kept)
};

struct NvpmodelConf {
    std::vector<NvpmodelParam> params;
    std::vector<NvpmodelMode> modes;  // in file order
    std::optional<int> default_id;    // < PM_CONFIG DEFAULT=n >

    const NvpmodelParam* param(std::string_view name) const;
    const NvpmodelMode* mode(int id) const;
    std::vector<PowerMode> power_modes() const;
};

// Parses the whole file. Never throws: lines it cannot understand are skipped.
NvpmodelConf parse_nvpmodel(std::string_view text);

// The watt budget a mode name states: "15W", "MODE_30W", "MODE_10W_DESKTOP" -> 15, 30, 10;
// names without an `<n>W` part ("MAXN", "MAXQ", "MODE_28_1_W") -> absent.
std::optional<double> budget_w_from_name(std::string_view name);

// True for the nvpmodel "no limit" clock values: -1 (INT_MAX) and INT_MAX itself.
bool is_unlimited_clock(int64_t value);

}  // namespace edgetop
