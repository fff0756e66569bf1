// x86 RAPL: counters read as rails, power from two readings, wrap-around, package total.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sensors/core/source.hpp"
#include "sensors/power/power_sources.hpp"
#include "sensors/power/rates_power.hpp"
#include "support/fixture_tree.hpp"
#include "support/unprivileged.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

constexpr uint64_t kRange = 262143328850;  // max_energy_range_uj of the x86-pc package zone
const char* kPackage = "/sys/class/powercap/intel-rapl:0/energy_uj";
const char* kCore = "/sys/class/powercap/intel-rapl:0:0/energy_uj";
const char* kUncore = "/sys/class/powercap/intel-rapl:0:1/energy_uj";
const char* kDram = "/sys/class/powercap/intel-rapl:0:2/energy_uj";
const char* kPsys = "/sys/class/powercap/intel-rapl:1/energy_uj";

TEST(Rapl, ZonesBecomeRailsWithRawCounters) {
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(fixture_path("x86-pc"))));
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.rails.size(), 5u);
    struct Want {
        const char* name;
        uint64_t energy, max;
    };
    const Want want[] = {{"package-0", 103418572031, kRange},
                         {"package-0/core", 40210933110, kRange},
                         {"package-0/uncore", 1203398712, kRange},
                         {"package-0/dram", 9843107342, 65712999613},
                         {"psys", 182733650221, kRange}};
    for (size_t i = 0; i < 5; ++i) {
        SCOPED_TRACE(want[i].name);
        EXPECT_EQ(sample.rails[i].name, want[i].name);
        EXPECT_EQ(sample.rails[i].energy_uj, want[i].energy);
        EXPECT_EQ(sample.rails[i].energy_max_uj, want[i].max);
        EXPECT_FALSE(sample.rails[i].power_mw);  // needs a second reading
        EXPECT_FALSE(sample.rails[i].voltage_mv);
        EXPECT_FALSE(sample.rails[i].is_total);
    }
    EXPECT_FALSE(sample.power_total_mw);
    auto status = source->status();
    EXPECT_EQ(status.back().name, "power.rapl");
    EXPECT_EQ(status.back().state, SourceStatus::State::found);
    EXPECT_EQ(status.back().path, "/sys/class/powercap/intel-rapl:0");
}

TEST(Rapl, PowerFromTwoSamplesWithAWriteBetween) {
    FixtureTree tree("x86-pc");
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample prev;
    prev.t_s = 3.0;
    source->poll(prev);
    // 12.5 J on the package, 7.25 J on the cores, 1 J uncore, 2 J DRAM, 20 J platform, in 0.5 s.
    tree.write(kPackage, "103431072031\n");
    tree.write(kCore, "40218183110\n");
    tree.write(kUncore, "1204398712\n");
    tree.write(kDram, "9845107342\n");
    tree.write(kPsys, "182753650221\n");
    Sample cur;
    cur.t_s = 3.5;
    source->poll(cur);
    derive_power_rates(prev, cur);
    ASSERT_EQ(cur.rails.size(), 5u);
    EXPECT_DOUBLE_EQ(*cur.rails[0].power_mw, 25000.0);
    EXPECT_DOUBLE_EQ(*cur.rails[1].power_mw, 14500.0);
    EXPECT_DOUBLE_EQ(*cur.rails[2].power_mw, 2000.0);
    EXPECT_DOUBLE_EQ(*cur.rails[3].power_mw, 4000.0);
    EXPECT_DOUBLE_EQ(*cur.rails[4].power_mw, 40000.0);
    // Only the package: core/uncore/dram are inside or beside it, psys contains it.
    EXPECT_DOUBLE_EQ(*cur.power_total_mw, 25000.0);
    // The rails the total is made of are flagged: the package alone.
    for (const auto& rail : cur.rails)
        EXPECT_EQ(rail.in_total, rail.name == "package-0") << rail.name;
}

TEST(Rapl, UnchangedCounterIsZeroPower) {
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(fixture_path("x86-pc"))));
    Sample prev, cur;
    prev.t_s = 1.0;
    cur.t_s = 1.1;
    source->poll(prev);
    source->poll(cur);
    derive_power_rates(prev, cur);
    EXPECT_EQ(cur.rails[0].power_mw, 0.0);
    EXPECT_EQ(cur.power_total_mw, 0.0);
}

Sample counters(double t_s, uint64_t package, uint64_t core, std::optional<uint64_t> max = kRange) {
    Sample sample;
    sample.t_s = t_s;
    RailSample pkg;
    pkg.name = "package-0";
    pkg.energy_uj = package;
    pkg.energy_max_uj = max;
    RailSample sub;
    sub.name = "package-0/core";
    sub.energy_uj = core;
    sub.energy_max_uj = max;
    sample.rails = {pkg, sub};
    return sample;
}

TEST(Rapl, WrapAroundAddsTheRangePlusOne) {
    // 1 s apart; the package counter wrapped: 262143000000 -> 671149 is
    // (262143328850 - 262143000000) + 1 + 671149 = 1000000 uJ = 1 J in 1 s = 1000 mW.
    Sample prev = counters(10.0, 262143000000, 5000000);
    Sample cur = counters(11.0, 671149, 5500000);
    derive_power_rates(prev, cur);
    EXPECT_DOUBLE_EQ(*cur.rails[0].power_mw, 1000.0);
    EXPECT_DOUBLE_EQ(*cur.rails[1].power_mw, 500.0);
    EXPECT_DOUBLE_EQ(*cur.power_total_mw, 1000.0);
}

TEST(Rapl, WrapWithoutRangeOrOverlongGapIsAbsent) {
    Sample prev = counters(1.0, 900, 900, std::nullopt);
    Sample cur = counters(2.0, 100, 1900, std::nullopt);
    derive_power_rates(prev, cur);
    EXPECT_FALSE(cur.rails[0].power_mw);
    EXPECT_DOUBLE_EQ(*cur.rails[1].power_mw, 1.0);
    EXPECT_FALSE(cur.power_total_mw);  // the package has no power
}

TEST(Rapl, NoPreviousRailOrNoTimeGivesNothing) {
    Sample prev;
    prev.t_s = 1.0;
    Sample cur = counters(2.0, 100, 100);
    derive_power_rates(prev, cur);
    EXPECT_FALSE(cur.rails[0].power_mw);
    EXPECT_FALSE(cur.power_total_mw);
    Sample same = counters(2.0, 200, 200);
    Sample again = counters(2.0, 300, 300);
    derive_power_rates(same, again);
    EXPECT_FALSE(again.rails[0].power_mw);
}

TEST(Rapl, InaTotalIsKept) {
    Sample prev = counters(1.0, 0, 0);
    Sample cur = counters(2.0, 1000, 1000);
    cur.power_total_mw = 6359.706;  // set by the INA3221 rule while polling
    derive_power_rates(prev, cur);
    EXPECT_EQ(cur.power_total_mw, 6359.706);
}

TEST(Rapl, GarbageCounterIsAbsent) {
    FixtureTree tree("x86-pc");
    tree.write(kPackage, "garbage\n");
    tree.write(kCore, "-5\n");
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample sample;
    source->poll(sample);
    EXPECT_FALSE(sample.rails[0].energy_uj);
    EXPECT_FALSE(sample.rails[1].energy_uj);
    EXPECT_EQ(sample.rails[2].energy_uj, 1203398712u);
}

TEST(Rapl, UnreadableEnergyNeedsRoot) {
    // 0400 and owned by root, as the kernel makes energy_uj since 5.10: a normal user (the test
    // drops to one when run as root) cannot read it.
    FixtureTree tree("x86-pc");
    ASSERT_EQ(
        chmod(tree.path("/sys/devices/virtual/powercap/intel-rapl/intel-rapl:0/energy_uj").c_str(),
              0400 & ~S_IRUSR),
        0);
    auto answer = testing::run_unprivileged(tree.root(), [&] {
        auto source = make_power_source();
        if (!source->discover(Root(tree.root()))) return std::string("not discovered");
        auto status = source->status().back();
        return std::string(to_string(status.state)) + "|" + status.hint;
    });
    if (!answer) GTEST_SKIP() << "cannot switch to an unprivileged user";
    EXPECT_TRUE(answer->starts_with(std::string(to_string(SourceStatus::State::needs_root)) + "|"))
        << *answer;
    EXPECT_NE(answer->find("root", answer->find('|')), std::string::npos) << *answer;
}

}  // namespace
}  // namespace edgetop
