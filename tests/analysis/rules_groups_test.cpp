// cpu_quota_throttle: a control group held back by its CFS quota, on samples whose groups' counters
// are those of a container capped at 20 % of a core (cpu.cfs_quota_us 20000 over a 100 ms
// period: ten periods a second, each throttled while the container's work wants more).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using namespace testing;

// t whole seconds; throttled: how many of each second's ten periods were throttled.
GroupSample docker_group(int t, int throttled) {
    GroupSample g;
    g.path = "/docker/3f4e2b1a9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f";
    g.name = "l4t-ml";
    g.kind = "docker";
    g.id = "3f4e2b1a9c8d";
    g.processes = 3;
    g.cpu_limit_pct = 20;
    g.cpu_pct = 19.8;
    g.periods = 1000 + t * 10;
    g.throttled_periods = 200 + t * throttled;
    g.throttled_s = 12.5 + t * 0.08 * throttled;  // 80 ms of each throttled 100 ms period
    return g;
}

Sample with_groups(int t, std::vector<GroupSample> groups) {
    Sample s = orin_idle(t);
    s.groups = std::move(groups);
    return s;
}

std::vector<Sample> throttled_for(int seconds, int throttled) {
    std::vector<Sample> window;
    for (int t = 0; t <= seconds; ++t)
        window.push_back(with_groups(t, {docker_group(t, throttled)}));
    return window;
}

TEST(CpuQuotaThrottle, AContainerThrottledInMostPeriodsHoldsWithItsEvidence) {
    auto r = evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", throttled_for(5, 8));
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("docker l4t-ml throttled in 80 % of its CPU periods over the "
                                     "last 5 s, at or above 20 % (quota 20 % of a core, using "
                                     "19.8 %)"));
    EXPECT_EQ(r.evidence["group"], "l4t-ml");
    EXPECT_EQ(r.evidence["quota_pct"], 20.0);
    EXPECT_EQ(r.evidence["periods"], 50);
    EXPECT_EQ(r.evidence["throttled_periods"], 40);
    EXPECT_EQ(r.evidence["throttled_pct"], 80.0);
    EXPECT_EQ(r.evidence["throttled_s"], 3.2);
}

TEST(CpuQuotaThrottle, TheThresholdAndTheWindowAreTheRulesParameters) {
    EXPECT_FALSE(
        evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", throttled_for(5, 1)).holds);
    EXPECT_TRUE(
        evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", throttled_for(5, 2)).holds);
    RuleConfig config;
    ASSERT_EQ(config.set("cpu_quota_throttle.throttled_pct", "5"), std::nullopt);
    EXPECT_TRUE(evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", throttled_for(5, 1),
                         orin_board(), config)
                    .holds);

    // Throttled long ago, not within the last window_s: 40 periods throttled at first, none since.
    std::vector<Sample> window;
    for (int t = 0; t <= 9; ++t)
        window.push_back(with_groups(t, {docker_group(t, t < 4 ? 10 : 0)}));
    for (auto& s : window)
        if (s.t_s >= 4) s.groups[0].throttled_periods = 240;
    EXPECT_FALSE(evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", window).holds);
}

TEST(CpuQuotaThrottle, WithoutGroupsItIsInactiveAndWithoutQuotasItNeverHolds) {
    Sample no_table = orin_idle(0);
    no_table.procs.reset();
    no_table.groups.clear();
    auto none = evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", {no_table});
    EXPECT_FALSE(none.active);
    EXPECT_THAT(none.inactive_reason, HasSubstr("no control groups"));
    // The idle Orin's groups: systemd's, a service's and a user session's, none with a quota.
    auto unlimited =
        evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", {orin_idle(0), orin_idle(1)});
    EXPECT_TRUE(unlimited.active);
    EXPECT_FALSE(unlimited.holds);
    EXPECT_EQ(unlimited.message, "no CPU quota on any of 3 control groups");
}

TEST(CpuQuotaThrottle, OneReadingOrCountersThatWentBackDoNotHold) {
    auto first = evaluate(check_cpu_quota_throttle, "cpu_quota_throttle",
                          {with_groups(0, {docker_group(0, 10)})});
    EXPECT_TRUE(first.active);
    EXPECT_FALSE(first.holds);
    EXPECT_THAT(first.message, HasSubstr("not yet two readings"));

    // The container was made again under the same path: its counters start from zero.
    GroupSample again = docker_group(0, 10);
    again.periods = 10;
    again.throttled_periods = 10;
    EXPECT_FALSE(evaluate(check_cpu_quota_throttle, "cpu_quota_throttle",
                          {with_groups(0, {docker_group(100, 10)}), with_groups(1, {again})})
                     .holds);
}

TEST(CpuQuotaThrottle, TheWorstGroupIsNamedAndTheOthersCounted) {
    std::vector<Sample> window;
    for (int t = 0; t <= 5; ++t) {
        GroupSample other = docker_group(t, 5);
        other.path = "/docker/aa";
        other.name = "deepstream";
        window.push_back(with_groups(t, {other, docker_group(t, 9)}));
    }
    auto r = evaluate(check_cpu_quota_throttle, "cpu_quota_throttle", window);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.evidence["group"], "l4t-ml");
    EXPECT_EQ(r.evidence["groups_throttled"], 2);
    EXPECT_THAT(r.message, HasSubstr("; 2 groups throttled"));
}

}  // namespace
}  // namespace edgetop::analysis
