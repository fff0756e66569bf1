// power_limit and power_mode_cap.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cmath>

#include "analysis/energy_integrator.hpp"
#include "analysis/rules_checks.hpp"
#include "analysis/rules_helpers.hpp"
#include "analysis/rules_oc_evidence.hpp"
#include "analysis/rules_window.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

struct Budget {
    double watts = 0;
    std::string source;  // "power_limit.budget_w" or "power mode MODE_30W"
};

std::optional<Budget> power_budget(const RuleInput& in) {
    if (const double configured = in.params.get("budget_w"); configured > 0)
        return Budget{configured, "power_limit.budget_w"};
    const PowerMode* mode = in.board.current_mode();
    if (mode && mode->budget_w && *mode->budget_w > 0)
        return Budget{*mode->budget_w, fmt::format("power mode {}", mode->name)};
    return std::nullopt;
}

}  // namespace

RuleResult check_power_limit(const RuleInput& in) {
    const Sample& now = in.window.latest();
    const auto total = total_power_mw(now);
    const auto budget = power_budget(in);
    bool alarms_known = false, alarm_on = false;
    for (const auto& rail : now.rails) {
        if (!rail.warn_alarm && !rail.crit_alarm) continue;
        alarms_known = true;
        alarm_on = alarm_on || rail.crit_alarm == true || rail.warn_alarm == true;
    }
    const bool budget_known = total && budget;
    const auto oc_events = oc_events_in_window(in.window, in.params.get("oc_window_s"));
    const bool oc_known = !oc_events.empty();
    if (!alarms_known && !budget_known && !oc_known) {
        if (!total)
            return RuleResult::inactive(
                "no over-current alarms or counters and no total power reading");
        return RuleResult::inactive(
            "no over-current alarms or counters, and no power budget: the power mode names no "
            "watts (set power_limit.budget_w)");
    }
    RuleResult r;
    r.active = true;
    const bool over_budget = budget_known && *total / 1000.0 >= budget->watts;
    const bool oc_throttled = any_oc_event(oc_events);
    r.holds = over_budget || alarm_on || oc_throttled;
    if (!in.details) return r;

    std::vector<std::string> alarm_text;
    nlohmann::json alarms = nlohmann::json::array();
    for (const auto& rail : now.rails) {
        const bool crit = rail.crit_alarm == true, warn = rail.warn_alarm == true;
        if (!crit && !warn) continue;
        const auto& limit = crit ? rail.crit_ma : rail.warn_ma;
        alarm_text.push_back(fmt::format("over-current alarm on {} ({}{})", rail.name,
                                         crit ? "critical" : "warning",
                                         limit ? ", limit " + fixed(*limit, 0) + " mA" : ""));
        alarms.push_back({{"rail", rail.name},
                          {"warn_alarm", or_null(rail.warn_alarm)},
                          {"crit_alarm", or_null(rail.crit_alarm)},
                          {"current_ma", or_null(rail.current_ma)},
                          {"warn_ma", or_null(rail.warn_ma)},
                          {"crit_ma", or_null(rail.crit_ma)}});
    }
    std::vector<std::string> parts = describe(oc_events);
    parts.insert(parts.end(), alarm_text.begin(), alarm_text.end());
    if (over_budget)
        parts.insert(parts.begin(),
                     fmt::format("total power {} W at or over the {:g} W "
                                 "budget of {}",
                                 fixed(*total / 1000.0, 1), budget->watts, budget->source));
    if (r.holds)
        r.message = fmt::format("{}", fmt::join(parts, "; "));
    else if (budget_known)
        r.message = fmt::format(
            "total power {} W of a {:g} W budget ({}); no over-current "
            "alarm{}",
            fixed(*total / 1000.0, 1), budget->watts, budget->source, oc_known ? " or event" : "");
    else
        r.message = oc_known ? "no over-current alarm or event" : "no over-current alarm";
    r.evidence = {
        {"total_w", total ? nlohmann::json(round_to(*total / 1000.0, 2)) : nlohmann::json()},
        {"budget_w", budget ? nlohmann::json(budget->watts) : nlohmann::json()},
        {"budget_source", budget ? nlohmann::json(budget->source) : nlohmann::json()},
        {"alarms", alarms},
        {"oc_events", oc_events_evidence(oc_events)}};
    return r;
}

RuleResult check_power_mode_cap(const RuleInput& in) {
    const Sample& now = in.window.latest();
    const PowerMode* mode = in.board.current_mode();
    RuleResult r;
    std::vector<std::string> caps;
    nlohmann::json units = nlohmann::json::array();
    for (const auto& c : online_clusters(now)) {
        if (!c.max_khz || !c.hw_max_khz) continue;
        r.active = true;
        const bool capped = *c.max_khz < *c.hw_max_khz;
        r.holds = r.holds || capped;
        if (!in.details) continue;
        units.push_back({{"unit", fmt::format("cpu{}", c.cluster ? *c.cluster : c.cores.front())},
                         {"cores", c.cores},
                         {"max_khz", *c.max_khz},
                         {"hw_max_khz", *c.hw_max_khz},
                         {"capped", capped}});
        if (capped)
            caps.push_back(fmt::format("CPU {} at {} (hardware {})", describe(c),
                                       mhz_from_khz(*c.max_khz), mhz_from_khz(*c.hw_max_khz)));
    }
    for (const auto& g : now.gpu) {
        if (!g.max_hz || !g.hw_max_hz) continue;
        r.active = true;
        const bool capped = *g.max_hz < *g.hw_max_hz;
        r.holds = r.holds || capped;
        if (!in.details) continue;
        units.push_back({{"unit", g.name},
                         {"max_hz", *g.max_hz},
                         {"hw_max_hz", *g.hw_max_hz},
                         {"capped", capped}});
        if (capped)
            caps.push_back(fmt::format("GPU {} at {} (hardware {})", g.name, mhz_from_hz(*g.max_hz),
                                       mhz_from_hz(*g.hw_max_hz)));
    }
    // Offline cores count as a cap only when the power mode says they are off by design.
    std::vector<int> offline_by_mode;
    if (mode && !mode->online_cores.empty()) {
        r.active = true;
        for (const auto& core : now.cpu.cores)
            if (!core.online && std::find(mode->online_cores.begin(), mode->online_cores.end(),
                                          core.id) == mode->online_cores.end())
                offline_by_mode.push_back(core.id);
        r.holds = r.holds || !offline_by_mode.empty();
        if (in.details && !offline_by_mode.empty())
            caps.push_back(fmt::format("{} of {} cores offline ({})", offline_by_mode.size(),
                                       now.cpu.cores.size(), core_ranges(offline_by_mode)));
    }
    if (!r.active)
        return RuleResult::inactive(
            "no allowed and hardware maximum clocks (cpufreq cpuinfo_max_freq, devfreq "
            "available_frequencies) and no power mode");
    if (!in.details) return r;
    // The allowed clocks are what the evidence shows; the power mode is named beside them, as
    // something else (a user, a tool) may have set scaling_max_freq.
    const std::string mode_text = mode ? fmt::format(" (power mode {})", mode->name) : "";
    r.message =
        r.holds ? fmt::format("Below the hardware maximum{}: {}", mode_text, fmt::join(caps, ", "))
                : fmt::format("The allowed clocks are the hardware maximum{}", mode_text);
    r.evidence = {{"power_mode", mode ? nlohmann::json(mode->name) : nlohmann::json()},
                  {"units", units},
                  {"offline_cores", offline_by_mode}};
    return r;
}

}  // namespace edgetop::analysis
