// Utilisation and context-switch rates from two /proc/stat readings, on the fixture trees.
#include <gtest/gtest.h>

#include "sensors/core/source.hpp"
#include "sensors/cpu/cpu_sources.hpp"
#include "sensors/cpu/rates_cpu.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

struct StatAndFreqReaders {
    SourcePtr freq = make_cpu_freq_source();
    SourcePtr stat = make_cpu_stat_source();

    explicit StatAndFreqReaders(const FixtureTree& tree) {
        Root root(tree.root());
        EXPECT_TRUE(freq->discover(root));
        EXPECT_TRUE(stat->discover(root));
    }
    Sample poll(double t_s) {
        Sample s;
        s.t_s = t_s;
        freq->poll(s);
        stat->poll(s);
        return s;
    }
};

const CoreSample& core(const Sample& s, int id) {
    for (const auto& c : s.cpu.cores)
        if (c.id == id) return c;
    throw std::runtime_error("no core " + std::to_string(id));
}

// Nano, one second at USER_HZ 100 between the readings. The deltas reproduce the tegrastats line
// 2 of nano-4gb-sumantbagri: CPU [3%@1479,0%@1479,7%@1479,19%@1479].
constexpr const char* kNanoStatBefore =
    "cpu  4000 40 2000 80000 160 20 60 0 0 0\n"
    "cpu0 1000 10 500 20000 40 5 15 0 0 0\n"
    "cpu1 1000 10 500 20000 40 5 15 0 0 0\n"
    "cpu2 1000 10 500 20000 40 5 15 0 0 0\n"
    "cpu3 1000 10 500 20000 40 5 15 0 0 0\n"
    "intr 5 0 0\nctxt 1000000\nbtime 1750000000\nprocesses 4000\n"
    "procs_running 2\nprocs_blocked 0\n";
// cpu0: user +2, system +1, idle +97                           -> 3 % (user 2, system 1)
// cpu1: idle +100                                              -> 0 %
// cpu2: user +4 nice +1 system +1 softirq +1 idle +90 iowait +3 -> 7 % (user 5, system 2, io 3)
// cpu3: user +12 system +5 irq +1 softirq +1 idle +81           -> 19 % (user 12, system 7)
constexpr const char* kNanoStatAfter =
    "cpu  4018 41 2007 80368 163 21 62 0 0 0\n"
    "cpu0 1002 10 501 20097 40 5 15 0 0 0\n"
    "cpu1 1000 10 500 20100 40 5 15 0 0 0\n"
    "cpu2 1004 11 501 20090 43 5 16 0 0 0\n"
    "cpu3 1012 10 505 20081 40 6 16 0 0 0\n"
    "intr 9 0 0\nctxt 1002610\nbtime 1750000000\nprocesses 4003\n"
    "procs_running 3\nprocs_blocked 1\n";

TEST(CpuRates, UtilisationPerCoreAndTotalFromTwoReadings) {
    FixtureTree tree("nano");
    tree.write("/proc/stat", kNanoStatBefore);
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(10.0);
    tree.write("/proc/stat", kNanoStatAfter);
    Sample cur = readers.poll(11.0);
    derive_cpu_rates(prev, cur);

    struct Want {
        int id;
        double util, user, system, iowait;
    };
    for (Want w :
         {Want{0, 3, 2, 1, 0}, Want{1, 0, 0, 0, 0}, Want{2, 7, 5, 2, 3}, Want{3, 19, 12, 7, 0}}) {
        const CoreSample& c = core(cur, w.id);
        ASSERT_TRUE(c.util_pct) << w.id;
        EXPECT_DOUBLE_EQ(*c.util_pct, w.util) << w.id;
        EXPECT_DOUBLE_EQ(*c.user_pct, w.user) << w.id;
        EXPECT_DOUBLE_EQ(*c.system_pct, w.system) << w.id;
        EXPECT_DOUBLE_EQ(*c.iowait_pct, w.iowait) << w.id;
    }
    // Aggregate: 400 ticks, idle 368, iowait 3 -> busy 29; user 19, system 10.
    ASSERT_TRUE(cur.cpu.util_pct);
    EXPECT_DOUBLE_EQ(*cur.cpu.util_pct, 100.0 * 29 / 400);
    EXPECT_DOUBLE_EQ(*cur.cpu.user_pct, 100.0 * 19 / 400);
    EXPECT_DOUBLE_EQ(*cur.cpu.system_pct, 100.0 * 10 / 400);
    EXPECT_DOUBLE_EQ(*cur.cpu.iowait_pct, 100.0 * 3 / 400);
    // ctxt 1000000 -> 1002610 in 1 s.
    ASSERT_TRUE(cur.system.ctxt_per_s);
    EXPECT_DOUBLE_EQ(*cur.system.ctxt_per_s, 2610.0);
    EXPECT_EQ(cur.system.procs_running, 3);
    EXPECT_EQ(cur.system.procs_blocked, 1);
}

TEST(CpuRates, ContextSwitchRateUsesTheRealInterval) {
    FixtureTree tree("nano");
    tree.write("/proc/stat", kNanoStatBefore);
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(2.0);
    tree.write("/proc/stat", kNanoStatAfter);
    Sample cur = readers.poll(2.5);  // 2610 switches in half a second
    derive_cpu_rates(prev, cur);
    EXPECT_DOUBLE_EQ(*cur.system.ctxt_per_s, 5220.0);
}

TEST(CpuRates, StealCountsInTheTotal) {
    FixtureTree tree("nano");
    tree.write("/proc/stat", "cpu  100 0 0 100 0 0 0 0 0 0\ncpu0 100 0 0 100 0 0 0 0 0 0\n");
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(0);
    // user +30, idle +50, steal +20: a guest whose hypervisor took 20 % of the time.
    tree.write("/proc/stat", "cpu  130 0 0 150 0 0 0 20 0 0\ncpu0 130 0 0 150 0 0 0 20 0 0\n");
    Sample cur = readers.poll(1);
    derive_cpu_rates(prev, cur);
    EXPECT_DOUBLE_EQ(*cur.cpu.util_pct, 50.0);
    EXPECT_DOUBLE_EQ(*cur.cpu.user_pct, 30.0);
    EXPECT_DOUBLE_EQ(*core(cur, 0).util_pct, 50.0);
}

TEST(CpuRates, UnchangedCountersGiveNoUtilisationButZeroSwitches) {
    FixtureTree tree("agx-orin");
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(1.0);
    Sample cur = readers.poll(1.1);
    derive_cpu_rates(prev, cur);
    EXPECT_FALSE(cur.cpu.util_pct);  // Δtotal == 0
    for (const auto& c : cur.cpu.cores)
        EXPECT_FALSE(c.util_pct) << c.id;
    EXPECT_DOUBLE_EQ(*cur.system.ctxt_per_s, 0.0);
}

TEST(CpuRates, CountersGoingBackwardsGiveNothing) {
    FixtureTree tree("nano");
    tree.write("/proc/stat", kNanoStatAfter);
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(1);
    tree.write("/proc/stat", kNanoStatBefore);
    Sample cur = readers.poll(2);
    derive_cpu_rates(prev, cur);
    EXPECT_FALSE(cur.cpu.util_pct);
    for (const auto& c : cur.cpu.cores)
        EXPECT_FALSE(c.util_pct) << c.id;
    EXPECT_FALSE(cur.system.ctxt_per_s);  // ctxt went from 1002610 down to 1000000
}

TEST(CpuRates, OnlyIdleGoingBackwardsAlsoGivesNothing) {
    FixtureTree tree("nano");
    tree.write("/proc/stat", "cpu0 1000 0 500 20000 40 0 0 0 0 0\n");
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(1);
    tree.write("/proc/stat", "cpu0 1200 0 600 19990 40 0 0 0 0 0\n");
    Sample cur = readers.poll(2);
    derive_cpu_rates(prev, cur);
    EXPECT_FALSE(core(cur, 0).util_pct);
}

TEST(CpuRates, CoreGoingOfflineAndBackMidRun) {
    // tx2 runs cpu0 and cpu3-5; take cpu3 away between two readings, then bring it back.
    FixtureTree tree("tx2");
    auto stat_with = [](bool cpu3, uint64_t step) {
        std::string text = "cpu  " + std::to_string(1000 + 40 * step) + " 0 0 " +
                           std::to_string(9000 + 360 * step) + " 0 0 0 0 0 0\n";
        for (int id : {0, 3, 4, 5}) {
            if (id == 3 && !cpu3) continue;
            text += "cpu" + std::to_string(id) + " " + std::to_string(250 + 10 * step) + " 0 0 " +
                    std::to_string(2250 + 90 * step) + " 0 0 0 0 0 0\n";
        }
        return text + "ctxt " + std::to_string(50000 + 1000 * step) + "\n";
    };
    tree.write("/proc/stat", stat_with(true, 0));
    StatAndFreqReaders readers(tree);
    Sample s0 = readers.poll(0);

    tree.write("/sys/devices/system/cpu/cpu3/online", "0\n");
    tree.write("/proc/stat", stat_with(false, 1));
    Sample s1 = readers.poll(1);
    derive_cpu_rates(s0, s1);
    EXPECT_FALSE(core(s1, 3).online);
    EXPECT_FALSE(core(s1, 3).util_pct);
    EXPECT_FALSE(core(s1, 3).freq_khz);
    EXPECT_FALSE(core(s1, 3).ticks);
    EXPECT_DOUBLE_EQ(*core(s1, 4).util_pct, 10.0);  // +10 busy of +100
    EXPECT_DOUBLE_EQ(*s1.cpu.util_pct, 10.0);

    tree.write("/sys/devices/system/cpu/cpu3/online", "1\n");
    tree.write("/proc/stat", stat_with(true, 2));
    Sample s2 = readers.poll(2);
    derive_cpu_rates(s1, s2);
    EXPECT_TRUE(core(s2, 3).online);
    EXPECT_EQ(core(s2, 3).freq_khz, 2035200);
    EXPECT_FALSE(core(s2, 3).util_pct);  // no previous reading while it was offline

    tree.write("/proc/stat", stat_with(true, 3));
    Sample s3 = readers.poll(3);
    derive_cpu_rates(s2, s3);
    ASSERT_TRUE(core(s3, 3).util_pct);
    EXPECT_DOUBLE_EQ(*core(s3, 3).util_pct, 10.0);
}

TEST(CpuRates, OfflineCoreStillListedInProcStatHasNoUtilisation) {
    // /proc/stat read just before the unplug finished: the line is there, the core is offline.
    FixtureTree tree("nano");
    tree.write("/proc/stat", kNanoStatBefore);
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(1);
    tree.write("/sys/devices/system/cpu/cpu2/online", "0\n");
    tree.write("/proc/stat", kNanoStatAfter);
    Sample cur = readers.poll(2);
    derive_cpu_rates(prev, cur);
    EXPECT_FALSE(core(cur, 2).online);
    EXPECT_FALSE(core(cur, 2).util_pct);
    EXPECT_TRUE(core(cur, 3).util_pct);
}

TEST(CpuRates, RawCountersAreKeptSoTheThirdSampleIsRight) {
    // jtop stores the delta of the aggregate as its "previous" value; from the third sample on
    // its total drifts. Three readings, 50 % then 25 % busy.
    FixtureTree tree("nano");
    tree.write("/proc/stat", "cpu  1000 0 0 1000 0 0 0 0 0 0\n");
    StatAndFreqReaders readers(tree);
    Sample s0 = readers.poll(0);
    tree.write("/proc/stat", "cpu  1050 0 0 1050 0 0 0 0 0 0\n");
    Sample s1 = readers.poll(1);
    derive_cpu_rates(s0, s1);
    tree.write("/proc/stat", "cpu  1075 0 0 1125 0 0 0 0 0 0\n");
    Sample s2 = readers.poll(2);
    derive_cpu_rates(s1, s2);
    EXPECT_DOUBLE_EQ(*s1.cpu.util_pct, 50.0);
    EXPECT_DOUBLE_EQ(*s2.cpu.util_pct, 25.0);
    EXPECT_EQ(s2.cpu.ticks->user, 1075u);
}

TEST(CpuRates, NoIntervalNoSwitchRate) {
    FixtureTree tree("nano");
    tree.write("/proc/stat", kNanoStatBefore);
    StatAndFreqReaders readers(tree);
    Sample prev = readers.poll(5);
    tree.write("/proc/stat", kNanoStatAfter);
    Sample cur = readers.poll(5);
    derive_cpu_rates(prev, cur);
    EXPECT_FALSE(cur.system.ctxt_per_s);
}

}  // namespace
}  // namespace edgetop
