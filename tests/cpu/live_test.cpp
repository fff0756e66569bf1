// The readers on the machine running the tests.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "sensors/core/source.hpp"
#include "sensors/cpu/cpu_sources.hpp"
#include "sensors/cpu/rates_cpu.hpp"
#include "sensors/memory/memory_sources.hpp"

namespace edgetop {
namespace {

TEST(Live, ReadsThisMachine) {
    Root root("/");
    SourcePtr sources[] = {make_cpu_freq_source(), make_cpu_stat_source(), make_system_source(),
                           make_memory_source()};
    for (auto& source : sources)
        source->discover(root);
    auto poll = [&](double t) {
        Sample s;
        s.t_s = t;
        for (auto& source : sources)
            source->poll(s);
        return s;
    };
    Sample prev = poll(0);
    // Keep one core busy for a moment so the interval has ticks.
    auto start = std::chrono::steady_clock::now();
    volatile uint64_t spin = 0;
    while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(150))
        spin = spin + 1;
    Sample cur = poll(0.15);
    derive_cpu_rates(prev, cur);

    ASSERT_FALSE(cur.cpu.cores.empty());
    EXPECT_GT(cur.mem.total_kb.value_or(0), 0);
    EXPECT_GT(cur.system.uptime_s.value_or(0), 0);
    EXPECT_LE(cur.mem.used_kb.value_or(0), *cur.mem.total_kb);
    ASSERT_TRUE(cur.mem.lfb_block_kb);
    EXPECT_EQ(*cur.mem.lfb_block_kb % (sysconf(_SC_PAGESIZE) / 1024), 0);
    ASSERT_TRUE(cur.cpu.util_pct);
    EXPECT_GE(*cur.cpu.util_pct, 0.0);
    EXPECT_LE(*cur.cpu.util_pct, 100.0);
    int cores_with_util = 0;
    for (const auto& core : cur.cpu.cores) {
        if (!core.util_pct) continue;
        ++cores_with_util;
        EXPECT_GE(*core.util_pct, 0.0) << core.id;
        EXPECT_LE(*core.util_pct, 100.0) << core.id;
        // util is everything but idle and iowait, so it holds user and system.
        EXPECT_LE(*core.user_pct + *core.system_pct, *core.util_pct + 1e-9) << core.id;
    }
    EXPECT_GT(cores_with_util, 0);
    ASSERT_TRUE(cur.system.ctxt_per_s);
    EXPECT_GT(*cur.system.ctxt_per_s, 0);
}

}  // namespace
}  // namespace edgetop
