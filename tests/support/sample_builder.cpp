#include "support/sample_builder.hpp"

#include <utility>

namespace edgetop::testing {

std::vector<CoreSample> orin_cores(int online, ClusterNumber numbering,
                                   const std::function<void(CoreSample&)>& fill) {
    constexpr int kCores = 12;
    constexpr int kClusterSize = 4;
    std::vector<CoreSample> cores;
    for (int id = 0; id < kCores; ++id) {
        CoreSample core;
        core.id = id;
        core.online = id < online;
        core.cluster = numbering == ClusterNumber::index ? id / kClusterSize
                                                         : id / kClusterSize * kClusterSize;
        if (core.online) fill(core);
        cores.push_back(std::move(core));
    }
    return cores;
}

ProcessSample process(const ProcessValues& values) {
    ProcessSample p;
    p.pid = values.pid;
    p.name = values.name;
    p.user = values.user;
    p.state = values.state;
    p.cpu_pct = values.cpu_pct;
    p.rss_kb = values.rss_kb;
    p.threads = values.threads;
    p.vol_ctxt_per_s = values.vol_ctxt_per_s;
    p.nonvol_ctxt_per_s = values.nonvol_ctxt_per_s;
    p.gpu = values.gpu;
    p.cpu_ticks = values.cpu_ticks;
    return p;
}

RailSample rail_from_voltage_current(std::string name, double voltage_mv, double current_ma,
                                     bool is_total) {
    RailSample r;
    r.name = std::move(name);
    r.voltage_mv = voltage_mv;
    r.current_ma = current_ma;
    r.power_mw = voltage_mv * current_ma / 1000;
    r.is_total = is_total;
    return r;
}

RailSample rail_from_power(std::string name, double power_mw) {
    RailSample r;
    r.name = std::move(name);
    r.power_mw = power_mw;
    r.warn_alarm = false;
    r.crit_alarm = false;
    return r;
}

PowerMode power_mode(int id, std::string name, std::optional<double> budget_w, int online_cores) {
    PowerMode mode;
    mode.id = id;
    mode.name = std::move(name);
    for (int core = 0; core < online_cores; ++core)
        mode.online_cores.push_back(core);
    mode.budget_w = budget_w;
    return mode;
}

}  // namespace edgetop::testing
