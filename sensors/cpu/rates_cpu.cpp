// CPU utilisation from two /proc/stat readings, and context switches per second.
//
// Percentages are computed from the raw counters of the previous sample and of this one (never
// from a stored delta, which is how jtop's aggregate drifts towards a since-boot average).
#include <iterator>

#include "sensors/cpu/rates_cpu.hpp"

namespace edgetop {
namespace {

struct CpuPercent {
    double util, user, system, iowait;
};

// util = busy share of the interval, where busy is everything but idle and iowait; steal counts in
// the total (time the hypervisor took from this CPU). A counter that went backwards (a core
// re-plugged with reset counters, a garbage read) or an interval without ticks gives nothing.
std::optional<CpuPercent> percentages(const CpuTicks& prev, const CpuTicks& cur) {
    const uint64_t before[] = {prev.user,   prev.nice, prev.system,  prev.idle,
                               prev.iowait, prev.irq,  prev.softirq, prev.steal};
    const uint64_t after[] = {cur.user,   cur.nice, cur.system,  cur.idle,
                              cur.iowait, cur.irq,  cur.softirq, cur.steal};
    for (size_t i = 0; i < std::size(before); ++i) {
        if (after[i] < before[i]) return std::nullopt;
    }
    const double total = static_cast<double>(cur.total() - prev.total());
    if (total <= 0) return std::nullopt;
    auto share = [total](uint64_t delta) { return 100.0 * static_cast<double>(delta) / total; };
    const uint64_t idle = (cur.idle - prev.idle) + (cur.iowait - prev.iowait);
    CpuPercent p;
    p.util = 100.0 * (total - static_cast<double>(idle)) / total;
    p.user = share((cur.user - prev.user) + (cur.nice - prev.nice));
    p.system =
        share((cur.system - prev.system) + (cur.irq - prev.irq) + (cur.softirq - prev.softirq));
    p.iowait = share(cur.iowait - prev.iowait);
    return p;
}

template <typename T>
void assign(const std::optional<CpuPercent>& p, T& out) {
    if (!p) return;
    out.util_pct = p->util;
    out.user_pct = p->user;
    out.system_pct = p->system;
    out.iowait_pct = p->iowait;
}

const CoreSample* find_core(const std::vector<CoreSample>& cores, int id) {
    for (const auto& core : cores) {
        if (core.id == id) return &core;
    }
    return nullptr;
}

}  // namespace

void derive_cpu_rates(const Sample& prev, Sample& cur) {
    if (prev.cpu.ticks && cur.cpu.ticks)
        assign(percentages(*prev.cpu.ticks, *cur.cpu.ticks), cur.cpu);
    for (auto& core : cur.cpu.cores) {
        // An offline core has no utilisation, even if /proc/stat raced with the unplug.
        if (!core.online || !core.ticks) continue;
        const CoreSample* before = find_core(prev.cpu.cores, core.id);
        if (!before || !before->online || !before->ticks) continue;
        assign(percentages(*before->ticks, *core.ticks), core);
    }
    const double dt = cur.t_s - prev.t_s;
    if (prev.system.ctxt_total && cur.system.ctxt_total && dt > 0 &&
        *cur.system.ctxt_total >= *prev.system.ctxt_total) {
        cur.system.ctxt_per_s =
            static_cast<double>(*cur.system.ctxt_total - *prev.system.ctxt_total) / dt;
    }
}

}  // namespace edgetop
