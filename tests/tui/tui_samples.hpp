// Samples built by hand for the view tests: values of an AGX Orin under load, from the
// tegrastats capture style (12 cores, GR3D, EMC, the two INA3221 monitors' rails, zones, a fan).
#pragma once

#include <string>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "support/sample_builder.hpp"

namespace edgetop::tui::testing {

using edgetop::testing::ClusterNumber;
using edgetop::testing::orin_cores;
using edgetop::testing::power_mode;
using edgetop::testing::rail_from_voltage_current;

inline Sample orin_sample(double t_s = 1.0) {
    Sample s;
    s.t_s = t_s;
    s.cpu.util_pct = 41.5, s.cpu.user_pct = 30.0, s.cpu.system_pct = 9.5, s.cpu.iowait_pct = 2.0;
    s.cpu.cores = orin_cores(8, ClusterNumber::first_cpu, [](CoreSample& c) {
        const int i = c.id;
        c.util_pct = 10.0 * (i + 1), c.user_pct = 7.0 * (i + 1), c.system_pct = 2.0 * (i + 1);
        c.iowait_pct = 0.5;
        c.freq_khz = 1728000, c.min_khz = 115200, c.max_khz = 2201600, c.hw_max_khz = 2201600;
        c.governor = "schedutil";
    });
    s.system.ctxt_per_s = 18342, s.system.uptime_s = 266523, s.system.load_1 = 3.12;
    s.system.load_5 = 2.5, s.system.load_15 = 1.75, s.system.procs_running = 4;
    s.system.procs_blocked = 0;
    GpuSample g;
    g.name = "17000000.ga10b";
    g.load_pct = 87.3, g.freq_hz = 1300500000, g.min_hz = 306000000, g.max_hz = 1300500000;
    g.hw_max_hz = 1300500000, g.governor = "nvhost_podgov", g.railgate_enabled = true;
    g.scaling_3d_enabled = true, g.tpc_pg_mask = 0;
    s.gpu.push_back(g);
    s.emc = EmcSample{23.0, 3199000000, 204000000, 3199000000};
    s.engines = {{"NVENC", true, 1113600000, 12.0},
                 {"NVDEC", false, std::nullopt, std::nullopt},
                 {"DLA0", std::nullopt, std::nullopt, std::nullopt}};
    s.rails = {rail_from_voltage_current("VDD_GPU_SOC", 840, 5200),
               rail_from_voltage_current("VDD_CPU_CV", 752, 2112),
               rail_from_voltage_current("VIN_SYS_5V0", 4992, 848),
               rail_from_voltage_current("VDDQ_VDD2_1V8AO", 1800, 224)};
    s.rails.push_back(rail_from_voltage_current("VDD_IN", 5000, 3100, true));
    s.power_total_mw = 15500;
    s.thermal = {{"CPU", 52.6}, {"GPU", 48.3}, {"CV0", std::nullopt}, {"tj", 88.0}};
    s.fans = {{"pwmfan", 38.0, 2049, std::string("auto")}};
    s.mem.total_kb = 31316356, s.mem.available_kb = 24452784, s.mem.used_kb = 6863572;
    s.mem.free_kb = 20940012, s.mem.buffers_kb = 90112, s.mem.cached_kb = 3733504;
    s.mem.swap_total_kb = 15658160, s.mem.swap_used_kb = 46592, s.mem.swap_cached_kb = 0;
    s.mem.gpu_shared_kb = 427008, s.mem.lfb_blocks = 459, s.mem.lfb_block_kb = 4096;
    ProcsSample procs;
    procs.total = 3, procs.running = 2;
    auto proc = [](int pid, std::string name, double cpu, int64_t rss, bool gpu) {
        return edgetop::testing::process({.pid = pid,
                                          .name = std::move(name),
                                          .state = 'R',
                                          .cpu_pct = cpu,
                                          .rss_kb = rss,
                                          .threads = 12,
                                          .vol_ctxt_per_s = 120,
                                          .nonvol_ctxt_per_s = 33,
                                          .gpu = gpu});
    };
    procs.all = {proc(4242, "trtexec", 97.5, 1843200, true),
                 proc(1001, "python3", 12.0, 512000, false),
                 proc(77, "kworker/u24:1", 0.5, 0, false)};
    procs.all[2].rss_kb.reset();
    procs.top = procs.all;
    s.procs = procs;
    s.flags = {"gpu_bound"};
    return s;
}

inline Board orin_board() {
    Board b;
    b.model = "NVIDIA Jetson AGX Orin Developer Kit";
    b.l4t = "35.3.1", b.jetpack = "5.1.1";
    b.power_modes.push_back(power_mode(0, "MAXN", std::nullopt, 0));
    b.current_mode_id = 0;
    b.thermal_zones = {{"CPU", {{"passive", 99}, {"critical", 104}}},
                       {"tj", {{"passive", 85}, {"critical", 105}}}};
    return b;
}

}  // namespace edgetop::tui::testing
