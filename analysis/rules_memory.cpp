// memory_pressure and io_stall.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <cmath>

#include "analysis/rules_checks.hpp"
#include "analysis/rules_disk_evidence.hpp"
#include "analysis/rules_helpers.hpp"
#include "analysis/rules_window.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

std::string gib(int64_t kb) {
    return fixed(static_cast<double>(kb) / 1048576, 1) + " GiB";
}

// Growth of swap use over the last window_s, as a share of the swap size per window_s. Needs
// readings at least half a window apart, so two close samples cannot extrapolate a blip.
std::optional<double> swap_rise_pct(const SampleWindow& window, double window_s) {
    const Sample& now = window.latest();
    if (!now.mem.swap_total_kb || *now.mem.swap_total_kb <= 0 || !now.mem.swap_used_kb)
        return std::nullopt;
    const auto& samples = window.samples();
    for (std::size_t i = window.first_within(window_s); i + 1 < samples.size(); ++i) {
        const auto& then = samples[i];
        if (!then.mem.swap_used_kb) continue;
        const double dt = now.t_s - then.t_s;
        if (dt < window_s / 2 || dt <= 0) return std::nullopt;
        const double grown = static_cast<double>(*now.mem.swap_used_kb - *then.mem.swap_used_kb);
        return grown / static_cast<double>(*now.mem.swap_total_kb) * 100 * (window_s / dt);
    }
    return std::nullopt;
}

// Processes the OOM killer killed within the last window_s: the growth of the kernel's count
// since the oldest sample of the window that has it. Absent without the count (kernels before
// 4.13, older sessions).
std::optional<int64_t> recent_oom_kills(const SampleWindow& window, double window_s) {
    const Sample& now = window.latest();
    if (!now.mem.oom_kills) return std::nullopt;
    const auto& samples = window.samples();
    for (std::size_t i = window.first_within(window_s); i < samples.size(); ++i) {
        const auto& then = samples[i].mem.oom_kills;
        if (!then) continue;
        // A count that went back is another boot (or another machine's session): no kills known.
        return *now.mem.oom_kills >= *then ? *now.mem.oom_kills - *then : 0;
    }
    return 0;
}

}  // namespace

RuleResult check_memory_pressure(const RuleInput& in) {
    const Sample& now = in.window.latest();
    const auto& mem = now.mem;
    const double available_limit = in.params.get("available_pct");
    const double rise_limit = in.params.get("swap_rise_pct");
    const double swap_window_s = in.params.get("swap_window_s");

    const double psi_full_limit = in.params.get("psi_full_pct");
    const double oom_window_s = in.params.get("oom_window_s");

    std::optional<double> available_pct;
    if (mem.total_kb && *mem.total_kb > 0 && mem.available_kb)
        available_pct = static_cast<double>(*mem.available_kb) / *mem.total_kb * 100;
    const bool swap_known = mem.swap_total_kb && mem.swap_used_kb;
    const std::optional<double> psi_full = now.psi ? now.psi->memory_full_pct : std::nullopt;
    const auto oom_kills = recent_oom_kills(in.window, oom_window_s);
    if (!available_pct && !swap_known && !psi_full && !oom_kills)
        return RuleResult::inactive(
            "no MemTotal/MemAvailable, swap, memory pressure (PSI) or OOM-kill readings");
    const auto rise = swap_rise_pct(in.window, swap_window_s);

    RuleResult r;
    r.active = true;
    const bool low = available_pct && *available_pct < available_limit;
    const bool swapping = rise && *rise > rise_limit;
    const bool stalled = psi_full && *psi_full >= psi_full_limit;
    const bool killed = oom_kills && *oom_kills > 0;
    r.holds = low || swapping || stalled || killed;
    if (!in.details) return r;
    std::vector<std::string> parts;
    if (killed)
        parts.push_back(fmt::format("the OOM killer killed {} {} in the last {:g} s", *oom_kills,
                                    *oom_kills == 1 ? "process" : "processes", oom_window_s));
    if (available_pct)
        parts.push_back(fmt::format("RAM {} % available ({} of {}){}", fixed(*available_pct, 1),
                                    gib(*mem.available_kb), gib(*mem.total_kb),
                                    low ? fmt::format(", below {:g} %", available_limit) : ""));
    if (rise)
        parts.push_back(fmt::format(
            "swap use {} {} % of swap per {:g} s{}", *rise >= 0 ? "growing" : "shrinking",
            fixed(std::abs(*rise), 1), swap_window_s,
            swapping ? fmt::format(", faster than {:g} %", rise_limit) : ""));
    if (psi_full)
        parts.push_back(fmt::format(
            "every task stalled on memory {} % of the last 10 s (PSI){}", fixed(*psi_full, 1),
            stalled ? fmt::format(", at or above {:g} %", psi_full_limit) : ""));
    if (mem.major_faults_per_s)
        parts.push_back(fmt::format("{} major page faults/s", fixed(*mem.major_faults_per_s, 0)));
    r.message = fmt::format("{}", fmt::join(parts, "; "));
    r.evidence = {
        {"total_kb", or_null(mem.total_kb)},
        {"available_kb", or_null(mem.available_kb)},
        {"available_pct",
         available_pct ? nlohmann::json(round_to(*available_pct, 2)) : nlohmann::json()},
        {"swap_total_kb", or_null(mem.swap_total_kb)},
        {"swap_used_kb", or_null(mem.swap_used_kb)},
        {"swap_rise_pct", rise ? nlohmann::json(round_to(*rise, 2)) : nlohmann::json()},
        {"available_limit_pct", available_limit},
        {"swap_rise_limit_pct", rise_limit},
        {"swap_window_s", swap_window_s},
        {"psi_memory_full_pct",
         psi_full ? nlohmann::json(round_to(*psi_full, 2)) : nlohmann::json()},
        {"psi_memory_some_pct", now.psi ? or_null(now.psi->memory_some_pct) : nlohmann::json()},
        {"psi_full_limit_pct", psi_full_limit},
        {"oom_kills", or_null(mem.oom_kills)},
        {"recent_oom_kills", or_null(oom_kills)},
        {"oom_window_s", oom_window_s},
        {"major_faults_per_s", mem.major_faults_per_s
                                   ? nlohmann::json(round_to(*mem.major_faults_per_s, 1))
                                   : nlohmann::json()}};
    return r;
}

RuleResult check_io_stall(const RuleInput& in) {
    const Sample& now = in.window.latest();
    // PSI io full: the share of the last 10 s in which every non-idle task waited for I/O.
    const std::optional<double> io_full = now.psi ? now.psi->io_full_pct : std::nullopt;
    if (!now.cpu.iowait_pct && !io_full)
        return RuleResult::inactive(
            "no CPU iowait reading (needs two /proc/stat readings) and no I/O pressure (PSI)");
    const double limit = in.params.get("iowait_pct");
    const double io_full_limit = in.params.get("psi_io_full_pct");
    RuleResult r;
    r.active = true;
    const bool waiting = now.cpu.iowait_pct && *now.cpu.iowait_pct >= limit;
    const bool stalled = io_full && *io_full >= io_full_limit;
    r.holds = waiting || stalled;
    if (!in.details) return r;
    const std::string blocked =
        now.system.procs_blocked
            ? ", " + plural(*now.system.procs_blocked, "process", "processes") + " blocked on I/O"
            : "";
    std::string measured =
        now.cpu.iowait_pct ? fmt::format("CPUs {} % in iowait{}", fixed(*now.cpu.iowait_pct, 0),
                                         waiting ? fmt::format(", at or above {:g} %", limit) : "")
                           : std::string("no iowait reading");
    measured += blocked;
    if (io_full)
        measured += fmt::format(", every task stalled on I/O {} % of the last 10 s (PSI){}",
                                fixed(*io_full, 1),
                                stalled ? fmt::format(", at or above {:g} %", io_full_limit) : "");
    r.message = measured;
    r.evidence = {
        {"iowait_pct",
         now.cpu.iowait_pct ? nlohmann::json(round_to(*now.cpu.iowait_pct, 2)) : nlohmann::json()},
        {"procs_blocked", or_null(now.system.procs_blocked)},
        {"limit_pct", limit},
        {"psi_io_full_pct", io_full ? nlohmann::json(round_to(*io_full, 2)) : nlohmann::json()},
        {"psi_io_full_limit_pct", io_full_limit}};
    // The storage named: the busiest disk, its busy % and throughput (none without diskstats).
    const DiskSample* disk = busiest_disk(now);
    if (disk) r.message += "; busiest disk " + describe(*disk);
    r.evidence["disk"] = disk_evidence(disk);
    return r;
}

}  // namespace edgetop::analysis
