#include "sensors/gpu/emc_clock.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "gpu/gpu_test_support.hpp"
#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_probe.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

std::optional<EmcSample> poll_emc(const std::string& root_dir) {
    auto source = make_emc_source();
    source->discover(Root(root_dir));
    Sample sample;
    source->poll(sample);
    return sample.emc;
}

std::optional<SourceStatus> status_of(const std::string& root_dir, const std::string& name) {
    auto source = make_emc_source();
    source->discover(Root(root_dir));
    auto found = testing::statuses_named(source->status(), name);
    if (found.size() != 1) return std::nullopt;
    return found[0];
}

struct ExpectedEmc {
    std::string board;
    double util_pct;
    int64_t freq_hz, min_hz, max_hz;
    std::string clock_path, actmon_path;
};

class EmcPerBoard : public ::testing::TestWithParam<ExpectedEmc> {};

TEST_P(EmcPerBoard, ReadsEveryFieldOfTheCapture) {
    const auto& want = GetParam();
    auto emc = poll_emc(fixture_path(want.board));
    ASSERT_TRUE(emc);
    EXPECT_EQ(emc->util_pct, want.util_pct);
    EXPECT_EQ(emc->freq_hz, want.freq_hz);
    EXPECT_EQ(emc->min_hz, want.min_hz);
    EXPECT_EQ(emc->max_hz, want.max_hz);
    auto clock = status_of(fixture_path(want.board), "emc.clock");
    ASSERT_TRUE(clock);
    EXPECT_EQ(clock->state, SourceStatus::State::found);
    EXPECT_EQ(clock->path, want.clock_path);
    auto actmon = status_of(fixture_path(want.board), "emc.actmon");
    ASSERT_TRUE(actmon);
    EXPECT_EQ(actmon->state, SourceStatus::State::found);
    EXPECT_EQ(actmon->path, want.actmon_path);
}

// EMC_FREQ x%@MHz of each board's tegrastats capture: mc_all = x% of the clock in kHz.
INSTANTIATE_TEST_SUITE_P(
    Boards, EmcPerBoard,
    ::testing::Values(ExpectedEmc{"nano", 0.0, 204000000, 12750000, 1600000000,
                                  "/sys/kernel/debug/clk/override.emc/clk_rate",
                                  "/sys/kernel/actmon_avg_activity/mc_all"},
                      ExpectedEmc{"tx2", 0.0, 1600000000, 40800000, 1600000000,
                                  "/sys/kernel/debug/bpmp/debug/clk/emc/rate",
                                  "/sys/kernel/actmon_avg_activity/mc_all"},
                      ExpectedEmc{"xavier-nx", 0.0, 1866000000, 204000000, 1866000000,
                                  "/sys/kernel/debug/bpmp/debug/clk/emc/rate",
                                  "/sys/kernel/actmon_avg_activity/mc_all"},
                      ExpectedEmc{"agx-xavier", 13.0, 2133000000, 204000000, 2133000000,
                                  "/sys/kernel/debug/bpmp/debug/clk/emc/rate",
                                  "/sys/kernel/actmon_avg_activity/mc_all"},
                      ExpectedEmc{"agx-orin", 0.0, 3199000000, 204000000, 3199000000,
                                  "/sys/kernel/debug/bpmp/debug/clk/emc/rate",
                                  "/sys/kernel/actmon_avg_activity/mc_all"},
                      ExpectedEmc{"orin-nano", 0.0, 3199000000, 204000000, 3199000000,
                                  "/sys/kernel/debug/bpmp/debug/clk/emc/rate",
                                  "/sys/kernel/debug/cactmon/mc_all"},
                      ExpectedEmc{"thor", 10.0, 4266000000, 204000000, 4266000000,
                                  "/sys/class/devfreq/bwmgr/cur_freq",
                                  "/sys/kernel/debug/bpmp/debug/actmon/mc_all_avg_activity"}),
    [](const auto& info) {
        std::string name = info.param.board;
        for (auto& c : name)
            if (c == '-') c = '_';
        return name;
    });

TEST(EmcClock, NoEmcOnX86) {
    auto source = make_emc_source();
    EXPECT_FALSE(source->discover(Root(fixture_path("x86-pc"))));
    Sample sample;
    source->poll(sample);
    EXPECT_EQ(sample.emc, std::nullopt);
    for (const auto& s : source->status())
        EXPECT_EQ(s.state, SourceStatus::State::absent) << s.name;
}

TEST(EmcClock, UtilisationFormula) {
    // tegrastats "EMC_FREQ 19%@1600" on a Nano: mc_all 304000 kHz of a 1600 MHz clock.
    EXPECT_EQ(emc_util_pct(304000, 1600000000), 19.0);
    EXPECT_DOUBLE_EQ(*emc_util_pct(1, 1600000000), 0.0000625);  // not floored to 0 (jtop #715)
    EXPECT_EQ(emc_util_pct(0, 3199000000), 0.0);
    EXPECT_EQ(emc_util_pct(5000000, 3199000000), 100.0);  // clamped
    EXPECT_EQ(emc_util_pct(304000, 0), std::nullopt);
    EXPECT_EQ(emc_util_pct(304000, -1), std::nullopt);
    EXPECT_EQ(emc_util_pct(-5, 1600000000), std::nullopt);
    EXPECT_EQ(emc_util_pct(std::nullopt, 1600000000), std::nullopt);
    EXPECT_EQ(emc_util_pct(304000, std::nullopt), std::nullopt);
}

TEST(EmcClock, UtilisationFollowsActivityBetweenPolls) {
    FixtureTree tree("agx-xavier");
    auto source = make_emc_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write("/sys/kernel/actmon_avg_activity/mc_all", "1066500\n");
    tree.write("/sys/kernel/debug/bpmp/debug/clk/emc/rate", "2133000000\n");
    Sample sample;
    source->poll(sample);
    ASSERT_TRUE(sample.emc);
    EXPECT_EQ(sample.emc->util_pct, 50.0);
    // The clock dropped to 1600 MHz with the same activity: a larger share of a slower clock.
    tree.write("/sys/kernel/debug/bpmp/debug/clk/emc/rate", "1600000000\n");
    tree.write("/sys/kernel/actmon_avg_activity/mc_all", "800000\n");
    Sample next;
    source->poll(next);
    ASSERT_TRUE(next.emc);
    EXPECT_EQ(next.emc->util_pct, 50.0);
    EXPECT_EQ(next.emc->freq_hz, 1600000000);
}

TEST(EmcClock, IsoCapLowersTheMaximumOnly) {
    FixtureTree tree("agx-xavier");
    auto source = make_emc_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    const std::string cap = "/sys/kernel/nvpmodel_emc_cap/emc_iso_cap";
    // agx-xavier.conf MODE_15W: EMC MAX_FREQ 1331200000.
    for (auto [text, want] : std::vector<std::pair<std::string, int64_t>>{
             {"1331200000\n", 1331200000},
             {"0\n", 2133000000},           // 0 = no cap (MAXN)
             {"3000000000\n", 2133000000},  // above the maximum: no effect
             {"garbage\n", 2133000000},
             {"-1\n", 2133000000}}) {
        tree.write(cap, text);
        Sample sample;
        source->poll(sample);
        ASSERT_TRUE(sample.emc);
        EXPECT_EQ(sample.emc->max_hz, want) << text;
    }
}

TEST(EmcClock, CactmonIsPreferredOverTheOlderActmonFile) {
    FixtureTree tree("orin-nano");
    tree.write("/sys/kernel/debug/cactmon/mc_all", "31990\n");
    tree.write("/sys/kernel/actmon_avg_activity/mc_all", "1599500\n");
    auto emc = poll_emc(tree.root());
    ASSERT_TRUE(emc);
    EXPECT_EQ(emc->util_pct, 1.0);
}

TEST(EmcClock, KernelActmonIsPreferredOverTheBpmpCounter) {
    FixtureTree tree("agx-orin");
    tree.write("/sys/kernel/debug/bpmp/debug/actmon/mc_all_avg_activity", "1599500\n");
    tree.write("/sys/kernel/actmon_avg_activity/mc_all", "319900\n");
    auto emc = poll_emc(tree.root());
    ASSERT_TRUE(emc);
    EXPECT_EQ(emc->util_pct, 10.0);
}

// docs/emc.md: the kernel drivers' unit is known from their source, the BPMP firmware's is not;
// --check says which one a board has.
TEST(EmcClock, OnlyTheBpmpCounterSaysItsUnitIsAssumed) {
    auto thor = status_of(fixture_path("thor"), "emc.actmon");
    ASSERT_TRUE(thor);
    EXPECT_EQ(thor->state, SourceStatus::State::found);
    EXPECT_EQ(thor->hint, "unit assumed to be kHz, as the kernel actmon drivers' is: docs/emc.md");
    for (const char* board : {"agx-orin", "orin-nano", "nano"}) {
        auto kernel = status_of(fixture_path(board), "emc.actmon");
        ASSERT_TRUE(kernel) << board;
        EXPECT_EQ(kernel->state, SourceStatus::State::found) << board;
        EXPECT_EQ(kernel->hint, "") << board;
    }
}

TEST(EmcClock, BadFilesLeaveValuesAbsentNotZero) {
    FixtureTree tree("tx2");
    auto source = make_emc_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    const std::string dir = "/sys/kernel/debug/bpmp/debug/clk/emc";
    tree.write("/sys/kernel/actmon_avg_activity/mc_all", "garbage\n");
    Sample a;
    source->poll(a);
    ASSERT_TRUE(a.emc);
    EXPECT_EQ(a.emc->util_pct, std::nullopt);
    EXPECT_EQ(a.emc->freq_hz, 1600000000);

    tree.write("/sys/kernel/actmon_avg_activity/mc_all", "112000\n");
    tree.write(dir + "/rate", "-1600000000\n");
    tree.write(dir + "/min_rate", "");
    tree.write(dir + "/max_rate", "99999999999999999999999\n");
    Sample b;
    source->poll(b);
    ASSERT_TRUE(b.emc);
    EXPECT_EQ(b.emc->freq_hz, std::nullopt);
    EXPECT_EQ(b.emc->util_pct, std::nullopt);  // needs the clock
    EXPECT_EQ(b.emc->min_hz, std::nullopt);
    // The nvpmodel cap (MAXP_CORE_ARM: 1600 MHz) is then the only known maximum.
    EXPECT_EQ(b.emc->max_hz, 1600000000);
    tree.write("/sys/kernel/nvpmodel_emc_cap/emc_iso_cap", "0\n");
    Sample c;
    source->poll(c);
    ASSERT_TRUE(c.emc);
    EXPECT_EQ(c.emc->max_hz, std::nullopt);
}

TEST(EmcClock, MissingActivityKeepsTheClock) {
    FixtureTree tree("nano");
    tree.remove("/sys/kernel/actmon_avg_activity");
    auto emc = poll_emc(tree.root());
    ASSERT_TRUE(emc);
    EXPECT_EQ(emc->util_pct, std::nullopt);
    EXPECT_EQ(emc->freq_hz, 204000000);
    auto actmon = status_of(tree.root(), "emc.actmon");
    ASSERT_TRUE(actmon);
    EXPECT_EQ(actmon->state, SourceStatus::State::absent);
}

TEST(EmcClock, RootOnlyDebugfsNeedsRootAndValuesAreAbsent) {
    // As on a real JetPack 5 Orin run by a normal user: debugfs is closed, but the kernel's
    // actmon_avg_activity file is world-readable.
    FixtureTree tree("agx-orin");
    testing::deny(tree.path("/sys/kernel/debug"));
    auto result = testing::run_unprivileged(tree.root(), [&] {
        auto source = make_emc_source();
        std::string out = source->discover(Root(tree.root())) ? "found" : "none";
        Sample sample;
        source->poll(sample);
        if (sample.emc)
            out += std::string(" emc") + (sample.emc->freq_hz ? " freq" : "") +
                   (sample.emc->util_pct ? " util" : "") + (sample.emc->max_hz ? " max" : "");
        for (const auto& s : source->status())
            out += "\n" + testing::describe(s);
        return out;
    });
    if (!result) GTEST_SKIP() << "cannot drop privileges to test permissions";
    EXPECT_NE(result->find("found emc\n"), std::string::npos) << *result;
    EXPECT_NE(result->find("emc.clock=needs root|/sys/kernel/debug/bpmp/debug/clk/emc/rate|" +
                           std::string(kDebugfsHint)),
              std::string::npos)
        << *result;
    EXPECT_NE(result->find("emc.actmon=found|/sys/kernel/actmon_avg_activity/mc_all|"),
              std::string::npos)
        << *result;
}

TEST(EmcClock, ThorBandwidthManagerIsReadableWithoutRoot) {
    FixtureTree tree("thor");
    testing::deny(tree.path("/sys/kernel/debug"));
    auto result = testing::run_unprivileged(tree.root(), [&] {
        auto source = make_emc_source();
        source->discover(Root(tree.root()));
        Sample sample;
        source->poll(sample);
        std::string out;
        if (sample.emc && sample.emc->freq_hz) out += std::to_string(*sample.emc->freq_hz);
        out += sample.emc && sample.emc->util_pct ? " util" : " no-util";
        for (const auto& s : source->status())
            out += "\n" + testing::describe(s);
        return out;
    });
    if (!result) GTEST_SKIP() << "cannot drop privileges to test permissions";
    EXPECT_NE(result->find("4266000000 no-util"), std::string::npos) << *result;
    EXPECT_NE(result->find("emc.clock=found|/sys/class/devfreq/bwmgr/cur_freq|"), std::string::npos)
        << *result;
    EXPECT_NE(result->find("emc.actmon=needs root|/sys/kernel/debug/cactmon/mc_all|" +
                           std::string(kDebugfsHint)),
              std::string::npos)
        << *result;
}

}  // namespace
}  // namespace edgetop
