// A fully populated sample with values of an AGX Orin 64GB tegrastats capture
// (../shared/data/tegrastats/agx-orin-64gb-jetsontools-all.log, first line: RAM 6589/30587MB,
// lfb 459x4MB, CPU @2201 MHz, EMC 0%@3199, GR3D 0%@1300, VIC 729, APE 174, CPU@52.625C,
// GPU@48.281C, CV0@-256C, VDD_GPU_SOC 4368mW, VDD_CPU_CV 1588mW, VIN_SYS_5V0 4233mW, NC rails).
// The board's power modes follow ../shared/data/nvpmodel/agx-orin.conf (MAXN; MODE_15W: four
// cores, CPU_A78_0 MAX_FREQ 1113600, GPU MAX_FREQ 420750000; DEFAULT=0). Values neither carries
// (percent splits, voltages, processes) are realistic picks.
#pragma once

#include <chrono>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "session/session_records_json.hpp"
#include "support/sample_builder.hpp"
#include "support/sample_json.hpp"

namespace edgetop::testing {

inline Sample orin_sample() {
    Sample s;
    s.t_s = 12.3456789;
    s.time = std::chrono::system_clock::time_point(std::chrono::milliseconds(1750866197243));
    s.cpu.ticks = CpuTicks{100, 0, 50, 1000, 3, 0, 1, 0};
    s.cpu.util_pct = 2.083333;
    s.cpu.user_pct = 1.5;
    s.cpu.system_pct = 0.583333;
    s.cpu.iowait_pct = 0.0;
    s.cpu.cores = orin_cores(12, ClusterNumber::index, [](CoreSample& c) {
        c.ticks = CpuTicks{10, 0, 5, 100, 0, 0, 0, 0};
        c.util_pct = c.id == 1 ? 25.0 : 0.0;
        c.user_pct = c.id == 1 ? 16.666667 : 0.0;
        c.system_pct = c.id == 1 ? 8.333333 : 0.0;
        c.iowait_pct = 0.0;
        c.freq_khz = c.id == 1 ? 2028000 : 2201600;
        c.min_khz = 115200;
        c.max_khz = 2201600;
        c.hw_max_khz = 2201600;
        c.governor = "schedutil";
    });
    s.cpu.cores[11].online = false;
    s.cpu.cores[11].freq_khz.reset();
    s.system.ctxt_total = 987654321;
    s.system.ctxt_per_s = 4521.4567;
    s.system.procs_running = 2;
    s.system.procs_blocked = 0;
    s.system.uptime_s = 3725.48;
    s.system.load_1 = 0.52;
    s.system.load_5 = 0.48;
    s.system.load_15 = 0.4;

    GpuSample gpu;
    gpu.name = "gpu";
    gpu.load_pct = 0.0;
    gpu.freq_hz = 1300500000;
    gpu.min_hz = 306000000;
    gpu.max_hz = 1300500000;
    gpu.hw_max_hz = 1300500000;
    gpu.available_hz = {306000000, 1300500000};
    gpu.governor = "nvhost_podgov";
    gpu.railgate_enabled = true;
    gpu.scaling_3d_enabled = true;
    gpu.tpc_pg_mask = 0;
    gpu.gpc = {{0, 1300500000}, {1, 0}};  // the second GPC power-gated
    s.gpu.push_back(gpu);
    s.emc = EmcSample{0.0, 3199000000, 204000000, 3199000000};
    s.engines = {
        {"APE", true, 174000000, {}}, {"VIC", true, 729600000, 31.0}, {"NVENC", false, {}, {}}};

    RailSample gpu_soc{"VDD_GPU_SOC", false, 5008.0, 872.2, 4368.0, {}, {}, {}, {}, {}, {}, false};
    RailSample cpu_cv{"VDD_CPU_CV", false, 5008.0, 317.1, 1588.0, {},
                      {},           false, false,  {},    {},     false};
    RailSample sys5v{"VIN_SYS_5V0", false, 5016.0, 843.9, 4233.0, 2100.0,
                     2600.0,        false, false,  {},    {},     false};
    RailSample ao{"VDDQ_VDD2_1V8AO", false, 1800.0, 223.9, 403.0, {}, {}, {}, {}, {}, {}, false};
    s.rails = {gpu_soc, cpu_cv, sys5v, ao};
    s.power_total_mw = 10592.0;
    s.thermal = {{"cpu", 52.625}, {"gpu", 48.281}, {"cv0", std::nullopt}, {"tj", 52.625}};
    s.fans = {{"pwmfan", 31.372549, 1530, "auto"}};
    s.mem.total_kb = 31321088;
    s.mem.available_kb = 24574272;
    s.mem.used_kb = 6746816;
    s.mem.free_kb = 20123456;
    s.mem.buffers_kb = 81234;
    s.mem.cached_kb = 3812345;
    s.mem.swap_total_kb = 15661056;
    s.mem.swap_used_kb = 46080;
    s.mem.swap_cached_kb = 0;
    s.mem.gpu_shared_kb = 412672;
    s.mem.lfb_blocks = 459;
    s.mem.lfb_block_kb = 4096;
    s.mem.major_faults_per_s = 12.5;
    s.mem.oom_kills = 1;
    s.disks = {{"mmcblk0", 0, 16384, 0.4, {}, {}, {}},
               {"nvme0n1", 412876800.5, 3145728, 87.25, {}, {}, {}}};
    s.net = {{"eth0", 1250000.125, 48213.5, {}, {}}, {"wlan0", std::nullopt, std::nullopt, {}, {}}};

    ProcsSample procs;
    procs.total = 412;
    procs.running = 3;
    ProcessSample p = process({.pid = 2187,
                               .name = "trtexec",
                               .state = 'R',
                               .cpu_pct = 97.456,
                               .rss_kb = 1843200,
                               .threads = 14,
                               .vol_ctxt_per_s = 120.04,
                               .nonvol_ctxt_per_s = 8.96,
                               .gpu = true,
                               .cpu_ticks = 123456});
    procs.top.push_back(p);
    procs.all.push_back(p);
    s.procs = procs;
    s.flags = {"gpu-bound"};
    s.psi = PsiSample{2.35, 0.84, 0.41, 3.12, 1.54};
    s.cooling = {{"pwm-fan", 1, 3}, {"cpufreq-cpu0", std::nullopt, 10}};
    return s;
}

inline Board orin_board() {
    Board b;
    b.model = "NVIDIA Jetson AGX Orin Developer Kit";
    b.compatible = {"nvidia,p3737-0000+p3701-0005", "nvidia,p3701-0005", "nvidia,tegra234"};
    b.soc = "tegra234";
    b.l4t = "36.4.3";
    b.jetpack = "6.2";
    PowerMode maxn = power_mode(0, "MAXN", std::nullopt, 12);
    PowerMode w15 = power_mode(1, "MODE_15W", 15, 4);
    w15.cpu_max_khz = {{"CPU_A78_0", 1113600}};
    w15.gpu_max_hz = 420750000;
    w15.gpu_min_hz = 0;
    b.power_modes = {maxn, w15};
    b.default_mode_id = 0;
    b.current_mode_id = 0;
    b.thermal_zones = {{"cpu-thermal", {{"passive", 99.0}, {"critical", 105.0}}}};
    return b;
}

// A header line of an AGX Orin session at 1 s, and its sample at time t, as the writer makes them.
inline std::string orin_header_line() {
    SessionHeader h;
    h.interval_ms = 1000;
    h.board = orin_board();
    return header_to_json(h).dump() + "\n";
}

inline std::string orin_sample_line(double t) {
    Sample s = orin_sample();
    s.t_s = t;
    return sample_to_json(s).dump() + "\n";
}

}  // namespace edgetop::testing
