// Per-process CPU % and context switches per second over the last interval (never a lifetime
// average), joining the two tables on pid; then the busiest processes.
#include <unistd.h>

#include "sensors/processes/processes_top.hpp"
#include "sensors/processes/rates_processes.hpp"

namespace edgetop {

namespace {

// Counter increase per second; absent when either reading is missing or the counter went back.
std::optional<double> per_second(const std::optional<uint64_t>& before,
                                 const std::optional<uint64_t>& after, double dt_s) {
    if (!before || !after || *after < *before) return std::nullopt;
    return static_cast<double>(*after - *before) / dt_s;
}

bool same_process(const ProcessSample& before, const ProcessSample& now) {
    // A pid that was reused in between started at another time.
    return !before.start_ticks || !now.start_ticks || *before.start_ticks == *now.start_ticks;
}

void derive_one(const ProcessSample& before, ProcessSample& now, double dt_s, double hz) {
    if (!same_process(before, now)) return;
    if (auto ticks = per_second(before.cpu_ticks, now.cpu_ticks, dt_s))
        now.cpu_pct = 100.0 * *ticks / hz;
    now.vol_ctxt_per_s = per_second(before.vol_ctxt_total, now.vol_ctxt_total, dt_s);
    now.nonvol_ctxt_per_s = per_second(before.nonvol_ctxt_total, now.nonvol_ctxt_total, dt_s);
}

}  // namespace

void derive_process_rates(const Sample& prev, Sample& cur) {
    // Without the full table (a replayed session holds only the top) there is nothing to join.
    if (!cur.procs || cur.procs->all.empty()) return;
    double dt_s = cur.t_s - prev.t_s;
    long hz = sysconf(_SC_CLK_TCK);
    if (prev.procs && dt_s > 0 && hz > 0) {
        // Both tables are in ascending pid order: one merge pass.
        const auto& before = prev.procs->all;
        auto it = before.begin();
        for (auto& now : cur.procs->all) {
            while (it != before.end() && it->pid < now.pid)
                ++it;
            if (it == before.end()) break;
            if (it->pid == now.pid) derive_one(*it, now, dt_s, static_cast<double>(hz));
        }
    }
    select_top_processes(*cur.procs);
}

}  // namespace edgetop
