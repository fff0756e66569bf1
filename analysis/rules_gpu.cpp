// gpu_dvfs_throttle, gpu_starved and emc_saturated.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cmath>

#include "analysis/rules_checks.hpp"
#include "analysis/rules_helpers.hpp"
#include "analysis/rules_oc_evidence.hpp"
#include "analysis/rules_window.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

const GpuSample* busiest_gpu(const Sample& sample) {
    const GpuSample* best = nullptr;
    for (const auto& g : sample.gpu)
        if (g.load_pct && (!best || *g.load_pct > *best->load_pct)) best = &g;
    return best;
}

}  // namespace

RuleResult check_gpu_dvfs_throttle(const RuleInput& in) {
    const Sample& now = in.window.latest();
    if (now.gpu.empty()) return RuleResult::inactive("no GPU found");
    const double busy_pct = in.params.get("busy_pct");
    const double ratio_pct = in.params.get("freq_ratio_pct");
    RuleResult r;
    nlohmann::json units = nlohmann::json::array();
    std::vector<std::string> throttled;
    for (const auto& g : now.gpu) {
        if (!g.load_pct || !g.freq_hz || !g.max_hz || *g.max_hz <= 0) continue;
        r.active = true;
        const bool slow = *g.load_pct >= busy_pct &&
                          static_cast<double>(*g.freq_hz) < ratio_pct / 100.0 * *g.max_hz;
        r.holds = r.holds || slow;
        if (!in.details) continue;
        units.push_back({{"name", g.name},
                         {"load_pct", round_to(*g.load_pct, 1)},
                         {"freq_hz", *g.freq_hz},
                         {"max_hz", *g.max_hz},
                         {"throttled", slow}});
        if (slow)
            throttled.push_back(
                fmt::format("GPU {} at {}, below {:g} % of the allowed {} while "
                            "{} % busy",
                            g.name, mhz_from_hz(*g.freq_hz), ratio_pct, mhz_from_hz(*g.max_hz),
                            fixed(*g.load_pct, 0)));
    }
    if (!r.active)
        return RuleResult::inactive(
            "no GPU with load, current and maximum clock (devfreq load / cur_freq / max_freq)");
    if (!in.details) return r;
    const auto oc_events = oc_events_in_window(in.window, in.params.get("oc_window_s"));
    if (r.holds) throttled = with_oc_events(std::move(throttled), oc_events);
    r.message = r.holds ? fmt::format("{}", fmt::join(throttled, "; "))
                        : fmt::format(
                              "no GPU at or above {:g} % load runs below {:g} % of its "
                              "allowed clock",
                              busy_pct, ratio_pct);
    r.evidence = {{"units", units},
                  {"busy_pct", busy_pct},
                  {"freq_ratio_pct", ratio_pct},
                  {"oc_events", oc_events_evidence(oc_events)}};
    return r;
}

RuleResult check_gpu_starved(const RuleInput& in) {
    const Sample& now = in.window.latest();
    if (now.gpu.empty()) return RuleResult::inactive("no GPU found");
    const GpuSample* gpu = busiest_gpu(now);
    if (!gpu) return RuleResult::inactive("GPU load not readable");
    const auto* processes = process_list(now);
    const bool any_core_util =
        std::any_of(now.cpu.cores.begin(), now.cpu.cores.end(),
                    [](const CoreSample& c) { return c.online && c.util_pct; });
    if (!processes && !any_core_util)
        return RuleResult::inactive("neither per-core CPU utilisation nor a process table");

    const double gpu_limit = in.params.get("gpu_load_pct");
    const double cpu_busy = in.params.get("cpu_busy_pct");
    std::vector<const CoreSample*> busy;
    for (const auto& c : now.cpu.cores)
        if (c.online && c.util_pct && *c.util_pct >= cpu_busy) busy.push_back(&c);
    std::vector<const ProcessSample*> feeding;
    if (processes)
        for (const auto& p : *processes)
            if (p.gpu == true && p.cpu_pct && *p.cpu_pct >= cpu_busy) feeding.push_back(&p);

    RuleResult r;
    r.active = true;
    const bool cpu_saturated = !busy.empty() || !feeding.empty();
    r.holds = *gpu->load_pct < gpu_limit && cpu_saturated;
    if (!in.details) return r;
    nlohmann::json busy_cores = nlohmann::json::array();
    std::vector<int> busy_core_ids;
    for (const CoreSample* c : busy) {
        busy_cores.push_back({{"id", c->id}, {"util_pct", round_to(*c->util_pct, 1)}});
        busy_core_ids.push_back(c->id);
    }
    nlohmann::json feeders = nlohmann::json::array();
    std::vector<std::string> feeder_text;
    for (const ProcessSample* p : feeding) {
        feeders.push_back(
            {{"pid", p->pid}, {"name", p->name}, {"cpu_pct", round_to(*p->cpu_pct, 1)}});
        feeder_text.push_back(fmt::format("{} {} {} %", p->pid, p->name, fixed(*p->cpu_pct, 0)));
    }
    std::vector<std::string> why;
    if (!busy_core_ids.empty())
        why.push_back(
            fmt::format("cores {} at or above {:g} %", core_ranges(busy_core_ids), cpu_busy));
    if (!feeder_text.empty())
        why.push_back(fmt::format("GPU processes {}", fmt::join(feeder_text, ", ")));
    if (r.holds)
        r.message = fmt::format("GPU {} at {} % load, below {:g} %, while {}", gpu->name,
                                fixed(*gpu->load_pct, 0), gpu_limit, fmt::join(why, "; "));
    else if (cpu_saturated)
        r.message = fmt::format("GPU {} at {} % load, not below {:g} %, while {}", gpu->name,
                                fixed(*gpu->load_pct, 0), gpu_limit, fmt::join(why, "; "));
    else
        r.message = fmt::format(
            "GPU {} at {} % load; no online core or GPU process at or "
            "above {:g} % CPU",
            gpu->name, fixed(*gpu->load_pct, 0), cpu_busy);
    r.evidence = {{"gpu", gpu->name},
                  {"gpu_load_pct", round_to(*gpu->load_pct, 1)},
                  {"busy_cores", busy_cores},
                  {"gpu_processes", feeders},
                  {"gpu_load_limit_pct", gpu_limit},
                  {"cpu_busy_pct", cpu_busy}};
    return r;
}

RuleResult check_emc_saturated(const RuleInput& in) {
    const Sample& now = in.window.latest();
    if (!now.emc) return RuleResult::inactive("no EMC (memory controller) source");
    if (!now.emc->util_pct)
        return RuleResult::inactive(
            "EMC utilisation not readable (the activity monitor is in debugfs: run as root or "
            "grant CAP_DAC_READ_SEARCH)");
    const double limit = in.params.get("util_pct");
    RuleResult r;
    r.active = true;
    r.holds = *now.emc->util_pct >= limit;
    if (!in.details) return r;
    const std::string clock =
        now.emc->freq_hz ? fmt::format(" at {}", mhz_from_hz(*now.emc->freq_hz)) : "";
    r.message =
        r.holds ? fmt::format("EMC (shared DRAM) {} % busy{}, at or above {:g} %",
                              fixed(*now.emc->util_pct, 0), clock, limit)
                : fmt::format("EMC (shared DRAM) {} % busy{}", fixed(*now.emc->util_pct, 0), clock);
    r.evidence = {{"util_pct", round_to(*now.emc->util_pct, 1)},
                  {"freq_hz", or_null(now.emc->freq_hz)},
                  {"max_hz", or_null(now.emc->max_hz)},
                  {"limit_pct", limit}};
    return r;
}

}  // namespace edgetop::analysis
