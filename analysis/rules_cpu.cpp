// cpu_oversubscribed and cpu_dvfs_throttle.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/rules_checks.hpp"
#include "analysis/rules_helpers.hpp"
#include "analysis/rules_oc_evidence.hpp"
#include "analysis/rules_window.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

struct ProcessAverage {
    double cpu_weighted = 0, cpu_weight = 0;
    double nonvol_weighted = 0, nonvol_weight = 0;
};

// Weight of a sample in a time average: the interval its rates cover. The oldest kept sample
// borrows the next interval (only at the start of a session, when nothing older exists).
double sample_weight(const SampleWindow& window, std::size_t i) {
    if (auto dt = window.interval_before(i); dt && *dt > 0) return *dt;
    if (auto next = window.interval_before(i + 1); next && *next > 0) return *next;
    return 1;
}

// Time-weighted CPU % and non-voluntary ctxt rate of every process over the last window_s. A
// process missing from a sample's table did not exist or was idle then: it counts 0 %. A process
// whose cpu_pct is unknown in a sample (its first reading) leaves that sample out of its average.
std::map<int, ProcessAverage> average_processes(const SampleWindow& window, double window_s) {
    std::map<int, ProcessAverage> by_pid;
    double table_weight = 0;
    std::map<int, double> unknown_weight;
    const auto& samples = window.samples();
    // A sample's rates cover the interval ending at it, so the one exactly window_s old
    // describes time before the window.
    constexpr double kExclusive = 1e-9;
    for (std::size_t i = window.first_within(std::max(0.0, window_s - kExclusive));
         i < samples.size(); ++i) {
        const auto* processes = process_list(samples[i]);
        if (!processes) continue;
        const double w = sample_weight(window, i);
        table_weight += w;
        for (const auto& p : *processes) {
            auto& avg = by_pid[p.pid];
            if (p.cpu_pct)
                avg.cpu_weighted += *p.cpu_pct * w;
            else
                unknown_weight[p.pid] += w;
            if (p.nonvol_ctxt_per_s) {
                avg.nonvol_weighted += *p.nonvol_ctxt_per_s * w;
                avg.nonvol_weight += w;
            }
        }
    }
    for (auto& [pid, avg] : by_pid)
        avg.cpu_weight = table_weight - unknown_weight[pid];
    return by_pid;
}

std::string pid_list(const std::vector<const ProcessSample*>& processes) {
    constexpr std::size_t kMaxListed = 8;
    std::string out;
    for (std::size_t i = 0; i < processes.size() && i < kMaxListed; ++i)
        out += fmt::format("{}{}", i ? " " : "", processes[i]->pid);
    if (processes.size() > kMaxListed) out += " ...";
    return out;
}

}  // namespace

RuleResult check_cpu_oversubscribed(const RuleInput& in) {
    const Sample& now = in.window.latest();
    const auto* processes = process_list(now);
    if (!processes)
        return RuleResult::inactive(
            "no process table (read only when monitoring this machine live, with --root /)");
    const auto online = online_core_count(now);
    if (!online || *online == 0) return RuleResult::inactive("no online CPU cores listed");

    const double busy_pct = in.params.get("busy_cpu_pct");
    const bool count_gpu = in.params.get("count_gpu_holders") >= 0.5;
    const double window_s = in.params.get("window_s");
    const auto averages = average_processes(in.window, window_s);

    struct Busy {
        const ProcessSample* process;
        std::optional<double> cpu_pct, nonvol_ctxt_per_s;
    };
    std::vector<Busy> busy;
    for (const auto& p : *processes) {
        const auto it = averages.find(p.pid);
        std::optional<double> cpu, nonvol;
        if (it != averages.end() && it->second.cpu_weight > 0)
            cpu = it->second.cpu_weighted / it->second.cpu_weight;
        if (it != averages.end() && it->second.nonvol_weight > 0)
            nonvol = it->second.nonvol_weighted / it->second.nonvol_weight;
        if ((cpu && *cpu >= busy_pct) || (count_gpu && p.gpu == true))
            busy.push_back({&p, cpu, nonvol});
    }
    std::sort(busy.begin(), busy.end(), [](const Busy& a, const Busy& b) {
        return a.cpu_pct.value_or(-1) > b.cpu_pct.value_or(-1);
    });

    const double limit = *online / 2.0;
    RuleResult r;
    r.active = true;
    r.holds = static_cast<double>(busy.size()) > limit;
    if (!in.details) return r;
    std::vector<const ProcessSample*> busy_processes;
    nlohmann::json listed = nlohmann::json::array();
    for (const auto& b : busy) {
        busy_processes.push_back(b.process);
        listed.push_back(
            {{"pid", b.process->pid},
             {"name", b.process->name},
             {"cpu_pct", b.cpu_pct ? nlohmann::json(round_to(*b.cpu_pct, 1)) : nlohmann::json()},
             {"nonvol_ctxt_per_s", b.nonvol_ctxt_per_s
                                       ? nlohmann::json(round_to(*b.nonvol_ctxt_per_s, 1))
                                       : nlohmann::json()},
             {"gpu", or_null(b.process->gpu)}});
    }
    const std::string noun = busy.size() == 1 ? "process" : "processes";
    if (r.holds)
        r.message =
            fmt::format("{} busy {} on {} online cores, more than half as many as cores (PIDs {})",
                        busy.size(), noun, *online, pid_list(busy_processes));
    else
        r.message =
            fmt::format("{} busy {} on {} online cores, not more than half as many as cores",
                        busy.size(), noun, *online);
    // What the kernel measured of that wait: the share of the last 10 s some task was runnable
    // without a CPU to run on.
    const std::optional<double> cpu_some = now.psi ? now.psi->cpu_some_pct : std::nullopt;
    if (cpu_some)
        r.message += fmt::format("; tasks waited for a CPU {} % of the last 10 s (PSI)",
                                 fixed(*cpu_some, 1));
    r.evidence = {
        {"psi_cpu_some_pct", cpu_some ? nlohmann::json(round_to(*cpu_some, 2)) : nlohmann::json()},
        {"busy_count", busy.size()},
        {"online_cores", *online},
        {"limit", limit},
        {"busy_processes", listed},
        {"ctxt_per_s", or_null(now.system.ctxt_per_s)},
        {"busy_cpu_pct", busy_pct},
        {"window_s", window_s}};
    return r;
}

RuleResult check_cpu_dvfs_throttle(const RuleInput& in) {
    const double busy_pct = in.params.get("busy_pct");
    const double ratio_pct = in.params.get("freq_ratio_pct");
    RuleResult r;
    nlohmann::json units = nlohmann::json::array();
    std::vector<std::string> throttled;
    for (const auto& c : online_clusters(in.window.latest())) {
        if (!c.util_pct || !c.freq_khz || !c.max_khz || *c.max_khz <= 0) continue;
        r.active = true;
        const bool slow = *c.util_pct >= busy_pct &&
                          static_cast<double>(*c.freq_khz) < ratio_pct / 100.0 * *c.max_khz;
        r.holds = r.holds || slow;
        if (!in.details) continue;
        units.push_back({{"cluster", or_null(c.cluster)},
                         {"cores", c.cores},
                         {"util_pct", round_to(*c.util_pct, 1)},
                         {"freq_khz", *c.freq_khz},
                         {"max_khz", *c.max_khz},
                         {"throttled", slow}});
        if (slow)
            throttled.push_back(
                fmt::format("CPU {} at {}, below {:g} % of the allowed {} while "
                            "{} % busy",
                            describe(c), mhz_from_khz(*c.freq_khz), ratio_pct,
                            mhz_from_khz(*c.max_khz), fixed(*c.util_pct, 0)));
    }
    if (!r.active)
        return RuleResult::inactive(
            "no online CPU with utilisation, current and maximum clock (cpufreq "
            "scaling_cur_freq / scaling_max_freq)");
    if (!in.details) return r;
    const auto oc_events = oc_events_in_window(in.window, in.params.get("oc_window_s"));
    if (r.holds) throttled = with_oc_events(std::move(throttled), oc_events);
    r.message = r.holds ? fmt::format("{}", fmt::join(throttled, "; "))
                        : fmt::format(
                              "no CPU cluster at or above {:g} % busy runs below {:g} % "
                              "of its allowed clock",
                              busy_pct, ratio_pct);
    r.evidence = {{"units", units},
                  {"busy_pct", busy_pct},
                  {"freq_ratio_pct", ratio_pct},
                  {"oc_events", oc_events_evidence(oc_events)}};
    return r;
}

}  // namespace edgetop::analysis
