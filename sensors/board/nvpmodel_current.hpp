// Which nvpmodel mode is active, without running `nvpmodel -q`.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "sensors/board/nvpmodel_conf.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

// /var/lib/nvpmodel/status, written by nvpmodel whenever it applies a mode:
// "pmode:0002 fmode:quiet" -> 2. Absent on garbage.
std::optional<int> parse_nvpmodel_status(std::string_view text);

// What the machine runs now, in the terms of the conf's params.
struct LiveClocks {
    std::map<int, bool> cores;                // online state per CPU core
    std::map<std::string, int64_t> max_freq;  // live MAX_FREQ value per CPU cluster / GPU param
    std::map<std::string, int64_t> hw_max;    // the hardware maximum of that clock, when readable
};

// Reads the online state of every core the conf names (/sys/devices/system/cpu/online, else each
// cpuN/online), the file behind each CPU cluster's and the GPU's MAX_FREQ argument, and their
// hardware maxima (cpuinfo_max_freq; the largest of the GPU's available_frequencies).
LiveClocks read_live_clocks(const NvpmodelConf& conf, const Root& root);

// The one mode the live state fits, or absent when none or several fit. A mode fits when every
// core state and clock cap it sets that could be read agrees (at least one must be readable):
// - a core's online state equals the mode's;
// - each cap is first made effective: "no cap" (-1, INT_MAX, 0) is the hardware maximum, and a
//   cap above the hardware maximum is clamped to it (as the kernel does);
// - an effective cap C fits a live value v when  next_lower < v <= C, where next_lower is the
//   next smaller effective cap any mode sets for that param (the kernel rounds a cap down to a
//   supported frequency);
// - without a readable hardware maximum, "no cap" fits when v is above every finite cap.
std::optional<int> infer_current_mode(const NvpmodelConf& conf, const LiveClocks& live);

}  // namespace edgetop
