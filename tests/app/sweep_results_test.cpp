// The choice of a power mode from measured runs: the Pareto front, the recommendations, and modes
// that failed or could not be measured kept out of both.
#include <gtest/gtest.h>

#include "commands/sweep_results.hpp"

namespace edgetop::sweep {
namespace {

ModeResult mode(int id, std::vector<std::pair<double, std::optional<double>>> runs,
                int exit_status = 0) {
    ModeResult m;
    m.id = id;
    m.name = "MODE_" + std::to_string(id);
    for (auto [seconds, joules] : runs) {
        Run r;
        r.exit_status = exit_status;
        r.duration_s = seconds;
        r.energy_j = joules;
        if (joules) r.avg_power_w = *joules / seconds;
        m.runs.push_back(r);
    }
    return m;
}

// Times and energies in the proportions of the AGX Orin study: MAXN fastest but not cheapest.
std::vector<ModeResult> orin_like() {
    return {mode(0, {{10.0, 300.0}}),   // MAXN: fastest, 30 W
            mode(1, {{16.0, 208.0}}),   // 15W: 13 W, least energy
            mode(2, {{10.8, 259.2}}),   // 30W: 8 % slower, 24 W
            mode(3, {{12.0, 312.0}})};  // 50W-ish: slower and dearer than MAXN
}

TEST(SweepResults, ParetoFrontIsFastestFirstAndDropsDominatedModes) {
    EXPECT_EQ(pareto_front(orin_like()), (std::vector<int>{0, 2, 1}));
}

TEST(SweepResults, RecommendationsFollowSlackAndBudget) {
    auto r = recommend(orin_like(), 10, 20.0);
    EXPECT_EQ(r.min_time, 0);
    EXPECT_EQ(r.min_energy, 1);
    EXPECT_EQ(r.min_energy_within_slack, 2);  // 10.8 s is within 10 % of 10 s; 16 s is not
    EXPECT_EQ(r.min_energy_under_budget, 1);  // only mode 1 averages 20 W or less
    EXPECT_EQ(recommend(orin_like(), 5, std::nullopt).min_energy_within_slack, 0);
    EXPECT_FALSE(recommend(orin_like(), 5, std::nullopt).min_energy_under_budget);
    EXPECT_FALSE(recommend(orin_like(), 5, 10.0).min_energy_under_budget);  // none that frugal
}

TEST(SweepResults, FailedOrUnmeasuredModesAreNeverRecommended) {
    auto modes = orin_like();
    modes[1] = mode(1, {{16.0, 208.0}}, 1);           // the job failed there
    modes.push_back(mode(4, {{9.0, std::nullopt}}));  // no power readings, though fastest
    ModeResult not_switched;
    not_switched.id = 5;
    not_switched.problem = "'nvpmodel -m 5' exited with status 1";
    modes.push_back(not_switched);
    auto r = recommend(modes, 10, 1000.0);
    EXPECT_EQ(r.min_time, 0);
    EXPECT_EQ(r.min_energy, 2);
    EXPECT_EQ(r.min_energy_under_budget, 2);
    EXPECT_EQ(pareto_front(modes), (std::vector<int>{0, 2}));
    EXPECT_FALSE(modes[4].usable());
    EXPECT_FALSE(modes[5].usable());
    EXPECT_EQ(modes[1].exit_status(), 1);
}

TEST(SweepResults, RepeatedRunsUseTheMedian) {
    auto m = mode(0, {{10.0, 100.0}, {30.0, 900.0}, {12.0, 130.0}});
    EXPECT_DOUBLE_EQ(*m.median_duration_s(), 12.0);
    EXPECT_DOUBLE_EQ(*m.median_energy_j(), 130.0);
    auto even = mode(0, {{10.0, 100.0}, {12.0, 140.0}});
    EXPECT_DOUBLE_EQ(*even.median_duration_s(), 11.0);
    EXPECT_DOUBLE_EQ(*even.median_energy_j(), 120.0);
    // One run without energy leaves the mode without an energy figure.
    EXPECT_FALSE(mode(0, {{10.0, 100.0}, {11.0, std::nullopt}}).median_energy_j());
}

TEST(SweepResults, NoUsableModeRecommendsNothing) {
    auto r = recommend({mode(0, {{1.0, 5.0}}, 2)}, 10, 5.0);
    EXPECT_FALSE(r.min_time || r.min_energy || r.min_energy_within_slack ||
                 r.min_energy_under_budget);
    EXPECT_TRUE(pareto_front({}).empty());
}

TEST(SweepResults, CapsComeFromTheMode) {
    PowerMode pm;
    pm.online_cores = {0, 1, 2, 3};
    pm.cpu_max_khz = {{"CPU_A78_0", 960000}, {"CPU_A78_1", -1}};
    pm.gpu_max_hz = 408000000;
    pm.emc_max_hz = 2133000000;
    auto caps = caps_of(pm);
    EXPECT_EQ(caps.online_cores, 4);
    EXPECT_DOUBLE_EQ(*caps.cpu_max_mhz, 960);
    EXPECT_DOUBLE_EQ(*caps.gpu_max_mhz, 408);
    EXPECT_DOUBLE_EQ(*caps.emc_max_mhz, 2133);
    pm.gpu_max_hz = -1;
    EXPECT_FALSE(caps_of(pm).gpu_max_mhz);
}

TEST(SweepResults, TooFewSamplesAdviseMoreRunsOrAShorterInterval) {
    // A 5 s job at the default 1000 ms: 5 samples a run; 4 runs or -i 250 give 20.
    auto slow = more_samples(5, 1, 1000, 50);
    EXPECT_EQ(slow.repeat, 4);
    EXPECT_EQ(slow.interval_ms, 250);
    // Two runs of 6 samples at 500 ms: 4 runs of 6, or 300 ms (12 x 500 / 20).
    auto two = more_samples(12, 2, 500, 50);
    EXPECT_EQ(two.repeat, 4);
    EXPECT_EQ(two.interval_ms, 300);
    // 10 samples at 50 ms, already the shortest interval: only more runs help.
    auto fastest = more_samples(10, 1, 50, 50);
    EXPECT_EQ(fastest.repeat, 2);
    EXPECT_FALSE(fastest.interval_ms);
    // No sample at all (a job shorter than one interval): never a division by zero.
    EXPECT_EQ(more_samples(0, 1, 1000, 50).repeat, 20);
    EXPECT_FALSE(more_samples(0, 1, 1000, 50).interval_ms);
    ModeResult mode;
    mode.runs.resize(2);
    mode.runs[0].samples = 7;
    mode.runs[1].samples = 8;
    EXPECT_EQ(mode.samples(), 15u);
}

}  // namespace
}  // namespace edgetop::sweep
