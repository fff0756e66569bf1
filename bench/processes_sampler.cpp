// Runs the processes source alone for a number of samples, as `top -b -d <interval> -n <count>`
// would refresh, so bench/processes_vs_top.sh can compare their CPU time. With --print it shows
// the top of every sample (a manual check against top).
#include <fmt/core.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "sensors/core/source.hpp"
#include "sensors/processes/processes_sources.hpp"
#include "sensors/processes/rates_processes.hpp"

int main(int argc, char** argv) {
    if (argc < 3) {
        fmt::print(stderr, "usage: {} COUNT INTERVAL_MS [--print]\n", argv[0]);
        return 2;
    }
    int count = std::atoi(argv[1]);
    auto interval = std::chrono::milliseconds(std::atoi(argv[2]));
    bool print = argc > 3 && std::strcmp(argv[3], "--print") == 0;

    auto source = edgetop::make_processes_source();
    if (!source->discover(edgetop::Root("/"))) {
        fmt::print(stderr, "the process table is not readable\n");
        return 1;
    }
    auto start = std::chrono::steady_clock::now();
    edgetop::Sample prev, cur;
    for (int i = 0; i < count; ++i) {
        if (i > 0) std::this_thread::sleep_for(interval);
        prev = std::move(cur);
        cur = edgetop::Sample{};
        cur.t_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        source->poll(cur);
        if (i > 0) edgetop::derive_process_rates(prev, cur);
        if (!print || !cur.procs) continue;
        fmt::print("sample {}: total {} running {}\n", i, cur.procs->total, cur.procs->running);
        for (const auto& p : cur.procs->top)
            fmt::print(
                "  {:>7} {:<10} {:<16} {} cpu {:>6.1f} rss {:>8} kB thr {:>3} vol/s {:>8.1f} "
                "nonvol/s {:>8.1f} gpu {}\n",
                p.pid, p.user.value_or("?"), p.name, p.state.value_or('?'), p.cpu_pct.value_or(-1),
                p.rss_kb.value_or(-1), p.threads.value_or(-1), p.vol_ctxt_per_s.value_or(-1),
                p.nonvol_ctxt_per_s.value_or(-1), p.gpu ? (*p.gpu ? "yes" : "no") : "?");
    }
    return 0;
}
