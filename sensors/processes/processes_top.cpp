#include "sensors/processes/processes_top.hpp"

#include <algorithm>
#include <vector>

namespace edgetop {

namespace {

bool busier(const ProcessSample* a, const ProcessSample* b) {
    if (a->cpu_pct.has_value() != b->cpu_pct.has_value()) return a->cpu_pct.has_value();
    if (a->cpu_pct && *a->cpu_pct != *b->cpu_pct) return *a->cpu_pct > *b->cpu_pct;
    int64_t rss_a = a->rss_kb.value_or(-1), rss_b = b->rss_kb.value_or(-1);
    if (rss_a != rss_b) return rss_a > rss_b;
    return a->pid < b->pid;
}

}  // namespace

void select_top_processes(ProcsSample& procs, size_t n) {
    std::vector<const ProcessSample*> order;
    order.reserve(procs.all.size());
    for (const auto& p : procs.all)
        order.push_back(&p);
    size_t count = std::min(n, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count),
                      order.end(), busier);
    procs.top.clear();
    procs.top.reserve(count);
    for (size_t i = 0; i < count; ++i)
        procs.top.push_back(*order[i]);
}

}  // namespace edgetop
