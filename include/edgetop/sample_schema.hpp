// The session line of a Sample, described once: for every struct the line carries, its fields in
// the order they are written, each with its key, its member, its unit, its rounding and what it
// means. The line writer (session/session_sample_line.cpp), both sample readers
// (session/session_read_sample*.cpp), the fields a report summarises
// (session/session_summary_fields.hpp, selected by key), the exporter's families that show one
// field each (exporter/schema_metrics.hpp, selected by key; the unit factor comes from the unit
// here), the text snapshot's columns (commands/snapshot_text.cpp: a field no column names shows
// under its key) and the field table of docs/session-format.md (checked by
// tests/session/session_format_doc_test.cpp) all follow these tables.
//
// Adding a field to the session line: the member in sample.hpp, one entry below, the code that
// reads the value from the machine, and its row in docs/session-format.md (the test prints it).
// Serving it as a metric too: one entry naming its key in exporter/schema_metrics.hpp, whose
// name ends in the base unit of the unit here (`_bytes` for kB, `_hertz` for kHz...: checked by
// tests/exporter/schema_metrics_test.cpp), and its row in docs/metrics.md. Changing a unit here
// changes the factor of that metric: the test then names the metric whose name no longer fits.
//
// The tables are tuples of member pointers: each field keeps its own C++ type, so the writer and
// the readers pick the conversion at compile time (what the hand-written writer did), and GCC 10
// can evaluate everything here as constants.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::schema {

// The unit of a value as the line holds it (for a struct: its shape).
enum class Unit {
    percent,     // %
    khz,         // kHz
    hz,          // Hz
    millivolt,   // mV
    milliamp,    // mA
    milliwatt,   // mW
    celsius,     // °C
    kib,         // kB (1024 bytes, as /proc/meminfo)
    seconds,     // s
    per_second,  // 1/s
    per_minute,  // 1/min
    run_queue,   // a load average: runnable tasks
    count,       // a number of things
    integer,     // an identifier or a bit mask
    boolean,     // true / false
    text,        // a string
    character,   // a string of one character
    rfc3339,     // wall-clock time, RFC 3339 UTC with milliseconds
    texts,       // an array of strings
    object,      // an object (a struct described below)
    objects,     // an array of objects
    byte_rate,   // B/s
};

// The unit as docs/session-format.md names it.
constexpr std::string_view unit_text(Unit unit) {
    switch (unit) {
        case Unit::percent:
            return "%";
        case Unit::khz:
            return "kHz";
        case Unit::hz:
            return "Hz";
        case Unit::millivolt:
            return "mV";
        case Unit::milliamp:
            return "mA";
        case Unit::milliwatt:
            return "mW";
        case Unit::celsius:
            return "°C";
        case Unit::kib:
            return "kB";
        case Unit::seconds:
            return "s";
        case Unit::per_second:
            return "1/s";
        case Unit::per_minute:
            return "1/min";
        case Unit::run_queue:
            return "run-queue average";
        case Unit::count:
            return "count";
        case Unit::integer:
            return "integer";
        case Unit::boolean:
            return "bool";
        case Unit::text:
            return "string";
        case Unit::character:
            return "one character";
        case Unit::rfc3339:
            return "RFC 3339";
        case Unit::texts:
            return "[string]";
        case Unit::object:
            return "object";
        case Unit::objects:
            return "array";
        case Unit::byte_rate:
            return "B/s";
    }
    return "";
}

// How a number is written. Integers, booleans and text are written as they are (exact); a
// measured double keeps 7 significant digits (session_line::kSignificantDigits); the session time
// keeps microseconds (session_line::kTimeDecimals).
enum class Rounding { exact, significant, microseconds };

// A member of S written under key.
template <class S, class M>
struct Field {
    using Struct = S;
    using Type = M;
    std::string_view key;
    M S::*member;
    Unit unit;
    Rounding rounding;
    std::string_view meaning;

    constexpr const M& of(const S& s) const { return s.*member; }
    constexpr M& of(S& s) const { return s.*member; }
};

// A member of one of S's members, written among S's own keys (the line's "ctxt_per_s" is the
// model's system.ctxt_per_s).
template <class S, class Inner, class M>
struct NestedField {
    using Struct = S;
    using Type = M;
    std::string_view key;
    Inner S::*inner;
    M Inner::*member;
    Unit unit;
    Rounding rounding;
    std::string_view meaning;

    constexpr const M& of(const S& s) const { return (s.*inner).*member; }
    constexpr M& of(S& s) const { return (s.*inner).*member; }
};

template <class S, class M>
constexpr Field<S, M> field(std::string_view key, M S::*member, Unit unit, Rounding rounding,
                            std::string_view meaning) {
    return {key, member, unit, rounding, meaning};
}

template <class S, class M>
constexpr Field<S, M> field(std::string_view key, M S::*member, Unit unit,
                            std::string_view meaning) {
    return {key, member, unit, Rounding::exact, meaning};
}

template <class S, class Inner, class M>
constexpr NestedField<S, Inner, M> nested_field(std::string_view key, Inner S::*inner,
                                                M Inner::*member, Unit unit, Rounding rounding,
                                                std::string_view meaning) {
    return {key, inner, member, unit, rounding, meaning};
}

// Schema<T>::fields: the table of a struct the line carries (specialised below).
template <class T>
struct Schema;

template <class T, class = void>
struct HasSchema : std::false_type {};
template <class T>
struct HasSchema<T, std::void_t<decltype(Schema<T>::fields)>> : std::true_type {};
template <class T>
inline constexpr bool has_schema = HasSchema<T>::value;

template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {
    using Element = T;
};
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {
    using Value = T;
};

// An object that may be absent (emc, procs).
template <class T>
struct IsOptionalObject : std::false_type {};
template <class T>
struct IsOptionalObject<std::optional<T>> : HasSchema<T> {};
template <class T>
inline constexpr bool is_optional_object = IsOptionalObject<T>::value;

template <class T>
constexpr std::size_t field_count() {
    return std::tuple_size_v<std::decay_t<decltype(Schema<T>::fields)>>;
}

// The keys of T's fields, in order.
template <class T>
constexpr auto keys() {
    return std::apply(
        [](const auto&... f) { return std::array<std::string_view, sizeof...(f)>{f.key...}; },
        Schema<T>::fields);
}

// The position of key among T's keys (field_count<T>() when absent), for switch labels.
template <class T>
constexpr std::size_t index_of(std::string_view key) {
    constexpr auto all = keys<T>();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i] == key) return i;
    return all.size();
}

using U = Unit;
using R = Rounding;

template <>
struct Schema<CoreSample> {
    using S = CoreSample;
    static constexpr auto fields = std::make_tuple(
        field("id", &S::id, U::integer, "CPU number"),
        field("online", &S::online, U::boolean, "core is online"),
        field("util", &S::util_pct, U::percent, R::significant,
              "busy share of that core over the last interval"),
        field("user", &S::user_pct, U::percent, R::significant, "user share of that core"),
        field("system", &S::system_pct, U::percent, R::significant, "system share of that core"),
        field("iowait", &S::iowait_pct, U::percent, R::significant, "iowait share of that core"),
        field("freq_khz", &S::freq_khz, U::khz, "current clock"),
        field("min_khz", &S::min_khz, U::khz, "cpufreq lower limit"),
        field("max_khz", &S::max_khz, U::khz, "cpufreq upper limit"),
        field("hw_max_khz", &S::hw_max_khz, U::khz, "hardware maximum (`cpuinfo_max_freq`)"),
        field("governor", &S::governor, U::text, "cpufreq governor"),
        field("cluster", &S::cluster, U::integer, "cpufreq policy shared with the cluster"));
};

template <>
struct Schema<CpuSample> {
    using S = CpuSample;
    static constexpr auto fields = std::make_tuple(
        field("util", &S::util_pct, U::percent, R::significant,
              "busy share of all CPU time over the last interval; null in the first sample"),
        field("user", &S::user_pct, U::percent, R::significant, "user share of all CPU time"),
        field("system", &S::system_pct, U::percent, R::significant, "system share of all CPU time"),
        field("iowait", &S::iowait_pct, U::percent, R::significant, "iowait share of all CPU time"),
        field("cores", &S::cores, U::objects, "one entry per CPU"));
};

template <>
struct Schema<SystemSample> {
    using S = SystemSample;
    static constexpr auto fields = std::make_tuple(
        field("uptime_s", &S::uptime_s, U::seconds, R::significant, "`/proc/uptime`"),
        field("load_1", &S::load_1, U::run_queue, R::significant,
              "1-minute load average (`/proc/loadavg`)"),
        field("load_5", &S::load_5, U::run_queue, R::significant, "5-minute load average"),
        field("load_15", &S::load_15, U::run_queue, R::significant, "15-minute load average"),
        field("procs_running", &S::procs_running, U::count, "runnable tasks (`/proc/stat`)"),
        field("procs_blocked", &S::procs_blocked, U::count, "tasks blocked on I/O (`/proc/stat`)"));
};

template <>
struct Schema<GpcSample> {
    using S = GpcSample;
    static constexpr auto fields =
        std::make_tuple(field("id", &S::id, U::integer, "GPC number"),
                        field("freq_hz", &S::freq_hz, U::hz, "GPC clock (0 while power-gated)"));
};

template <>
struct Schema<GpuSample> {
    using S = GpuSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text, "GPU node (`gv11b`, `ga10b`, `gpu-gpc-0`...)"),
        field("load", &S::load_pct, U::percent, R::significant, "GPU load"),
        field("freq_hz", &S::freq_hz, U::hz, "current clock"),
        field("min_hz", &S::min_hz, U::hz, "devfreq lower limit"),
        field("max_hz", &S::max_hz, U::hz, "devfreq upper limit"),
        field("hw_max_hz", &S::hw_max_hz, U::hz, "hardware maximum"),
        field("governor", &S::governor, U::text, "devfreq governor"),
        field("railgate", &S::railgate_enabled, U::boolean, "rail gating enabled"),
        field("scaling_3d", &S::scaling_3d_enabled, U::boolean, "3D scaling enabled"),
        field("tpc_pg_mask", &S::tpc_pg_mask, U::integer, "TPC power-gating mask"),
        field("source", &S::source, U::text,
              "where the values come from: `devfreq`, `nvml`, `devfreq+nvml` (NVML completes "
              "a devfreq GPU)"),
        field("mem_util", &S::mem_util_pct, U::percent, R::significant,
              "GPU memory busy share (NVML)"),
        field("mem_freq_hz", &S::mem_freq_hz, U::hz, "GPU memory clock (NVML)"),
        field("mem_max_hz", &S::mem_max_hz, U::hz, "GPU memory clock maximum (NVML)"),
        field("temp_c", &S::temp_c, U::celsius, R::significant, "GPU temperature (NVML)"),
        field("power_mw", &S::power_mw, U::milliwatt, R::significant, "GPU power draw (NVML)"),
        field("power_limit_mw", &S::power_limit_mw, U::milliwatt, R::significant,
              "GPU power limit in force (NVML)"),
        field("mem_used_kb", &S::mem_used_kb, U::kib, "GPU memory in use (NVML)"),
        field("mem_total_kb", &S::mem_total_kb, U::kib, "GPU memory (NVML)"),
        field("gpc", &S::gpc, U::objects,
              "clocks of the GPU's graphics clusters (GPCs), where known; absent key in older "
              "sessions"));
};

template <>
struct Schema<EmcSample> {
    using S = EmcSample;
    static constexpr auto fields = std::make_tuple(
        field("util", &S::util_pct, U::percent, R::significant, "memory-controller activity"),
        field("freq_hz", &S::freq_hz, U::hz, "memory-controller clock"),
        field("min_hz", &S::min_hz, U::hz, "lower clock limit"),
        field("max_hz", &S::max_hz, U::hz, "upper clock limit"));
};

template <>
struct Schema<EngineSample> {
    using S = EngineSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text,
              "`APE`, `DLA0`, `PVA0`, `NVENC`, `NVDEC`, `NVJPG`, `VIC`, `OFA`, `SE`...; a "
              "discrete GPU's video engines by its NVML index: `GPU0 NVENC`"),
        field("online", &S::online, U::boolean, "clock enabled"),
        field("freq_hz", &S::freq_hz, U::hz, "engine clock"),
        field("load", &S::load_pct, U::percent, R::significant,
              "engine load (tegrastats, the engine's kernel `load` file, or NVML)"),
        field("load_period_s", &S::load_period_s, U::seconds, R::significant,
              "the sampling period NVML's load covers; absent key in older sessions"));
};

template <>
struct Schema<RailSample> {
    using S = RailSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text, "rail label (`VDD_IN`, `VDD_GPU_SOC`, `package-0`...)"),
        field("voltage_mv", &S::voltage_mv, U::millivolt, R::significant, "bus voltage"),
        field("current_ma", &S::current_ma, U::milliamp, R::significant, "current"),
        field("power_mw", &S::power_mw, U::milliwatt, R::significant, "power"),
        field("is_total", &S::is_total, U::boolean, "the board's input rail (or a computed total)"),
        field("in_total", &S::in_total, U::boolean,
              "summed into the board total (boards without an input rail)"),
        field("warn_ma", &S::warn_ma, U::milliamp, R::significant, "INA3221 warning current limit"),
        field("crit_ma", &S::crit_ma, U::milliamp, R::significant,
              "INA3221 critical current limit"),
        field("warn_alarm", &S::warn_alarm, U::boolean, "warning limit alarm"),
        field("crit_alarm", &S::crit_alarm, U::boolean, "critical limit alarm"));
};

template <>
struct Schema<OcEventSample> {
    using S = OcEventSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text, "`oc1`, `oc2`, `oc3`: the prefix of its sysfs files"),
        field("kind", &S::kind, U::text,
              "`under-voltage` (oc1), `average over-current` (oc2), `instantaneous over-current` "
              "(oc3)"),
        field("events", &S::events, U::count,
              "throttle events since boot (`ocN_event_cnt`); null when unreadable"),
        field("events_per_s", &S::events_per_s, U::per_second, R::significant,
              "events over the last interval; null in the first sample and where the count "
              "went back (a reset)"),
        field("throttle_enabled", &S::throttle_enabled, U::boolean,
              "the event throttles the clocks (`ocN_throt_en`)"));
};

template <>
struct Schema<ThermalSample> {
    using S = ThermalSample;
    static constexpr auto fields =
        std::make_tuple(field("name", &S::name, U::text, "zone or sensor name"),
                        field("temp_c", &S::temp_c, U::celsius, R::significant,
                              "temperature; null when power-gated or unreadable"));
};

template <>
struct Schema<FanSample> {
    using S = FanSample;
    static constexpr auto fields =
        std::make_tuple(field("name", &S::name, U::text, "fan"),
                        field("speed_pct", &S::speed_pct, U::percent, R::significant,
                              "PWM duty (0-255 as percent)"),
                        field("rpm", &S::rpm, U::per_minute, "tachometer"),
                        field("control", &S::control_mode, U::text, "`\"auto\"`, `\"manual\"`..."));
};

template <>
struct Schema<MemSample> {
    using S = MemSample;
    static constexpr auto fields = std::make_tuple(
        field("total_kb", &S::total_kb, U::kib, "`/proc/meminfo` MemTotal"),
        field("available_kb", &S::available_kb, U::kib, "MemAvailable"),
        field("used_kb", &S::used_kb, U::kib, "total - available"),
        field("free_kb", &S::free_kb, U::kib, "MemFree"),
        field("buffers_kb", &S::buffers_kb, U::kib, "Buffers"),
        field("cached_kb", &S::cached_kb, U::kib,
              "page cache: Cached + SReclaimable, as free(1) counts it"),
        field("swap_total_kb", &S::swap_total_kb, U::kib, "SwapTotal"),
        field("swap_used_kb", &S::swap_used_kb, U::kib, "swap in use"),
        field("swap_cached_kb", &S::swap_cached_kb, U::kib, "SwapCached"),
        field("gpu_shared_kb", &S::gpu_shared_kb, U::kib, "nvmap memory held for the GPU"),
        field("lfb_blocks", &S::lfb_blocks, U::count,
              "largest free blocks: how many (as tegrastats' `lfb`)"),
        field("lfb_block_kb", &S::lfb_block_kb, U::kib, "largest free blocks: their size"),
        field("major_faults_per_s", &S::major_faults_per_s, U::per_second, R::significant,
              "major page faults (`/proc/vmstat` pgmajfault) over the last interval"),
        field(
            "oom_kills", &S::oom_kills, U::count,
            "processes the OOM killer killed since boot (`/proc/vmstat` oom_kill, kernel 4.13+)"));
};

template <>
struct Schema<PsiSample> {
    using S = PsiSample;
    static constexpr auto fields = std::make_tuple(
        field("cpu_some", &S::cpu_some_pct, U::percent, R::significant,
              "share of the last 10 s some tasks waited for a CPU (`/proc/pressure/cpu` avg10)"),
        field("memory_some", &S::memory_some_pct, U::percent, R::significant,
              "share of the last 10 s some tasks waited for memory (reclaim, swap-in, refault)"),
        field("memory_full", &S::memory_full_pct, U::percent, R::significant,
              "share of the last 10 s every non-idle task waited for memory"),
        field("io_some", &S::io_some_pct, U::percent, R::significant,
              "share of the last 10 s some tasks waited for I/O"),
        field("io_full", &S::io_full_pct, U::percent, R::significant,
              "share of the last 10 s every non-idle task waited for I/O"));
};

template <>
struct Schema<CoolingSample> {
    using S = CoolingSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text,
              "cooling device type (`pwm-fan`, `CPU-balanced`, `Processor`...), repeats numbered "
              "`.1`, `.2`..."),
        field("state", &S::state, U::integer,
              "current cooling state (`cur_state`); 0 = not cooling, for a CPU or GPU device "
              "above 0 the kernel lowers its clocks"),
        field("max_state", &S::max_state, U::integer, "highest cooling state (`max_state`)"));
};

template <>
struct Schema<ProcessSample> {
    using S = ProcessSample;
    static constexpr auto fields = std::make_tuple(
        field("pid", &S::pid, U::integer, "process id"),
        field("name", &S::name, U::text, "command name"), field("user", &S::user, U::text, "owner"),
        field("state", &S::state, U::character, "`R`, `S`, `D`, ..."),
        field("cpu", &S::cpu_pct, U::percent, R::significant,
              "of one core over the last interval (100 = one full core)"),
        field("rss_kb", &S::rss_kb, U::kib, "resident memory"),
        field("threads", &S::threads, U::count, "threads"),
        field("vol_ctxt_per_s", &S::vol_ctxt_per_s, U::per_second, R::significant,
              "voluntary context switches"),
        field("nonvol_ctxt_per_s", &S::nonvol_ctxt_per_s, U::per_second, R::significant,
              "involuntary context switches"),
        field("gpu", &S::gpu, U::boolean, "holds a GPU device node open"),
        field("gpu_mem_kb", &S::gpu_mem_kb, U::kib, "GPU memory it holds, all GPUs (NVML)"),
        field("group", &S::group, U::text,
              "name of its control group (`groups[].name`); absent key in older sessions"));
};

template <>
struct Schema<ProcsSample> {
    using S = ProcsSample;
    static constexpr auto fields =
        std::make_tuple(field("total", &S::total, U::count, "processes"),
                        field("running", &S::running, U::count, "running processes"),
                        field("top", &S::top, U::objects, "busiest processes, by CPU"));
};

template <>
struct Schema<DiskSample> {
    using S = DiskSample;
    static constexpr auto fields =
        std::make_tuple(field("name", &S::name, U::text, "disk (`mmcblk0`, `nvme0n1`, `sda`...)"),
                        field("read_bytes_per_s", &S::read_bytes_per_s, U::byte_rate,
                              R::significant, "bytes read over the last interval (sectors x 512)"),
                        field("write_bytes_per_s", &S::write_bytes_per_s, U::byte_rate,
                              R::significant, "bytes written over the last interval"),
                        field("busy_pct", &S::busy_pct, U::percent, R::significant,
                              "share of the interval with I/O in flight (`io_ticks`)"));
};

template <>
struct Schema<NetSample> {
    using S = NetSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text, "interface (`eth0`, `wlan0`, `l4tbr0`...)"),
        field("rx_bytes_per_s", &S::rx_bytes_per_s, U::byte_rate, R::significant,
              "bytes received over the last interval"),
        field("tx_bytes_per_s", &S::tx_bytes_per_s, U::byte_rate, R::significant,
              "bytes transmitted over the last interval"));
};

template <>
struct Schema<GroupSample> {
    using S = GroupSample;
    static constexpr auto fields = std::make_tuple(
        field("name", &S::name, U::text,
              "container name, `namespace/pod/container`, `ssh.service`, ...; a short id where "
              "the runtime's state is unreadable"),
        field("kind", &S::kind, U::text,
              "`docker`, `containerd`, `podman`, `kubernetes`, `service`, `user`, `cgroup`"),
        field("id", &S::id, U::text, "a container's short id (12 hex digits)"),
        field("path", &S::path, U::text, "cgroup path (v2, or the v1 cpu controller's)"),
        field("processes", &S::processes, U::count, "processes of the table in it"),
        field("cpu_pct", &S::cpu_pct, U::percent, R::significant,
              "CPU time over the last interval, 100 = one core (`cpu.stat` usage_usec, v1 "
              "`cpuacct.usage`)"),
        field("cpu_limit_pct", &S::cpu_limit_pct, U::percent, R::significant,
              "CFS quota over its period, 100 = one core (`cpu.max`, v1 `cpu.cfs_quota_us`); "
              "null without a quota"),
        field("periods", &S::periods, U::count, "CFS periods since creation (`nr_periods`)"),
        field("throttled_periods", &S::throttled_periods, U::count,
              "periods throttled since creation (`nr_throttled`)"),
        field("throttled_pct", &S::throttled_pct, U::percent, R::significant,
              "share of the last interval's periods that were throttled"),
        field("throttled_s", &S::throttled_s, U::seconds, R::significant,
              "time throttled since creation (`throttled_usec`, v1 `throttled_time`)"),
        field("memory_kb", &S::memory_kb, U::kib,
              "memory charged (`memory.current`, v1 `memory.usage_in_bytes`)"),
        field("memory_limit_kb", &S::memory_limit_kb, U::kib,
              "memory limit (`memory.max`, v1 `memory.limit_in_bytes`); null without one"),
        field("oom_kills", &S::oom_kills, U::count,
              "processes the OOM killer killed in it (`memory.events`, v1 `memory.oom_control` "
              "oom_kill)"),
        field("io_read_bytes_per_s", &S::io_read_bytes_per_s, U::byte_rate, R::significant,
              "bytes read over the last interval (`io.stat` rbytes, v1 "
              "`blkio.throttle.io_service_bytes`)"),
        field("io_write_bytes_per_s", &S::io_write_bytes_per_s, U::byte_rate, R::significant,
              "bytes written over the last interval"),
        field("cpu_some_pct", &S::cpu_some_pct, U::percent, R::significant,
              "`cpu.pressure` some avg10"),
        field("memory_some_pct", &S::memory_some_pct, U::percent, R::significant,
              "`memory.pressure` some avg10"),
        field("memory_full_pct", &S::memory_full_pct, U::percent, R::significant,
              "`memory.pressure` full avg10"),
        field("io_some_pct", &S::io_some_pct, U::percent, R::significant,
              "`io.pressure` some avg10"),
        field("io_full_pct", &S::io_full_pct, U::percent, R::significant,
              "`io.pressure` full avg10"),
        field("pids", &S::pids, U::count, "tasks, threads included (`pids.current`)"),
        field("gpu_mem_kb", &S::gpu_mem_kb, U::kib,
              "GPU memory of its processes, summed from the process table"));
};

template <>
struct Schema<Sample> {
    using S = Sample;
    static constexpr auto fields = std::make_tuple(
        field("t", &S::t_s, U::seconds, R::microseconds,
              "seconds since the start, monotonic, strictly increasing"),
        field("time", &S::time, U::rfc3339, "wall-clock time of the sample"),
        field("cpu", &S::cpu, U::object, "CPU utilisation and clocks"),
        field("system", &S::system, U::object, "uptime, load, run queue"),
        nested_field("ctxt_per_s", &S::system, &SystemSample::ctxt_per_s, U::per_second,
                     R::significant, "context switches per second over the last interval"),
        field("gpu", &S::gpu, U::objects, "one entry per GPU"),
        field("emc", &S::emc, U::object, "memory controller; null without an EMC source"),
        field("engines", &S::engines, U::objects, "accelerator engines: clock and load"),
        field("rails", &S::rails, U::objects, "power rails"),
        field("power_total_mw", &S::power_total_mw, U::milliwatt, R::significant,
              "board input power"),
        field("oc_events", &S::oc_events, U::objects,
              "over-current and under-voltage throttle counters of the `soctherm_oc` hwmon "
              "(Orin, Thor); empty elsewhere"),
        field("thermal", &S::thermal, U::objects, "thermal zones and sensors"),
        field("fans", &S::fans, U::objects, "fans"), field("mem", &S::mem, U::object, "memory"),
        field("procs", &S::procs, U::object,
              "process table; null without one (always with `--root` other than `/`)"),
        field("flags", &S::flags, U::texts, "analysis flags raised at this sample"),
        field("psi", &S::psi, U::object,
              "pressure stall information (avg10); null without `/proc/pressure` (kernels before "
              "4.20: JetPack 4)"),
        field("cooling", &S::cooling, U::objects, "thermal cooling devices"),
        field("disks", &S::disks, U::objects,
              "physical disks of `/proc/diskstats` (no partitions, loop, ram, zram, dm)"),
        field("net", &S::net, U::objects, "network interfaces of `/proc/net/dev` but `lo`"),
        field("groups", &S::groups, U::objects,
              "control groups holding processes of the table (containers, pods, services), at "
              "most 128; empty without a process table"));
};

}  // namespace edgetop::schema
