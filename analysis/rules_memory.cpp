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

}  // namespace

RuleResult check_memory_pressure(const RuleInput& in) {
    const Sample& now = in.window.latest();
    const auto& mem = now.mem;
    const double available_limit = in.params.get("available_pct");
    const double rise_limit = in.params.get("swap_rise_pct");
    const double swap_window_s = in.params.get("swap_window_s");

    std::optional<double> available_pct;
    if (mem.total_kb && *mem.total_kb > 0 && mem.available_kb)
        available_pct = static_cast<double>(*mem.available_kb) / *mem.total_kb * 100;
    const bool swap_known = mem.swap_total_kb && mem.swap_used_kb;
    if (!available_pct && !swap_known)
        return RuleResult::inactive("no MemTotal/MemAvailable and no swap readings");
    const auto rise = swap_rise_pct(in.window, swap_window_s);

    RuleResult r;
    r.active = true;
    const bool low = available_pct && *available_pct < available_limit;
    const bool swapping = rise && *rise > rise_limit;
    r.holds = low || swapping;
    if (!in.details) return r;
    std::vector<std::string> parts;
    if (available_pct)
        parts.push_back(fmt::format("RAM {} % available ({} of {})", fixed(*available_pct, 1),
                                    gib(*mem.available_kb), gib(*mem.total_kb)));
    if (rise)
        parts.push_back(fmt::format("swap use {} {} % of swap per {:g} s",
                                    *rise >= 0 ? "growing" : "shrinking", fixed(std::abs(*rise), 1),
                                    swap_window_s));
    r.message = fmt::format("{}", fmt::join(parts, "; "));
    if (r.holds) r.message += ": CPU and GPU share this RAM; processes may be killed";
    r.evidence = {{"total_kb", or_null(mem.total_kb)},
                  {"available_kb", or_null(mem.available_kb)},
                  {"available_pct",
                   available_pct ? nlohmann::json(round_to(*available_pct, 2)) : nlohmann::json()},
                  {"swap_total_kb", or_null(mem.swap_total_kb)},
                  {"swap_used_kb", or_null(mem.swap_used_kb)},
                  {"swap_rise_pct", rise ? nlohmann::json(round_to(*rise, 2)) : nlohmann::json()},
                  {"available_limit_pct", available_limit},
                  {"swap_rise_limit_pct", rise_limit},
                  {"swap_window_s", swap_window_s}};
    return r;
}

RuleResult check_io_stall(const RuleInput& in) {
    const Sample& now = in.window.latest();
    if (!now.cpu.iowait_pct)
        return RuleResult::inactive("no CPU iowait reading (needs two /proc/stat readings)");
    const double limit = in.params.get("iowait_pct");
    RuleResult r;
    r.active = true;
    r.holds = *now.cpu.iowait_pct >= limit;
    if (!in.details) return r;
    const std::string blocked =
        now.system.procs_blocked
            ? fmt::format(", {} processes blocked on I/O", *now.system.procs_blocked)
            : "";
    r.message = r.holds
                    ? fmt::format(
                          "CPUs {} % in iowait{}: storage feeds the work too "
                          "slowly",
                          fixed(*now.cpu.iowait_pct, 0), blocked)
                    : fmt::format("CPUs {} % in iowait{}", fixed(*now.cpu.iowait_pct, 0), blocked);
    r.evidence = {{"iowait_pct", round_to(*now.cpu.iowait_pct, 2)},
                  {"procs_blocked", or_null(now.system.procs_blocked)},
                  {"limit_pct", limit}};
    // The storage named: the busiest disk, its busy % and throughput (none without diskstats).
    const DiskSample* disk = busiest_disk(now);
    if (disk) r.message += "; busiest disk " + describe(*disk);
    r.evidence["disk"] = disk_evidence(disk);
    return r;
}

}  // namespace edgetop::analysis
