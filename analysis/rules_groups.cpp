// cpu_quota_throttle: a control group (a container, a service) held back by its CPU quota.
#include <fmt/format.h>

#include "analysis/rules_checks.hpp"
#include "analysis/rules_helpers.hpp"
#include "analysis/rules_window.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

const GroupSample* find_group(const Sample& sample, const std::string& path) {
    for (const auto& group : sample.groups)
        if (group.path == path) return &group;
    return nullptr;
}

// A group's CFS periods over the last window_s, from the oldest sample of the window that has
// its counters: how many ran and how many of them were throttled.
struct Throttling {
    int64_t periods = 0;
    int64_t throttled = 0;
    std::optional<double> throttled_s;  // time throttled in those periods
    double pct() const {
        return periods > 0 ? 100.0 * static_cast<double>(throttled) / periods : 0;
    }
};

std::optional<Throttling> throttling(const SampleWindow& window, const GroupSample& now,
                                     double window_s) {
    if (!now.periods || !now.throttled_periods) return std::nullopt;
    const auto& samples = window.samples();
    for (std::size_t i = window.first_within(window_s); i + 1 < samples.size(); ++i) {
        const GroupSample* then = find_group(samples[i], now.path);
        if (!then || !then->periods || !then->throttled_periods) continue;
        // Counters that went back: the group was made again under the same path.
        if (*now.periods < *then->periods || *now.throttled_periods < *then->throttled_periods)
            return std::nullopt;
        Throttling t{*now.periods - *then->periods,
                     *now.throttled_periods - *then->throttled_periods, std::nullopt};
        if (now.throttled_s && then->throttled_s)
            t.throttled_s = *now.throttled_s - *then->throttled_s;
        return t;
    }
    return std::nullopt;
}

std::string describe(const GroupSample& group) {
    return fmt::format("{} {}", group.kind == "cgroup" ? "control group" : group.kind, group.name);
}

}  // namespace

RuleResult check_cpu_quota_throttle(const RuleInput& in) {
    const Sample& now = in.window.latest();
    const double limit = in.params.get("throttled_pct");
    const double window_s = in.params.get("window_s");
    const GroupSample* worst = nullptr;
    std::optional<Throttling> worst_throttling;
    int quotas = 0;
    int throttled_groups = 0;
    for (const auto& group : now.groups) {
        if (!group.cpu_limit_pct) continue;
        ++quotas;
        auto t = throttling(in.window, group, window_s);
        if (!t || t->periods == 0) continue;
        if (t->pct() >= limit) ++throttled_groups;
        if (!worst_throttling || t->pct() > worst_throttling->pct()) {
            worst = &group;
            worst_throttling = t;
        }
    }
    if (now.groups.empty())
        return RuleResult::inactive("no control groups (they come with the process table)");
    RuleResult r;
    r.active = true;
    r.holds = throttled_groups > 0;
    if (!in.details) return r;
    if (quotas == 0) {
        r.message = fmt::format("no CPU quota on any of {}",
                                plural(static_cast<int64_t>(now.groups.size()), "control group"));
        r.evidence = {{"groups_with_quota", 0}, {"limit_pct", limit}};
        return r;
    }
    if (!worst) {
        r.message = fmt::format("{} with a CPU quota, not yet two readings of their periods",
                                plural(quotas, "control group"));
        r.evidence = {{"groups_with_quota", quotas}, {"limit_pct", limit}};
        return r;
    }
    const double pct = worst_throttling->pct();
    r.message = fmt::format(
        "{} throttled in {} % of its CPU periods over the last {:g} s{} (quota {} % of a core, "
        "using {} %)",
        describe(*worst), fixed(pct, 0), window_s,
        pct >= limit ? fmt::format(", at or above {:g} %", limit) : "",
        fixed(*worst->cpu_limit_pct, 0), worst->cpu_pct ? fixed(*worst->cpu_pct, 1) : "n/a");
    if (throttled_groups > 1)
        r.message += fmt::format("; {} throttled", plural(throttled_groups, "group"));
    r.evidence = {{"group", worst->name},
                  {"kind", worst->kind},
                  {"path", worst->path},
                  {"quota_pct", round_to(*worst->cpu_limit_pct, 1)},
                  {"cpu_pct", worst->cpu_pct ? nlohmann::json(round_to(*worst->cpu_pct, 1))
                                             : nlohmann::json()},
                  {"periods", worst_throttling->periods},
                  {"throttled_periods", worst_throttling->throttled},
                  {"throttled_pct", round_to(pct, 1)},
                  {"throttled_s", worst_throttling->throttled_s
                                      ? nlohmann::json(round_to(*worst_throttling->throttled_s, 3))
                                      : nlohmann::json()},
                  {"window_s", window_s},
                  {"limit_pct", limit},
                  {"groups_throttled", throttled_groups}};
    return r;
}

}  // namespace edgetop::analysis
