// The metric families that show one field of the session schema each (metric_view.hpp says how):
// per struct, its families in the order they are served, each naming its field by key (a wrong
// key does not compile); the unit factor comes from the field's unit, and
// tests/exporter/schema_metrics_test.cpp checks every name's unit suffix against that unit.
//
// Written by hand in families_*.cpp, because their value is not one field of the schema:
// - edgetop_cpu_seconds_total: seconds from the raw tick counters (not in the schema), per mode;
// - edgetop_context_switches_total: the raw ctxt counter (not in the schema; the line has a rate);
// - edgetop_rail_power_watts: the sensor's power, else volts x amperes;
// - edgetop_rail_energy_joules_total, edgetop_energy_joules_total: integrated by edgetop;
// - edgetop_board_info, edgetop_power_mode_*: the board, not the sample;
// - edgetop_flag_*, edgetop_samples_total, edgetop_last_sample_timestamp_seconds: the serve's own
//   counts and the sample's wall-clock time as Unix seconds;
// - edgetop_memory_major_faults_total, edgetop_memory_oom_kills_total: counters (/proc/vmstat),
//   the first from the raw counter the line does not carry;
// - edgetop_oc_events_total: a counter (the soctherm_oc counts since boot).
#pragma once

#include "edgetop/sample_schema.hpp"
#include "exporter/metric_view.hpp"

namespace edgetop::exporter {

template <>
struct SchemaMetrics<CpuSample> {
    using S = CpuSample;
    static constexpr auto metrics = std::make_tuple(metric<S, schema::index_of<S>("util")>(
        "edgetop_cpu_utilization_ratio",
        "Busy share of all CPU time over the last sample interval, 0 to 1 (absent in the first "
        "sample)."));
};

template <>
struct SchemaMetrics<CoreSample> {
    using S = CoreSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("id")>("cpu");
    static constexpr auto metrics =
        std::make_tuple(metric<S, schema::index_of<S>("online")>(
                            "edgetop_cpu_online", "Whether the CPU core is online (1) or not (0)."),
                        metric<S, schema::index_of<S>("freq_khz")>("edgetop_cpu_frequency_hertz",
                                                                   "Current CPU core frequency."),
                        metric<S, schema::index_of<S>("min_khz")>(
                            "edgetop_cpu_frequency_min_hertz",
                            "Lowest frequency the governor may set (scaling_min_freq)."),
                        metric<S, schema::index_of<S>("max_khz")>(
                            "edgetop_cpu_frequency_max_hertz",
                            "Highest frequency the governor may set (scaling_max_freq)."));
};

template <>
struct SchemaMetrics<SystemSample> {
    using S = SystemSample;
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("procs_running")>("edgetop_procs_running",
                                                        "Processes in runnable state."),
        metric<S, schema::index_of<S>("procs_blocked")>("edgetop_procs_blocked",
                                                        "Processes blocked waiting for I/O."),
        metric<S, schema::index_of<S>("load_1")>("edgetop_load1", "1-minute load average."),
        metric<S, schema::index_of<S>("load_5")>("edgetop_load5", "5-minute load average."),
        metric<S, schema::index_of<S>("load_15")>("edgetop_load15", "15-minute load average."),
        metric<S, schema::index_of<S>("uptime_s")>("edgetop_uptime_seconds",
                                                   "Time since boot (/proc/uptime)."));
};

template <>
struct SchemaMetrics<GpuSample> {
    using S = GpuSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("gpu");
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("load")>("edgetop_gpu_load_ratio",
                                               "GPU load, 0 to 1 (devfreq load)."),
        metric<S, schema::index_of<S>("freq_hz")>("edgetop_gpu_frequency_hertz",
                                                  "Current GPU frequency."),
        metric<S, schema::index_of<S>("min_hz")>("edgetop_gpu_frequency_min_hertz",
                                                 "Lowest GPU frequency allowed now."),
        metric<S, schema::index_of<S>("max_hz")>("edgetop_gpu_frequency_max_hertz",
                                                 "Highest GPU frequency allowed now."),
        metric<S, schema::index_of<S>("mem_util")>(
            "edgetop_gpu_memory_utilization_ratio",
            "Share of time GPU memory was read or written, 0 to 1 (NVML)."),
        metric<S, schema::index_of<S>("mem_freq_hz")>("edgetop_gpu_memory_frequency_hertz",
                                                      "Current GPU memory clock (NVML)."),
        metric<S, schema::index_of<S>("mem_max_hz")>("edgetop_gpu_memory_frequency_max_hertz",
                                                     "Highest GPU memory clock (NVML)."),
        metric<S, schema::index_of<S>("temp_c")>("edgetop_gpu_temperature_celsius",
                                                 "GPU temperature (NVML)."),
        metric<S, schema::index_of<S>("power_mw")>("edgetop_gpu_power_watts",
                                                   "GPU power draw (NVML)."),
        metric<S, schema::index_of<S>("power_limit_mw")>("edgetop_gpu_power_limit_watts",
                                                         "GPU power limit in force (NVML)."),
        metric<S, schema::index_of<S>("mem_used_kb")>("edgetop_gpu_memory_used_bytes",
                                                      "GPU memory in use (NVML)."),
        metric<S, schema::index_of<S>("mem_total_kb")>("edgetop_gpu_memory_total_bytes",
                                                       "GPU memory (NVML)."));
};

template <>
struct SchemaMetrics<EmcSample> {
    using S = EmcSample;
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("util")>("edgetop_emc_utilization_ratio",
                                               "External memory controller utilisation, 0 to 1."),
        metric<S, schema::index_of<S>("freq_hz")>("edgetop_emc_frequency_hertz",
                                                  "External memory controller frequency."));
};

template <>
struct SchemaMetrics<EngineSample> {
    using S = EngineSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("engine");
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("online")>(
            "edgetop_engine_online",
            "Whether the hardware engine (DLA, PVA, NVENC, ...) is clocked (1) or gated (0)."),
        metric<S, schema::index_of<S>("freq_hz")>("edgetop_engine_frequency_hertz",
                                                  "Hardware engine clock."),
        metric<S, schema::index_of<S>("load")>(
            "edgetop_engine_load_ratio", "Hardware engine load, 0 to 1 (absent when unknown)."),
        metric<S, schema::index_of<S>("load_period_s")>(
            "edgetop_engine_load_period_seconds",
            "The sampling period the engine's load covers (NVML's video engines only)."));
};

// The rail's power is written by hand (families_power.cpp): volts x amperes when the sensor has
// no power reading.
template <>
struct SchemaMetrics<RailSample> {
    using S = RailSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("rail");
    static constexpr auto metrics =
        std::make_tuple(metric<S, schema::index_of<S>("voltage_mv")>(
                            "edgetop_rail_voltage_volts", "Bus voltage of the power rail."),
                        metric<S, schema::index_of<S>("current_ma")>(
                            "edgetop_rail_current_amperes", "Current through the power rail."),
                        metric<S, schema::index_of<S>("warn_alarm")>(
                            "edgetop_rail_warning_alarm",
                            "Whether the rail's warning current alarm is set (1) or not (0)."),
                        metric<S, schema::index_of<S>("crit_alarm")>(
                            "edgetop_rail_critical_alarm",
                            "Whether the rail's critical current alarm is set (1) or not (0)."));
};

// The event counts are a counter written by hand (families_power.cpp).
template <>
struct SchemaMetrics<OcEventSample> {
    using S = OcEventSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("event");
    static constexpr auto metrics = std::make_tuple(metric<S,
                                                           schema::index_of<S>("throttle_enabled")>(
        "edgetop_oc_throttle_enabled",
        "Whether the over-current or under-voltage event throttles the clocks (1) or not (0)."));
};

template <>
struct SchemaMetrics<Sample> {
    using S = Sample;
    static constexpr auto metrics =
        std::make_tuple(metric<S, schema::index_of<S>("power_total_mw")>(
            "edgetop_power_watts",
            "Power of the whole board (its input rail, or the sum of its rails)."));
};

template <>
struct SchemaMetrics<ThermalSample> {
    using S = ThermalSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("zone");
    static constexpr auto metrics = std::make_tuple(metric<S, schema::index_of<S>("temp_c")>(
        "edgetop_temperature_celsius",
        "Temperature of the thermal zone (absent while power-gated)."));
};

template <>
struct SchemaMetrics<FanSample> {
    using S = FanSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("fan");
    static constexpr auto metrics =
        std::make_tuple(metric<S, schema::index_of<S>("speed_pct")>("edgetop_fan_speed_ratio",
                                                                    "Fan PWM duty, 0 to 1."),
                        metric<S, schema::index_of<S>("rpm")>("edgetop_fan_speed_rpm",
                                                              "Fan speed from its tachometer."));
};

template <>
struct SchemaMetrics<MemSample> {
    using S = MemSample;
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("total_kb")>("edgetop_memory_total_bytes",
                                                   "Physical memory (MemTotal)."),
        metric<S, schema::index_of<S>("available_kb")>(
            "edgetop_memory_available_bytes",
            "Memory available for new work without swapping (MemAvailable)."),
        metric<S, schema::index_of<S>("used_kb")>("edgetop_memory_used_bytes",
                                                  "Memory in use: total minus available."),
        metric<S, schema::index_of<S>("free_kb")>("edgetop_memory_free_bytes",
                                                  "Unused memory (MemFree)."),
        metric<S, schema::index_of<S>("buffers_kb")>("edgetop_memory_buffers_bytes",
                                                     "Block device buffers (Buffers)."),
        metric<S, schema::index_of<S>("cached_kb")>(
            "edgetop_memory_cached_bytes",
            "Page cache and reclaimable slab (Cached + SReclaimable, as free(1) counts them)."),
        metric<S, schema::index_of<S>("gpu_shared_kb")>(
            "edgetop_memory_gpu_shared_bytes",
            "Memory the GPU holds through nvmap (shared with the CPU on Jetson)."),
        metric<S, schema::index_of<S>("lfb_block_kb")>(
            "edgetop_memory_largest_free_block_bytes",
            "Size of the largest free contiguous blocks (buddyinfo; tegrastats lfb)."),
        metric<S, schema::index_of<S>("lfb_blocks")>(
            "edgetop_memory_largest_free_blocks",
            "How many free blocks of the largest size there are."),
        metric<S, schema::index_of<S>("swap_total_kb")>("edgetop_swap_total_bytes",
                                                        "Swap space (SwapTotal)."),
        metric<S, schema::index_of<S>("swap_used_kb")>("edgetop_swap_used_bytes", "Swap in use."),
        metric<S, schema::index_of<S>("swap_cached_kb")>("edgetop_swap_cached_bytes",
                                                         "Swap also held in memory (SwapCached)."));
};

// PSI's avg10 is the share of the last 10 s in which tasks stalled: a ratio 0..1, served as the
// gauge it is. (node_exporter serves the files' `total` as node_pressure_*_seconds_total; edgetop
// keeps avg10 only, which a counter cannot be rebuilt from.)
template <>
struct SchemaMetrics<PsiSample> {
    using S = PsiSample;
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("cpu_some")>(
            "edgetop_pressure_cpu_some_ratio",
            "Share of the last 10 s some tasks waited for a CPU, 0 to 1 (PSI avg10)."),
        metric<S, schema::index_of<S>("memory_some")>(
            "edgetop_pressure_memory_some_ratio",
            "Share of the last 10 s some tasks waited for memory, 0 to 1 (PSI avg10)."),
        metric<S, schema::index_of<S>("memory_full")>(
            "edgetop_pressure_memory_full_ratio",
            "Share of the last 10 s every non-idle task waited for memory, 0 to 1 (PSI avg10)."),
        metric<S, schema::index_of<S>("io_some")>(
            "edgetop_pressure_io_some_ratio",
            "Share of the last 10 s some tasks waited for I/O, 0 to 1 (PSI avg10)."),
        metric<S, schema::index_of<S>("io_full")>(
            "edgetop_pressure_io_full_ratio",
            "Share of the last 10 s every non-idle task waited for I/O, 0 to 1 (PSI avg10)."));
};

template <>
struct SchemaMetrics<CoolingSample> {
    using S = CoolingSample;
    static constexpr auto label = exporter::label<S, schema::index_of<S>("name")>("name");
    static constexpr auto metrics = std::make_tuple(
        metric<S, schema::index_of<S>("state")>(
            "edgetop_cooling_device_state",
            "Current state of the thermal cooling device (0: not cooling; a CPU or GPU device "
            "above 0 lowers clocks)."),
        metric<S, schema::index_of<S>("max_state")>(
            "edgetop_cooling_device_max_state", "Highest state of the thermal cooling device."));
};

}  // namespace edgetop::exporter
