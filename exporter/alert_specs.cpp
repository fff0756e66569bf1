// How each catalog rule reads in PromQL. A rule whose inputs are all exported is written as its
// condition over those metrics, with the same thresholds; a rule whose condition needs what the
// exporter does not serve (the process table, cpufreq cluster membership, the hardware's clock
// limits) fires on the board's own flag, edgetop_flag_raised, and says why.
#include "exporter/alert_rules.hpp"

namespace edgetop::exporter {
namespace {

using K = QuantityKind;

// Selects the cooling devices whose state lowers CPU or GPU clocks, as the thermal_throttle rule
// picks them (lowers_clocks() in analysis/rules_thermal.cpp): a name with cpu, gpu, processor or
// devfreq in it, case-insensitive, and no fan.
constexpr std::string_view kClockCoolingDevices =
    R"(edgetop_cooling_device_state{name=~"(?i).*(cpu|gpu|processor|devfreq).*",name!~"(?i).*fan.*"})";

std::vector<AlertSpec> build_specs() {
    std::vector<AlertSpec> specs;
    specs.push_back(
        {"cpu_oversubscribed",
         "More busy processes than half the online cores",
         {},
         "its condition counts busy processes by their CPU averaged over window_s and by the GPU "
         "devices they hold open: the process table is not exported",
         {"edgetop_flag_raised", "edgetop_pressure_cpu_some_ratio", "edgetop_cpu_online",
          "edgetop_context_switches_total"}});
    specs.push_back(
        {"cpu_dvfs_throttle",
         "A busy CPU cluster runs below its allowed clock",
         {},
         "its condition is per cpufreq cluster (the cores sharing a policy, whose membership is "
         "not exported) and takes each cluster's utilisation between two consecutive samples, "
         "which PromQL sees only as a rate over scrapes",
         {"edgetop_flag_raised", "edgetop_cpu_frequency_hertz", "edgetop_cpu_frequency_max_hertz",
          "edgetop_cpu_seconds_total", "edgetop_oc_events_total"}});
    specs.push_back({"gpu_dvfs_throttle",
                     "A busy GPU runs below its allowed clock",
                     {{{.metric = "edgetop_gpu_load_ratio",
                        .compare = Compare::at_least,
                        .param = "busy_pct",
                        .divisor = 100},
                       {.kind = K::ratio,
                        .metric = "edgetop_gpu_frequency_hertz",
                        .other = "edgetop_gpu_frequency_max_hertz",
                        .compare = Compare::below,
                        .param = "freq_ratio_pct",
                        .divisor = 100}}},
                     "",
                     {"edgetop_gpu_load_ratio", "edgetop_gpu_frequency_hertz",
                      "edgetop_gpu_frequency_max_hertz", "edgetop_oc_events_total"}});
    specs.push_back({"thermal_throttle",
                     "The kernel lowers clocks, or a zone reached its passive trip point",
                     {{{.kind = K::versus,
                        .metric = "edgetop_temperature_celsius",
                        .other = R"(edgetop_temperature_trip_celsius{type="passive"})",
                        .compare = Compare::at_least,
                        .ignoring = "type"}},
                      {{.metric = "edgetop_temperature_celsius",
                        .compare = Compare::above,
                        .param = "warn_c",
                        .ignoring = "type",
                        .unless = R"(edgetop_temperature_trip_celsius{type="passive"})"}},
                      {{.metric = kClockCoolingDevices, .compare = Compare::above, .constant = 0}}},
                     "",
                     {"edgetop_temperature_celsius", "edgetop_temperature_trip_celsius",
                      "edgetop_cooling_device_state"}});
    specs.push_back(
        {"power_limit",
         "Over-current alarm, over-current throttle events or total power at the budget",
         {{{.metric = "edgetop_rail_warning_alarm", .compare = Compare::above, .constant = 0}},
          {{.metric = "edgetop_rail_critical_alarm", .compare = Compare::above, .constant = 0}},
          {{.kind = K::growth,
            .metric = "edgetop_oc_events_total",
            .window_param = "oc_window_s",
            .compare = Compare::above,
            .constant = 0}},
          {{.metric = "edgetop_power_watts",
            .other = "edgetop_power_mode_budget_watts",
            .compare = Compare::at_least,
            .param = "budget_w",
            .zero_means_other = true}}},
         "",
         {"edgetop_rail_warning_alarm", "edgetop_rail_critical_alarm", "edgetop_oc_events_total",
          "edgetop_power_watts", "edgetop_power_mode_budget_watts"}});
    specs.push_back(
        {"gpu_starved",
         "The GPU idles while the CPU feeding it is saturated",
         {},
         "its condition looks at the CPU of the processes holding the GPU (the "
         "process table is not exported) and at each core's utilisation between two "
         "consecutive samples, which PromQL sees only as a rate over scrapes",
         {"edgetop_flag_raised", "edgetop_gpu_load_ratio", "edgetop_cpu_seconds_total"}});
    specs.push_back({"emc_saturated",
                     "The shared DRAM (EMC) is saturated",
                     {{{.metric = "edgetop_emc_utilization_ratio",
                        .compare = Compare::at_least,
                        .param = "util_pct",
                        .divisor = 100}}},
                     "",
                     {"edgetop_emc_utilization_ratio", "edgetop_emc_frequency_hertz"}});
    specs.push_back(
        {"memory_pressure",
         "The RAM shared by CPU and GPU runs out",
         {{{.kind = K::ratio,
            .metric = "edgetop_memory_available_bytes",
            .other = "edgetop_memory_total_bytes",
            .compare = Compare::below,
            .param = "available_pct",
            .divisor = 100}},
          {{.kind = K::growth_ratio,
            .metric = "edgetop_swap_used_bytes",
            .other = "edgetop_swap_total_bytes",
            .window_param = "swap_window_s",
            .compare = Compare::above,
            .param = "swap_rise_pct",
            .divisor = 100}},
          {{.metric = "edgetop_pressure_memory_full_ratio",
            .compare = Compare::at_least,
            .param = "psi_full_pct",
            .divisor = 100}},
          {{.kind = K::growth,
            .metric = "edgetop_memory_oom_kills_total",
            .window_param = "oom_window_s",
            .compare = Compare::above,
            .constant = 0}}},
         "",
         {"edgetop_memory_available_bytes", "edgetop_memory_total_bytes", "edgetop_swap_used_bytes",
          "edgetop_swap_total_bytes", "edgetop_pressure_memory_full_ratio",
          "edgetop_memory_oom_kills_total", "edgetop_memory_major_faults_total"}});
    specs.push_back({"io_stall",
                     "The CPUs wait for storage",
                     {{{.kind = K::rate_share,
                        .metric = R"(edgetop_cpu_seconds_total{mode="iowait"})",
                        .other = "edgetop_cpu_seconds_total",
                        .compare = Compare::at_least,
                        .param = "iowait_pct",
                        .divisor = 100}},
                      {{.metric = "edgetop_pressure_io_full_ratio",
                        .compare = Compare::at_least,
                        .param = "psi_io_full_pct",
                        .divisor = 100}}},
                     "",
                     {"edgetop_cpu_seconds_total", "edgetop_pressure_io_full_ratio",
                      "edgetop_disk_io_time_seconds_total", "edgetop_disk_read_bytes_total",
                      "edgetop_disk_written_bytes_total"}});
    specs.push_back(
        {"cpu_quota_throttle",
         "A control group is held back by its CPU quota",
         {},
         "its condition covers every control group, and serve gives series to the "
         "--group-series busiest only (the others summed, without their counters)",
         {"edgetop_flag_raised", "edgetop_group_cpu_cfs_periods_total",
          "edgetop_group_cpu_cfs_throttled_periods_total", "edgetop_group_cpu_quota_cores"}});
    specs.push_back(
        {"power_mode_cap",
         "The power mode caps clocks or cores below the hardware's",
         {},
         "its condition compares the allowed clocks and online cores with the "
         "hardware's (cpuinfo_max_freq, the GPU's available frequencies, the cores "
         "the mode keeps offline), which are not exported",
         {"edgetop_flag_raised", "edgetop_power_mode_info", "edgetop_cpu_frequency_max_hertz",
          "edgetop_gpu_frequency_max_hertz", "edgetop_cpu_online"}});
    specs.push_back(
        {"super_mode_no_firmware",
         "A Super power mode without its firmware",
         {},
         "its condition compares the GPU's available frequencies with the mode's GPU "
         "cap from nvpmodel.conf, neither of which is exported",
         {"edgetop_flag_raised", "edgetop_power_mode_info", "edgetop_gpu_frequency_max_hertz"}});
    return specs;
}

}  // namespace

const std::vector<AlertSpec>& alert_specs() {
    static const std::vector<AlertSpec> specs = build_specs();
    return specs;
}

}  // namespace edgetop::exporter
