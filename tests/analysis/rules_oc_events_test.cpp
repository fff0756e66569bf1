// Over-current throttle counts (soctherm_oc) as evidence: power_limit holds on them, and the DVFS
// throttle rules name them beside a clock drop.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis::oc_rules_test {
namespace {

using ::testing::HasSubstr;
using namespace analysis::testing;

OcEventSample counter(const char* name, const char* kind, int64_t events) {
    OcEventSample e;
    e.name = name;
    e.kind = kind;
    e.events = events;
    e.throttle_enabled = true;
    return e;
}

// An Orin in MAXN (no watt budget) at 1 Hz from t = 0 to 10 s, whose instantaneous over-current
// count is oc3[i] at second i (under-voltage and average over-current stay at 0 and 15).
std::vector<Sample> orin_counting(const std::vector<int64_t>& oc3) {
    std::vector<Sample> samples;
    for (std::size_t i = 0; i < oc3.size(); ++i) {
        Sample s = orin_idle(static_cast<double>(i));
        s.oc_events = {counter("oc1", "under-voltage", 0),
                       counter("oc2", "average over-current", 15),
                       counter("oc3", "instantaneous over-current", oc3[i])};
        samples.push_back(std::move(s));
    }
    return samples;
}

Board in_maxn() {
    Board board = orin_board();
    board.current_mode_id = 0;
    return board;
}

// 14 events over the 10 s window: 27390 at t = 0, 27404 at t = 10.
const std::vector<int64_t> kThrottling = {27390, 27392, 27392, 27395, 27395, 27399,
                                          27400, 27400, 27401, 27404, 27404};

TEST(OcEvidence, PowerLimitHoldsOnOverCurrentEventsWithoutABudget) {
    const auto r =
        evaluate(check_power_limit, "power_limit", orin_counting(kThrottling), in_maxn());
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "instantaneous over-current: 14 events in the last 10 s");
    const auto& listed = r.evidence["oc_events"];
    ASSERT_EQ(listed.size(), 3u);
    EXPECT_EQ(listed[2]["name"], "oc3");
    EXPECT_EQ(listed[2]["events"], 14);
    EXPECT_EQ(listed[2]["window_s"], 10.0);
    EXPECT_EQ(listed[1]["events"], 0);
}

// Thousands since boot say nothing about now: only a rise within the window counts.
TEST(OcEvidence, ALargeButStillCountIsNoThrottle) {
    const auto r = evaluate(check_power_limit, "power_limit",
                            orin_counting(std::vector<int64_t>(11, 27390)), in_maxn());
    ASSERT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message, "no over-current alarm or event");
    EXPECT_EQ(r.evidence["oc_events"][2]["events"], 0);
}

// A board without the counters (Xavier, x86) is judged as before: its INA3221 alarms only.
TEST(OcEvidence, WithoutCountersOnlyTheAlarmsCount) {
    const auto r =
        evaluate(check_power_limit, "power_limit", {orin_idle(0), orin_idle(1)}, in_maxn());
    ASSERT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message, "no over-current alarm");
    EXPECT_TRUE(r.evidence["oc_events"].empty());
    Sample no_alarms = orin_idle(0);
    for (auto& rail : no_alarms.rails)
        rail.warn_alarm.reset(), rail.crit_alarm.reset();
    const auto inactive = evaluate(check_power_limit, "power_limit", {no_alarms}, in_maxn());
    EXPECT_FALSE(inactive.active);
    EXPECT_THAT(inactive.inactive_reason, HasSubstr("no over-current alarms or counters"));
}

// A count that went back within the window (a reset) adds nothing for that step; the rises before
// and after it are counted.
TEST(OcEvidence, AResetInTheWindowCountsOnlyTheRises) {
    const auto r = evaluate(check_power_limit, "power_limit",
                            orin_counting({27390, 27395, 3, 5, 5, 5, 5, 5, 5, 5, 5}), in_maxn());
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.evidence["oc_events"][2]["events"], 7);
    EXPECT_EQ(r.message, "instantaneous over-current: 7 events in the last 10 s");
}

// Events older than the window are not evidence now.
TEST(OcEvidence, EventsBeforeTheWindowDoNotCount) {
    std::vector<int64_t> counts(21, 27400);
    counts[0] = 27390;  // ten events between t = 0 and t = 1, then none for 19 s
    const auto r = evaluate(check_power_limit, "power_limit", orin_counting(counts), in_maxn());
    EXPECT_FALSE(r.holds);
}

TEST(OcEvidence, GpuThrottleNamesTheOverCurrentEvents) {
    auto samples = orin_counting(kThrottling);
    for (auto& s : samples) {
        s.gpu[0].load_pct = 99;
        s.gpu[0].freq_hz = 306000000;
    }
    const auto r = evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", samples);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "GPU 17000000.gpu at 306 MHz, below 90 % of the allowed 625 MHz while 99 % busy; "
              "instantaneous over-current: 14 events in the last 10 s");
    EXPECT_EQ(r.evidence["oc_events"][2]["events"], 14);
}

TEST(OcEvidence, CpuThrottleNamesTheOverCurrentEvents) {
    auto samples = orin_counting(kThrottling);
    for (auto& s : samples)
        for (auto& core : s.cpu.cores) {
            core.util_pct = 97;
            core.freq_khz = 729600;
        }
    const auto r = evaluate(check_cpu_dvfs_throttle, "cpu_dvfs_throttle", samples);
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("; instantaneous over-current: 14 events in the last 10 s"));
    EXPECT_EQ(r.evidence["oc_events"][2]["events"], 14);
}

// A clock at its cap is no throttle, however many events there were: the events are evidence,
// not the condition, of the DVFS rules.
TEST(OcEvidence, EventsAloneDoNotMakeAGpuThrottle) {
    auto samples = orin_counting(kThrottling);
    for (auto& s : samples) {
        s.gpu[0].load_pct = 99;
        s.gpu[0].freq_hz = 624750000;
    }
    const auto r = evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", samples);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.evidence["oc_events"][2]["events"], 14);
}

}  // namespace
}  // namespace edgetop::analysis::oc_rules_test
