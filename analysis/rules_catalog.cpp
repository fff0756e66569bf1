#include "analysis/rules_catalog.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "analysis/rules_checks.hpp"

namespace edgetop::analysis {
namespace {

RuleParam pct(std::string key, double value, std::string description) {
    return {std::move(key), value, "%", std::move(description), 0, 100};
}

RuleParam seconds(std::string key, double value, std::string description) {
    return {std::move(key), value, "s", std::move(description), 0, 3600};
}

// Over-current throttle events (soctherm_oc) are counted over this window.
RuleParam oc_window() {
    return seconds("oc_window_s", 10,
                   "over-current and under-voltage events are counted over "
                   "this window");
}

std::vector<RuleParam> with_hysteresis(std::vector<RuleParam> params, double sustain_s,
                                       double clear_s) {
    params.push_back(seconds("sustain_s", sustain_s,
                             "the condition must hold this long before the flag is raised"));
    params.push_back(
        seconds("clear_s", clear_s, "the condition must be false this long before it clears"));
    return params;
}

// Severities (rules_types.hpp): critical where the board itself is cutting performance or is
// near failing now: thermal_throttle (the kernel lowers clocks at a trip point), power_limit
// (over-current alarms and the SoC's own throttle events; a brown-out is next) and
// memory_pressure (the shared RAM of CPU and GPU runs out: OOM kills, stalls). warning where the
// work is slowed by its own load or placement: a busy unit below its allowed clock (the cause,
// heat or current, raises its own critical flag), too many busy processes, a starved GPU, a
// saturated EMC, storage stalls. info for the configuration: the power-mode cap and a Super mode
// without its firmware are true for hours and need no action while the work runs.
std::vector<RuleInfo> build_catalog() {
    std::vector<RuleInfo> rules;
    rules.push_back(
        {"cpu_oversubscribed", Severity::warning,
         "More busy processes (≥ busy_cpu_pct of one core over window_s, or holding a GPU device "
         "open) than half the online cores; evidence: the processes, their CPU % and "
         "involuntary context switches per second (how often each is preempted), the "
         "system-wide context-switch rate, the share of time tasks waited for a CPU (PSI cpu "
         "some).",
         with_hysteresis(
             {{"busy_cpu_pct", 50, "%",
               "a process is busy at or above this average CPU (100 = one core)", 0, 10000},
              {"count_gpu_holders", 1, "0/1",
               "1: a process holding a GPU device open counts as busy", 0, 1},
              seconds("window_s", 5, "process CPU is averaged over this window")},
             3, 5),
         check_cpu_oversubscribed});
    rules.push_back({"cpu_dvfs_throttle", Severity::warning,
                     "A busy CPU cluster (≥ busy_pct) runs below freq_ratio_pct of the highest "
                     "clock its power mode currently allows; evidence: the over-current and "
                     "under-voltage throttle events the SoC counted (soctherm_oc, Orin and Thor).",
                     with_hysteresis({pct("busy_pct", 80, "cluster utilisation at or above this"),
                                      pct("freq_ratio_pct", 90,
                                          "current clock below this share of scaling_max_freq"),
                                      oc_window()},
                                     3, 5),
                     check_cpu_dvfs_throttle});
    rules.push_back({"gpu_dvfs_throttle", Severity::warning,
                     "A busy GPU (≥ busy_pct) runs below freq_ratio_pct of the highest clock its "
                     "power mode currently allows; evidence: the over-current and under-voltage "
                     "throttle events the SoC counted (soctherm_oc, Orin and Thor).",
                     with_hysteresis({pct("busy_pct", 80, "GPU load at or above this"),
                                      pct("freq_ratio_pct", 90,
                                          "current clock below this share of devfreq max_freq"),
                                      oc_window()},
                                     3, 5),
                     check_gpu_dvfs_throttle});
    rules.push_back(
        {"thermal_throttle", Severity::critical,
         "A CPU or GPU cooling device is above state 0 (the kernel is lowering clocks now), or a "
         "thermal zone is at or over its lowest passive trip point (or warn_c when it exposes "
         "none): a warning that the kernel may lower clocks.",
         with_hysteresis({{"warn_c", 85, "°C",
                           "limit for a zone that exposes no passive trip point", -40, 200}},
                         1, 5),
         check_thermal_throttle});
    rules.push_back({"power_limit", Severity::critical,
                     "An INA3221 over-current alarm is set, the SoC counted over-current or "
                     "under-voltage throttle events within oc_window_s (soctherm_oc, Orin and "
                     "Thor), or total power reaches the budget (budget_w).",
                     with_hysteresis({{"budget_w", 0, "W",
                                       "total power budget; 0 = the current power mode's watts "
                                       "(MODE_30W -> 30)",
                                       0, 10000},
                                      oc_window()},
                                     3, 5),
                     check_power_limit});
    rules.push_back(
        {"gpu_starved", Severity::warning,
         "GPU load low (below gpu_load_pct) while a GPU-holding process or an online core is "
         "saturated (≥ cpu_busy_pct): a sign that the CPU feeding the GPU may be the "
         "bottleneck.",
         with_hysteresis(
             {pct("gpu_load_pct", 40, "GPU load below this"),
              pct("cpu_busy_pct", 90, "a GPU-holding process or an online core at or above this")},
             5, 5),
         check_gpu_starved});
    rules.push_back(
        {"emc_saturated", Severity::warning,
         "The shared DRAM (EMC) is busy at or above util_pct: a sign that the work may be "
         "bound by memory bandwidth.",
         with_hysteresis({pct("util_pct", 90, "EMC utilisation at or above this")}, 3, 5),
         check_emc_saturated});
    rules.push_back(
        {"memory_pressure", Severity::critical,
         "The RAM shared by CPU and GPU runs out: MemAvailable below available_pct of MemTotal, "
         "swap use rising, every task stalled on memory (PSI memory full) at least psi_full_pct "
         "of the last 10 s, or the OOM killer killed a process within oom_window_s; evidence: "
         "major page faults per second.",
         with_hysteresis(
             {pct("available_pct", 10, "MemAvailable below this share of MemTotal"),
              pct("swap_rise_pct", 1, "swap use growing faster than this share of swap per window"),
              seconds("swap_window_s", 10, "window over which swap growth is measured"),
              pct("psi_full_pct", 10,
                  "PSI memory full avg10 at or above this (share of 10 s all tasks stalled)"),
              seconds("oom_window_s", 10, "an OOM kill within this window holds the condition")},
             3, 5),
         check_memory_pressure});
    rules.push_back({"io_stall", Severity::warning,
                     "The CPUs wait for storage: iowait at or above iowait_pct of CPU time, or "
                     "every task stalled on I/O (PSI io full) at least psi_io_full_pct of the "
                     "last 10 s; evidence: the busiest disk, its busy % and read and write "
                     "throughput.",
                     with_hysteresis({pct("iowait_pct", 20,
                                          "iowait at or above this share of "
                                          "CPU time"),
                                      pct("psi_io_full_pct", 10,
                                          "PSI io full avg10 at or above this (share of 10 s all "
                                          "tasks stalled)")},
                                     5, 5),
                     check_io_stall});
    rules.push_back(
        {"cpu_quota_throttle", Severity::warning,
         "A control group (a container, a service) was throttled by its CPU quota (CFS) in at "
         "least throttled_pct of its periods over window_s: its work waits for quota, not for a "
         "core; evidence: the group, its quota and CPU use, its periods and throttled time.",
         with_hysteresis({pct("throttled_pct", 20,
                              "share of the group's CPU periods throttled, at or above this"),
                          seconds("window_s", 5, "periods are counted over this window")},
                         3, 5),
         check_cpu_quota_throttle});
    rules.push_back({"power_mode_cap", Severity::info,
                     "Information, not a bottleneck: the allowed clocks (or the cores the power "
                     "mode keeps online) are below the hardware's.",
                     with_hysteresis({}, 0, 0), check_power_mode_cap});
    rules.push_back(
        {"super_mode_no_firmware", Severity::info,
         "Information, not a bottleneck: the power mode is a Super mode (its name contains "
         "SUPER) but the GPU's available frequencies stop below the mode's GPU cap (its GPU "
         "MAX_FREQ, or for an uncapped mode the highest any mode names): the firmware for the "
         "Super modes is likely not installed; evidence: the mode, its cap, the highest "
         "available frequency.",
         with_hysteresis({}, 0, 0), check_super_mode_no_firmware});
    return rules;
}

std::string format_number(double value) {
    return fmt::format("{:g}", value);
}

}  // namespace

const RuleParam* RuleInfo::find_param(std::string_view key) const {
    for (const auto& p : params)
        if (p.key == key) return &p;
    return nullptr;
}

const std::vector<RuleInfo>& rule_catalog() {
    static const std::vector<RuleInfo> catalog = build_catalog();
    return catalog;
}

const RuleInfo* find_rule(std::string_view id) {
    for (const auto& rule : rule_catalog())
        if (rule.id == id) return &rule;
    return nullptr;
}

std::vector<RuleTableRow> rule_table() {
    std::vector<RuleTableRow> rows;
    for (const auto& rule : rule_catalog())
        for (const auto& p : rule.params)
            rows.push_back({rule.id, p.key, format_number(p.default_value), p.unit, p.description});
    return rows;
}

std::string format_rule_table() {
    std::size_t name_width = 0;
    for (const auto& row : rule_table())
        name_width = std::max(name_width, row.rule.size() + 1 + row.key.size());
    std::string out;
    for (const auto& row : rule_table())
        out += fmt::format("{:<{}}  {:>5} {:<4} {}\n", row.rule + "." + row.key, name_width,
                           row.default_value, row.unit, row.description);
    return out;
}

}  // namespace edgetop::analysis
