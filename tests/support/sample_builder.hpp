// The building code of the hand-made samples and boards the suites test with.
// Each suite keeps its own values (exact-output tests depend on them) and
// passes them here as data.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"

namespace edgetop::testing {

// How a core's cluster is numbered: 0, 1, 2 for an AGX Orin's three clusters,
// or by the first CPU of the cluster as the kernel's cpufreq policy directories
// are (policy0, policy4, policy8).
enum class ClusterNumber { index, first_cpu };

// An AGX Orin's 12 cores in clusters of four. The first `online` cores are
// online and get their values from `fill`; the others carry only their id and
// cluster.
std::vector<CoreSample> orin_cores(int online, ClusterNumber numbering,
                                   const std::function<void(CoreSample&)>& fill);

struct ProcessValues {
    int pid = 0;
    std::string name{};
    char state = 'R';
    double cpu_pct = 0;
    std::optional<int64_t> rss_kb{};
    int64_t threads = 0;
    double vol_ctxt_per_s = 0;
    double nonvol_ctxt_per_s = 0;
    bool gpu = false;
    std::optional<uint64_t> cpu_ticks{};
    std::string user = "nvidia";
};
ProcessSample process(const ProcessValues& values);

// A rail as the INA3221 monitors report it: voltage and current, the power
// their product.
RailSample rail_from_voltage_current(std::string name, double voltage_mv, double current_ma,
                                     bool is_total = false);
// A rail of which only the power is known, its alarms clear.
RailSample rail_from_power(std::string name, double power_mw);

// A power mode with cores 0 .. online_cores - 1 online.
PowerMode power_mode(int id, std::string name, std::optional<double> budget_w, int online_cores);

}  // namespace edgetop::testing
