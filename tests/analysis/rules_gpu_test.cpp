#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using namespace testing;

Sample orin_gpu(double t, double load, int64_t freq_hz) {
    Sample s = orin_idle(t);
    s.gpu[0].load_pct = load;
    s.gpu[0].freq_hz = freq_hz;
    return s;
}

TEST(GpuDvfsThrottle, BusyGpuBelowItsAllowedClock) {
    const auto r =
        evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", {orin_gpu(0, 99, 306000000)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "GPU 17000000.gpu at 306 MHz, below 90 % of the allowed 625 MHz while 99 % busy");
    EXPECT_EQ(r.evidence["units"][0]["max_hz"], 624750000);
    EXPECT_EQ(r.evidence["units"][0]["freq_hz"], 306000000);
}

TEST(GpuDvfsThrottle, AtTheModeCapIsNotThrottled) {
    // MODE_30W allows 624.75 MHz: running there is the power mode's cap, not a throttle.
    EXPECT_FALSE(
        evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", {orin_gpu(0, 99, 624750000)}).holds);
    EXPECT_FALSE(
        evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", {orin_gpu(0, 30, 306000000)}).holds);
}

TEST(GpuDvfsThrottle, InactiveWithoutGpuOrLoad) {
    Sample no_gpu = orin_idle(0);
    no_gpu.gpu.clear();
    auto r = evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", {no_gpu});
    EXPECT_FALSE(r.active);
    EXPECT_EQ(r.inactive_reason, "no GPU found");
    // Thor: devfreq gpu-gpc-0 has no load file.
    Sample no_load = orin_gpu(0, 99, 306000000);
    no_load.gpu[0].load_pct.reset();
    r = evaluate(check_gpu_dvfs_throttle, "gpu_dvfs_throttle", {no_load});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
}

// --- gpu_starved ---

Sample starved(double t) {
    Sample s = orin_gpu(t, 12, 624750000);
    s.cpu.cores[3].util_pct = 98;
    s.procs->top.push_back(process(4242, "python3", 99, true, 35));
    return s;
}

TEST(GpuStarved, IdleGpuWhileItsFeederSaturatesACore) {
    const auto r = evaluate(check_gpu_starved, "gpu_starved", {starved(0)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "GPU 17000000.gpu at 12 % load, below 40 %, while cores 3 at or above 90 %; GPU "
              "processes 4242 python3 99 %");
    EXPECT_EQ(r.evidence["busy_cores"][0]["id"], 3);
    EXPECT_EQ(r.evidence["gpu_processes"][0]["pid"], 4242);
    EXPECT_EQ(r.evidence["gpu_load_pct"], 12.0);
}

TEST(GpuStarved, BusyGpuOrIdleCpuIsNotStarved) {
    Sample busy_gpu = starved(0);
    busy_gpu.gpu[0].load_pct = 65;
    EXPECT_FALSE(evaluate(check_gpu_starved, "gpu_starved", {busy_gpu}).holds);
    EXPECT_FALSE(evaluate(check_gpu_starved, "gpu_starved", {orin_idle(0)}).holds);
}

TEST(GpuStarved, ASaturatedCoreAloneIsEnoughWithoutAProcessTable) {
    Sample s = starved(0);
    s.procs.reset();
    const auto r = evaluate(check_gpu_starved, "gpu_starved", {s});
    EXPECT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
}

TEST(GpuStarved, InactiveWithoutGpuLoadOrCpuReadings) {
    Sample no_load = starved(0);
    no_load.gpu[0].load_pct.reset();
    auto r = evaluate(check_gpu_starved, "gpu_starved", {no_load});
    EXPECT_FALSE(r.active);
    EXPECT_EQ(r.inactive_reason, "GPU load not readable");

    Sample blind = starved(0);
    blind.procs.reset();
    for (auto& core : blind.cpu.cores)
        core.util_pct.reset();
    r = evaluate(check_gpu_starved, "gpu_starved", {blind});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
}

TEST(GpuStarved, NeedsFiveSecondsAndIgnoresShortDips) {
    Analyzer analyzer(orin_board());
    // GPU idles for 4 s of every 5 s: never 5 s in a row.
    auto run = feed(analyzer, 0, 30, 1, [](double t) {
        Sample s = starved(t);
        if (static_cast<int>(t) % 5 == 4) s.gpu[0].load_pct = 95;
        return s;
    });
    EXPECT_TRUE(events_of(run.events, "gpu_starved").empty());
    run = feed(analyzer, 31, 40, 1, starved);
    const auto events = events_of(run.events, "gpu_starved");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 35);  // the run starts at 30 (29 was a dip)
}

// --- emc_saturated ---

TEST(EmcSaturated, RaisedAfterThreeSecondsAtNinetyPercent) {
    Analyzer analyzer(orin_board());
    auto saturated = [](double t) {
        Sample s = orin_idle(t);
        s.emc->util_pct = 93;
        s.emc->freq_hz = 3199000000;
        return s;
    };
    auto run = feed(analyzer, 0, 5, 0.5, saturated);
    auto events = events_of(run.events, "emc_saturated");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 3);
    EXPECT_EQ(events[0].message, "EMC (shared DRAM) 93 % busy at 3199 MHz, at or above 90 %");
    EXPECT_EQ(events[0].evidence["util_pct"], 93.0);

    run = feed(analyzer, 5.5, 20, 0.5, orin_idle);
    events = events_of(run.events, "emc_saturated");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].state, EventState::cleared);
    EXPECT_EQ(events[0].t_s, 10.5);
}

TEST(EmcSaturated, InactiveWithoutEmcOrItsUtilisation) {
    Sample no_emc = orin_idle(0);
    no_emc.emc.reset();
    auto r = evaluate(check_emc_saturated, "emc_saturated", {no_emc});
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("no EMC"));

    Sample no_util = orin_idle(0);
    no_util.emc->util_pct.reset();  // debugfs actmon unreadable as a user
    r = evaluate(check_emc_saturated, "emc_saturated", {no_util});
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("run as root"));
}

}  // namespace
}  // namespace edgetop::analysis
