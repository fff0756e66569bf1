// Rates end to end on every fixture board: a sample, one second of counters added to the tree
// (support/moving_tree.hpp), a second sample a second later; every rate is what was written.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "sensors/sampler/sampler.hpp"
#include "support/moving_tree.hpp"

namespace edgetop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using P = PerSecond;

TEST(MovingFixtures, EveryRateOfEveryBoardIsWhatTheTreeGained) {
    for (const std::string& board : fixture_boards()) {
        SCOPED_TRACE(board);
        MovingTree tree(board);
        Sampler sampler{Root(tree.root())};
        sampler.sample(sampler.started() + 250ms);
        tree.advance(1.0);
        const Sample& s = sampler.sample(sampler.started() + 1250ms);

        const double ticks = P::user_ticks + P::system_ticks + P::iowait_ticks + P::idle_ticks;
        ASSERT_TRUE(s.cpu.util_pct);
        EXPECT_DOUBLE_EQ(*s.cpu.util_pct, 100 * (P::user_ticks + P::system_ticks) / ticks);
        EXPECT_DOUBLE_EQ(*s.cpu.user_pct, 100 * P::user_ticks / ticks);
        EXPECT_DOUBLE_EQ(*s.cpu.system_pct, 100 * P::system_ticks / ticks);
        EXPECT_DOUBLE_EQ(*s.cpu.iowait_pct, 100 * P::iowait_ticks / ticks);
        int busy_cores = 0;
        for (const auto& core : s.cpu.cores)
            if (core.online && core.util_pct) {
                ++busy_cores;
                EXPECT_DOUBLE_EQ(*core.util_pct, 100 * (P::user_ticks + P::system_ticks) / ticks);
            }
        EXPECT_GT(busy_cores, 0);
        ASSERT_TRUE(s.system.ctxt_per_s);
        EXPECT_DOUBLE_EQ(*s.system.ctxt_per_s, P::context_switches);
        EXPECT_DOUBLE_EQ(s.mem.major_faults_per_s.value_or(-1), P::major_faults);
        for (const auto& disk : s.disks) {
            EXPECT_DOUBLE_EQ(disk.read_bytes_per_s.value_or(-1), P::sectors_read * 512.0);
            EXPECT_DOUBLE_EQ(disk.write_bytes_per_s.value_or(-1), P::sectors_written * 512.0);
            EXPECT_DOUBLE_EQ(disk.busy_pct.value_or(-1), P::io_ticks_ms / 10.0);
        }
        for (const auto& net : s.net) {
            EXPECT_DOUBLE_EQ(net.rx_bytes_per_s.value_or(-1), P::rx_bytes) << net.name;
            EXPECT_DOUBLE_EQ(net.tx_bytes_per_s.value_or(-1), P::tx_bytes) << net.name;
        }
    }
}

// RAPL's rails are energy counters: their power is the energy the tree gained over the second.
TEST(MovingFixtures, RaplPowerIsTheEnergyGainedOverTheInterval) {
    MovingTree tree("x86-pc");
    Sampler sampler{Root(tree.root())};
    sampler.sample(sampler.started() + 250ms);
    tree.advance(1.0);
    const Sample& s = sampler.sample(sampler.started() + 1250ms);
    int rapl = 0;
    for (const auto& rail : s.rails) {
        // "package-0", "package-0/core", "psys": the domain's own name is after the slash.
        std::string domain = rail.name.substr(rail.name.rfind('/') + 1);
        ASSERT_TRUE(rail.power_mw) << rail.name;
        EXPECT_DOUBLE_EQ(*rail.power_mw, P::rapl_microjoules(domain) / 1000.0) << rail.name;
        ++rapl;
    }
    EXPECT_GE(rapl, 2);
}

}  // namespace
}  // namespace edgetop::testing
