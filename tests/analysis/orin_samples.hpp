// Realistic samples of an AGX Orin 64GB in MODE_30W for the analysis tests.
//
// Values: RAM, swap, rails and temperatures from the tegrastats capture
// ../shared/data/tegrastats/agx-orin-64gb-jetsontools-all.log (first line); MODE_30W caps from
// ../shared/data/nvpmodel/agx-orin.conf (cores 0-7 online, CPU_A78_0/1 MAX_FREQ 1728000 kHz,
// GPU MAX_FREQ 624750000 Hz). Hardware maxima 2201600 kHz (the 2201 MHz tegrastats shows in
// MAXN) and 1300500000 Hz (its GR3D 1300 MHz). Trip points: 99 °C passive / 104.5 °C critical,
// chosen as realistic values (no capture lists them).
#pragma once

#include <functional>
#include <vector>

#include "analysis/rules_analyzer.hpp"
#include "analysis/rules_checks.hpp"
#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "support/sample_builder.hpp"

namespace edgetop::analysis::testing {

using edgetop::testing::ClusterNumber;
using edgetop::testing::orin_cores;
using edgetop::testing::power_mode;
using edgetop::testing::rail_from_power;

inline Board orin_board() {
    Board board;
    board.model = "NVIDIA Jetson AGX Orin Developer Kit";
    board.soc = "tegra234";
    board.l4t = "36.4.4";
    board.power_modes.push_back(power_mode(0, "MAXN", std::nullopt, 12));
    board.power_modes.push_back(power_mode(1, "MODE_15W", 15, 4));
    PowerMode mode_30w = power_mode(2, "MODE_30W", 30, 8);
    mode_30w.cpu_max_khz = {{"CPU_A78_0", 1728000}, {"CPU_A78_1", 1728000}};
    mode_30w.gpu_max_hz = 624750000;
    board.power_modes.push_back(mode_30w);
    board.power_modes.push_back(power_mode(3, "MODE_50W", 50, 12));
    board.default_mode_id = 2;
    board.current_mode_id = 2;
    for (const char* zone : {"cpu-thermal", "gpu-thermal", "soc0-thermal", "tj-thermal"})
        board.thermal_zones.push_back({zone, {{"passive", 99}, {"critical", 104.5}}});
    board.thermal_zones.push_back({"tboard-thermal", {}});  // no trip points exposed
    return board;
}

inline ProcessSample process(int pid, std::string name, double cpu_pct, bool gpu = false,
                             double nonvol_ctxt_per_s = 2) {
    return edgetop::testing::process({.pid = pid,
                                      .name = std::move(name),
                                      .state = cpu_pct > 10 ? 'R' : 'S',
                                      .cpu_pct = cpu_pct,
                                      .rss_kb = 850000,
                                      .threads = 12,
                                      .vol_ctxt_per_s = 40,
                                      .nonvol_ctxt_per_s = nonvol_ctxt_per_s,
                                      .gpu = gpu});
}

// An idle AGX Orin in MODE_30W at time t_s.
inline Sample orin_idle(double t_s) {
    Sample s;
    s.t_s = t_s;
    s.cpu.util_pct = 1.5;
    s.cpu.user_pct = 1.0;
    s.cpu.system_pct = 0.4;
    s.cpu.iowait_pct = 0.1;
    s.cpu.cores = orin_cores(8, ClusterNumber::first_cpu, [](CoreSample& core) {
        core.util_pct = 1.5;
        core.freq_khz = 729600;
        core.min_khz = 115200;
        core.max_khz = 1728000;
        core.hw_max_khz = 2201600;
        core.governor = "schedutil";
    });
    s.system.ctxt_per_s = 5200;
    s.system.procs_running = 1;
    s.system.procs_blocked = 0;
    GpuSample gpu;
    gpu.name = "17000000.gpu";
    gpu.load_pct = 0;
    gpu.freq_hz = 306000000;
    gpu.min_hz = 306000000;
    gpu.max_hz = 624750000;
    gpu.hw_max_hz = 1300500000;
    gpu.governor = "nvhost_podgov";
    s.gpu.push_back(gpu);
    s.emc = EmcSample{4.0, 2133000000, 204000000, 3199000000};
    s.rails = {rail_from_power("VDD_GPU_SOC", 5191), rail_from_power("VDD_CPU_CV", 1997),
               rail_from_power("VIN_SYS_5V0", 4320), rail_from_power("VDDQ_VDD2_1V8AO", 401)};
    s.power_total_mw = 5191 + 1997 + 4320 + 401;
    auto zone = [](std::string name, std::optional<double> c) { return ThermalSample{name, c}; };
    s.thermal = {zone("cpu-thermal", 44.843),       zone("gpu-thermal", 39.718),
                 zone("cv0-thermal", std::nullopt), zone("soc0-thermal", 42.125),
                 zone("tj-thermal", 44.843),        zone("tboard-thermal", 34.375)};
    s.mem.total_kb = 62841 * 1024;
    s.mem.used_kb = 25620 * 1024;
    s.mem.available_kb = (62841 - 25620) * 1024;
    s.mem.swap_total_kb = 31421 * 1024;
    s.mem.swap_used_kb = 0;
    ProcsSample procs;
    procs.total = 412;
    procs.running = 1;
    procs.top = {process(1, "systemd", 0.0), process(733, "Xorg", 0.8),
                 process(1650, "gnome-shell", 0.5)};
    s.procs = procs;
    auto group = [](std::string path, std::string name, std::string kind, double cpu_pct) {
        GroupSample g;
        g.path = std::move(path);
        g.name = std::move(name);
        g.kind = std::move(kind);
        g.processes = 1;
        g.cpu_pct = cpu_pct;
        return g;
    };
    s.groups = {group("/init.scope", "init.scope", "service", 0.0),
                group("/system.slice/gdm.service", "gdm.service", "service", 0.8),
                group("/user.slice/user-1000.slice/session-2.scope", "user-1000/session-2.scope",
                      "user", 0.5)};
    return s;
}

struct Run {
    std::vector<Event> events;
    std::vector<std::vector<std::string>> flags;  // per sample, as annotate() wrote them
};

// Feeds make(t) for t = from, from + step, ... up to and including to.
inline Run feed(Analyzer& analyzer, double from, double to, double step,
                const std::function<Sample(double)>& make) {
    Run run;
    const int n = static_cast<int>((to - from) / step + 0.5);
    for (int i = 0; i <= n; ++i) {
        Sample s = make(from + i * step);
        for (auto& e : analyzer.update(s))
            run.events.push_back(std::move(e));
        analyzer.annotate(s);
        run.flags.push_back(s.flags);
    }
    return run;
}

inline std::vector<Event> events_of(const std::vector<Event>& events, const std::string& flag) {
    std::vector<Event> out;
    for (const auto& e : events)
        if (e.flag == flag) out.push_back(e);
    return out;
}

// Runs one rule directly on a window of samples (no hysteresis). It also runs it without details,
// as the Analyzer does on most samples, which must come to the same conclusion.
inline RuleResult evaluate(RuleFunction rule, const std::string& id,
                           const std::vector<Sample>& samples, const Board& board = orin_board(),
                           const RuleConfig& config = {}) {
    SampleWindow window(60);
    for (const auto& s : samples)
        window.push(s);
    const ParamValues params = config.params(id);
    const RuleResult brief = rule({window, board, params, false});
    const RuleResult full = rule({window, board, params, true});
    EXPECT_EQ(brief.active, full.active) << id;
    EXPECT_EQ(brief.holds, full.holds) << id;
    EXPECT_EQ(brief.inactive_reason, full.inactive_reason) << id;
    if (brief.active) {
        EXPECT_TRUE(brief.message.empty()) << id << ": " << brief.message;
        EXPECT_TRUE(brief.evidence.empty()) << id << ": " << brief.evidence;
    }
    EXPECT_FALSE(full.active && full.message.empty()) << id;
    return full;
}

inline RuleState state_of(const Analyzer& analyzer, const std::string& id) {
    for (const auto& s : analyzer.states())
        if (s.id == id) return s;
    return {};
}

}  // namespace edgetop::analysis::testing
