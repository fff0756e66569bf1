#include "sensors/groups/rates_groups.hpp"

#include <algorithm>

namespace edgetop {

namespace {

std::optional<double> per_second(std::optional<uint64_t> before, std::optional<uint64_t> now,
                                 double dt_s) {
    if (!before || !now || *now < *before) return std::nullopt;  // absent, or reset
    return static_cast<double>(*now - *before) / dt_s;
}

}  // namespace

void derive_group_rates(const Sample& prev, Sample& cur) {
    double dt_s = cur.t_s - prev.t_s;
    if (dt_s <= 0) return;
    for (GroupSample& group : cur.groups) {
        auto it = std::find_if(prev.groups.begin(), prev.groups.end(),
                               [&](const GroupSample& g) { return g.path == group.path; });
        if (it == prev.groups.end()) continue;
        if (auto ns = per_second(it->cpu_usage_ns_total, group.cpu_usage_ns_total, dt_s))
            group.cpu_pct = *ns / 1e9 * 100.0;
        group.io_read_bytes_per_s =
            per_second(it->io_read_bytes_total, group.io_read_bytes_total, dt_s);
        group.io_write_bytes_per_s =
            per_second(it->io_written_bytes_total, group.io_written_bytes_total, dt_s);
        if (it->periods && group.periods && it->throttled_periods && group.throttled_periods &&
            *group.periods >= *it->periods && *group.throttled_periods >= *it->throttled_periods) {
            int64_t periods = *group.periods - *it->periods;
            int64_t throttled = *group.throttled_periods - *it->throttled_periods;
            group.throttled_pct =
                periods > 0 ? 100.0 * static_cast<double>(throttled) / static_cast<double>(periods)
                            : 0.0;
        }
    }
}

}  // namespace edgetop
