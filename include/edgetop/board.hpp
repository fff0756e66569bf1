// What was discovered about the machine once at start: identity, power modes and static limits.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace edgetop {

// One `< POWER_MODEL ID=n NAME=... >` block of /etc/nvpmodel.conf.
struct PowerMode {
    int id = 0;
    std::string name;
    std::vector<int> online_cores;                  // CPU_ONLINE CORE_n 1
    std::map<std::string, int64_t> cpu_max_khz;     // cluster param (CPU_A57, CPU_A78_0..) -> cap
    std::optional<int64_t> gpu_max_hz, gpu_min_hz;  // GPU MAX_FREQ / MIN_FREQ
    std::optional<int64_t> emc_max_hz;              // EMC MAX_FREQ; absent when 0 (no cap)
    std::optional<double> budget_w;                 // watts from the name ("15W", "MODE_30W")
};

struct TripPoint {
    std::string type;  // passive, active, hot, critical
    double temp_c = 0;
};

struct ThermalZoneInfo {
    std::string name;
    std::vector<TripPoint> trips;
};

// Installed software and module identity, read once at start under --root (the Info page, --once,
// the session header's "software"); each absent where its file or package record is.
struct SoftwareInfo {
    std::optional<std::string> l4t;      // /etc/nv_tegra_release, else nvidia-l4t-core
    std::optional<std::string> jetpack;  // the nvidia-jetpack package, else from L4T
    std::optional<std::string> kernel;   // /proc/sys/kernel/osrelease
    std::optional<std::string> cuda;     // /usr/local/cuda/version.json or version.txt
    std::optional<std::string> cudnn, tensorrt, vpi, opencv, multimedia_api;  // dpkg records
    std::optional<std::string> module_part_number, serial_number;             // device tree
};

struct Board {
    std::optional<std::string> model;
    std::vector<std::string> compatible;  // device tree compatible list, in order
    std::optional<std::string> soc;       // tegra210, tegra186, tegra194, tegra234, tegra264
    std::optional<std::string> l4t;       // "36.4.7"
    std::optional<std::string> jetpack;   // "6.2.1"
    std::vector<PowerMode> power_modes;
    std::optional<int> default_mode_id;
    std::optional<int> current_mode_id;
    std::vector<ThermalZoneInfo> thermal_zones;  // trip points, by zone name
    SoftwareInfo software;

    const PowerMode* current_mode() const {
        if (!current_mode_id) return nullptr;
        for (const auto& m : power_modes)
            if (m.id == *current_mode_id) return &m;
        return nullptr;
    }
};

}  // namespace edgetop
