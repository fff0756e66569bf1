// One instant of every reading edgetop knows about.
//
// Every value that a machine may not expose is a std::optional (or an empty vector for a list of
// units): absent is never a magic number. Units are part of every field name. Fields under "raw
// counters" are what the sensors read; analysis/rates turns two consecutive samples' counters into
// the per-second and percentage fields. The session file writes the derived fields, not the raw
// ones.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace edgetop {

// /proc/stat jiffies of one cpu line (raw counter).
struct CpuTicks {
    uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    uint64_t total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
};

struct CoreSample {
    int id = 0;
    bool online = true;
    std::optional<int> cluster;  // cpufreq policy number shared by related_cpus
    std::optional<CpuTicks> ticks;
    std::optional<double> util_pct, user_pct, system_pct, iowait_pct;
    std::optional<int64_t> freq_khz, min_khz, max_khz, hw_max_khz;
    std::optional<std::string> governor;
};

struct CpuSample {
    std::optional<CpuTicks> ticks;  // the aggregate "cpu" line
    std::optional<double> util_pct, user_pct, system_pct, iowait_pct;
    std::vector<CoreSample> cores;
};

struct SystemSample {
    std::optional<uint64_t> ctxt_total;  // raw counter: /proc/stat ctxt
    std::optional<double> ctxt_per_s;
    std::optional<int64_t> procs_running, procs_blocked;
    std::optional<double> uptime_s;
    std::optional<double> load_1, load_5, load_15;
};

// The clock of one graphics processing cluster of a GPU that has several (AGX Orin: two, Thor).
struct GpcSample {
    int id = 0;  // GPC number: nafll_gpcN, or the place in tegrastats' "@[f0,f1]"
    std::optional<int64_t> freq_hz;  // absent or 0 Hz while the GPC is power-gated
};

struct GpuSample {
    std::string name;  // of_node name, devfreq node name, or the NVML device name
    // Where the values come from: "devfreq", "nvml", or "devfreq+nvml" (an integrated GPU whose
    // devfreq values NVML completes, e.g. Thor's load); absent in sessions that predate it.
    std::optional<std::string> source;
    std::optional<double> load_pct;
    std::optional<int64_t> freq_hz, min_hz, max_hz, hw_max_hz;
    std::vector<int64_t> available_hz;
    std::optional<std::string> governor;
    std::optional<bool> railgate_enabled, scaling_3d_enabled;
    std::optional<int64_t> tpc_pg_mask;
    // From NVML only.
    std::optional<double> mem_util_pct;              // memory-controller busy share
    std::optional<int64_t> mem_freq_hz, mem_max_hz;  // memory clock, current and maximum
    std::optional<double> temp_c;
    std::optional<double> power_mw, power_limit_mw;  // board power draw, enforced limit
    std::optional<int64_t> mem_used_kb, mem_total_kb;
    // One entry per GPC where the GPU's GPC clocks are known (debugfs as root, tegrastats
    // "@[...]"); freq_hz is then the highest of them.
    std::vector<GpcSample> gpc;
};

struct EmcSample {
    std::optional<double> util_pct;
    std::optional<int64_t> freq_hz, min_hz, max_hz;
};

struct EngineSample {
    // APE, DLA0, PVA0, NVENC, NVDEC, NVJPG, VIC, OFA, SE, ...; a discrete GPU's video engines
    // (NVML) are named after its NVML index: "GPU0 NVENC".
    std::string name;
    std::optional<bool> online;
    std::optional<int64_t> freq_hz;
    // Share of the engine busy: tegrastats, a kernel load file, or NVML.
    std::optional<double> load_pct;
    // The window NVML's load covers (NVML only); `{}` so that the brace lists written before it
    // need not name it.
    std::optional<double> load_period_s{};
};

struct RailSample {
    std::string name;
    bool is_total = false;  // the board's input rail (VDD_IN / POM_5V_IN), or a computed sum
    std::optional<double> voltage_mv, current_ma, power_mw;
    std::optional<double> warn_ma, crit_ma;
    std::optional<bool> warn_alarm, crit_alarm;
    std::optional<uint64_t> energy_uj;      // raw counter (RAPL)
    std::optional<uint64_t> energy_max_uj;  // where energy_uj wraps
    bool in_total = false;  // one of the rails whose sum is the board total (no input rail)
};

// One event counter of the SoC's over-current hwmon (`soctherm_oc`, Jetson Orin and Thor). Each
// event is the hardware lowering the CPU and GPU clocks for a moment, where throttling is enabled.
struct OcEventSample {
    std::string name;  // "oc1", "oc2", "oc3": the prefix of its sysfs files
    std::string kind;  // "under-voltage", "average over-current", "instantaneous over-current"
    std::optional<int64_t> events;         // count since boot (ocN_event_cnt)
    std::optional<double> events_per_s;    // over the last interval
    std::optional<bool> throttle_enabled;  // ocN_throt_en
};

struct ThermalSample {
    std::string name;
    std::optional<double> temp_c;  // absent when power-gated (-256000) or unreadable
};

struct FanSample {
    std::string name;
    std::optional<double> speed_pct;  // PWM 0-255 as a percentage
    std::optional<int64_t> rpm;
    std::optional<std::string> control_mode;  // "auto", "manual", ...
};

struct MemSample {
    std::optional<int64_t> total_kb, available_kb, used_kb, free_kb, buffers_kb, cached_kb;
    std::optional<int64_t> swap_total_kb, swap_used_kb, swap_cached_kb;
    std::optional<int64_t> gpu_shared_kb;
    std::optional<int64_t> lfb_blocks, lfb_block_kb;  // largest free block: count x size
    // /proc/vmstat
    std::optional<double> major_faults_per_s;    // pgmajfault over the last interval
    std::optional<int64_t> oom_kills;            // oom_kill since boot (kernel 4.13+)
    std::optional<uint64_t> major_faults_total;  // raw counter: pgmajfault
};

// Pressure stall information (/proc/pressure/*, kernel 4.20+): each value is the line's avg10,
// the share of the last 10 s in which some (or all non-idle) tasks waited for that resource.
struct PsiSample {
    std::optional<double> cpu_some_pct, memory_some_pct, memory_full_pct, io_some_pct, io_full_pct;
};

// A thermal cooling device (/sys/class/thermal/cooling_device*): 0 = not cooling.
struct CoolingSample {
    std::string name;  // its type: "pwm-fan", "cpufreq-cpu0", "Processor"...
    std::optional<int64_t> state, max_state;
};

struct ProcessSample {
    int pid = 0;
    std::string name;
    std::optional<std::string> user;
    std::optional<char> state;
    std::optional<double> cpu_pct;  // over the last interval, 100 = one core
    std::optional<int64_t> rss_kb;
    std::optional<int64_t> threads;
    std::optional<double> vol_ctxt_per_s, nonvol_ctxt_per_s;
    std::optional<bool> gpu;            // holds a GPU device node open
    std::optional<int64_t> gpu_mem_kb;  // GPU memory it holds, every GPU together (NVML)
    std::optional<std::string> group;   // the name of its control group (GroupSample::name)
    // For the view only, not written to the session: the parent (the tree view) and the command
    // line with its arguments ("[kthreadd]" for a kernel thread; empty where unreadable).
    std::optional<int> ppid;
    std::string command;
    // raw counters
    std::optional<uint64_t> cpu_ticks;    // utime + stime
    std::optional<uint64_t> start_ticks;  // start time after boot: tells a reused pid apart
    std::optional<uint64_t> vol_ctxt_total, nonvol_ctxt_total;
};

struct ProcsSample {
    int64_t total = 0;
    int64_t running = 0;
    std::vector<ProcessSample> top;  // the busiest processes, by cpu_pct
    std::vector<ProcessSample> all;  // every process seen (not written to the session)
};

// One physical disk of /proc/diskstats.
struct DiskSample {
    std::string name;  // mmcblk0, nvme0n1, sda...
    std::optional<double> read_bytes_per_s, write_bytes_per_s;
    std::optional<double> busy_pct;  // share of the interval with I/O in flight (io_ticks)
    // raw counters
    std::optional<uint64_t> read_bytes_total, written_bytes_total;  // sectors x 512
    std::optional<uint64_t> io_time_ms_total;                       // io_ticks
};

// One network interface of /proc/net/dev (lo excluded).
struct NetSample {
    std::string name;
    std::optional<double> rx_bytes_per_s, tx_bytes_per_s;
    // raw counters
    std::optional<uint64_t> rx_bytes_total, tx_bytes_total;
};

// One control group that holds at least one process of the table: a container, a Kubernetes
// pod's container, a systemd service or user slice, else a cgroup by its path. Its values come
// from the cgroup's own files (v2, or the v1 controllers), not from summing its processes.
struct GroupSample {
    std::string path;  // the cgroup path: v2 unified, or the v1 cpu controller's
    std::string name;  // the container's name, "namespace/pod/container", "ssh.service", ...
    std::string kind;  // docker, containerd, podman, kubernetes, service, user, cgroup
    std::optional<std::string> id;        // a container's short id (12 hex digits)
    int64_t processes = 0;                // processes of the table in it
    std::optional<double> cpu_pct;        // over the last interval, 100 = one core
    std::optional<double> cpu_limit_pct;  // its CFS quota over its period (100 = one core)
    std::optional<int64_t> periods, throttled_periods;  // CFS periods since creation
    std::optional<double> throttled_pct;                // share of the interval's periods throttled
    std::optional<double> throttled_s;                  // time throttled since creation
    std::optional<int64_t> memory_kb, memory_limit_kb;
    std::optional<int64_t> oom_kills;  // processes the OOM killer killed in it
    std::optional<double> io_read_bytes_per_s, io_write_bytes_per_s;
    std::optional<double> cpu_some_pct, memory_some_pct, memory_full_pct, io_some_pct,
        io_full_pct;                    // its pressure files' avg10
    std::optional<int64_t> pids;        // tasks (threads included): pids.current
    std::optional<int64_t> gpu_mem_kb;  // the sum of its processes' GPU memory
    // raw counters
    std::optional<uint64_t> cpu_usage_ns_total;
    std::optional<uint64_t> io_read_bytes_total, io_written_bytes_total;
};

struct Sample {
    double t_s = 0;  // seconds since the session started, monotonic clock
    std::chrono::system_clock::time_point time;
    CpuSample cpu;
    SystemSample system;
    std::vector<GpuSample> gpu;
    std::optional<EmcSample> emc;
    std::vector<EngineSample> engines;
    std::vector<RailSample> rails;
    std::optional<double> power_total_mw;
    std::vector<OcEventSample> oc_events;  // empty where the SoC has no soctherm_oc hwmon
    std::vector<ThermalSample> thermal;
    std::vector<FanSample> fans;
    MemSample mem;
    std::optional<ProcsSample> procs;  // absent with --root other than "/"
    std::vector<std::string> flags;
    std::optional<PsiSample> psi;  // absent where the kernel has no /proc/pressure
    std::vector<CoolingSample> cooling;
    std::vector<DiskSample> disks;
    std::vector<NetSample> net;
    std::vector<GroupSample> groups;  // empty without a process table
};

}  // namespace edgetop
