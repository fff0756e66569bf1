#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using namespace testing;

// A Jetson Nano-like sample: 4 online cores, one cluster, with the given processes.
Sample nano_with(double t, std::vector<ProcessSample> processes) {
    Sample s;
    s.t_s = t;
    for (int id = 0; id < 4; ++id) {
        CoreSample core;
        core.id = id;
        core.cluster = 0;
        core.util_pct = 85;
        s.cpu.cores.push_back(core);
    }
    s.system.ctxt_per_s = 18450;
    s.procs = ProcsSample{};
    s.procs->top = std::move(processes);
    return s;
}

TEST(CpuOversubscribed, ThreeBusyProcessesOnFourCoresPreemptEachOther) {
    std::vector<Sample> window;
    for (int i = 0; i <= 5; ++i)
        window.push_back(nano_with(
            i, {process(812, "python3", 98, false, 310), process(1204, "python3", 96, false, 287),
                process(1210, "python3", 91, false, 260), process(640, "Xorg", 3)}));
    const auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, Board{});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "3 busy processes on 4 online cores, more than half as many as cores (PIDs 812 "
              "1204 1210)");
    EXPECT_EQ(r.evidence["busy_count"], 3);
    EXPECT_EQ(r.evidence["online_cores"], 4);
    EXPECT_EQ(r.evidence["limit"], 2.0);
    EXPECT_EQ(r.evidence["ctxt_per_s"], 18450.0);
    const auto& first = r.evidence["busy_processes"][0];
    EXPECT_EQ(first["pid"], 812);
    EXPECT_EQ(first["name"], "python3");
    EXPECT_EQ(first["cpu_pct"], 98.0);
    EXPECT_EQ(first["nonvol_ctxt_per_s"], 310.0);
}

TEST(CpuOversubscribed, HalfTheCoresIsStillFine) {
    std::vector<Sample> window;
    for (int i = 0; i <= 5; ++i)
        window.push_back(nano_with(i, {process(812, "python3", 98), process(1204, "python3", 96)}));
    const auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, Board{});
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message, "2 busy processes on 4 online cores, not more than half as many as cores");
}

TEST(CpuOversubscribed, BusyMeansAveragedOverTheWindowNotOneSpike) {
    // 1210 spikes to 100 % for one second of the 5 s window: 20 % on average.
    std::vector<Sample> window;
    for (int i = 0; i <= 6; ++i)
        window.push_back(nano_with(i, {process(812, "a", 98), process(1204, "b", 96),
                                       process(1210, "c", i == 6 ? 100 : 0)}));
    auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, Board{});
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.evidence["busy_count"], 2);

    RuleConfig short_window;
    ASSERT_EQ(short_window.set("cpu_oversubscribed.window_s", "1"), std::nullopt);
    r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, Board{}, short_window);
    EXPECT_TRUE(r.holds);
}

TEST(CpuOversubscribed, AverageIsWeightedByTheRealIntervals) {
    // 1210 at 100 % for 4 s (one sample closing a 4 s interval), then 0 % over four 0.25 s
    // samples: 4 s of 5 -> 80 %, busy. An unweighted mean of the five samples would be 20 %.
    std::vector<Sample> window{nano_with(0, {process(1210, "c", 0)}),
                               nano_with(4, {process(1210, "c", 100)})};
    for (double t : {4.25, 4.5, 4.75, 5.0})
        window.push_back(nano_with(t, {process(1210, "c", 0)}));
    const auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, Board{});
    ASSERT_EQ(r.evidence["busy_count"], 1);
    EXPECT_NEAR(r.evidence["busy_processes"][0]["cpu_pct"].get<double>(), 80, 0.1);
}

TEST(CpuOversubscribed, GpuHoldersCountAsBusyUnlessSwitchedOff) {
    // MODE_30W: 8 online cores; 3 CPU-bound loaders + 2 idle GPU holders = 5 > 4.
    auto make = [](double t) {
        Sample s = orin_idle(t);
        s.procs->top = {process(2001, "loader", 99), process(2002, "loader", 97),
                        process(2003, "loader", 95), process(2100, "trtexec", 12, true, 900),
                        process(2101, "trtexec", 11, true, 850)};
        return s;
    };
    const std::vector<Sample> window{make(0), make(1), make(2)};
    auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window);
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("5 busy processes on 8 online cores"));
    EXPECT_THAT(r.message, HasSubstr("2001 2002 2003 2100 2101"));

    RuleConfig config;
    ASSERT_EQ(config.set("cpu_oversubscribed.count_gpu_holders", "0"), std::nullopt);
    r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, orin_board(), config);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.evidence["busy_count"], 3);
}

TEST(CpuOversubscribed, InactiveWithoutProcessTableOrCores) {
    Sample no_table = orin_idle(0);
    no_table.procs.reset();
    auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", {no_table});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_THAT(r.inactive_reason, HasSubstr("no process table"));

    Sample no_cores = nano_with(0, {process(1, "a", 100), process(2, "b", 100)});
    no_cores.cpu.cores.clear();
    r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", {no_cores});
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("no online CPU cores"));
}

TEST(CpuOversubscribed, UnknownCpuOfANewProcessIsNotZeroNorBusy) {
    ProcessSample fresh = process(3000, "new", 0);
    fresh.cpu_pct.reset();  // first reading: no rate yet
    std::vector<Sample> window{nano_with(0, {process(812, "a", 98), fresh}),
                               nano_with(1, {process(812, "a", 98), process(3000, "new", 100)})};
    const auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", window, Board{});
    EXPECT_EQ(r.evidence["busy_count"], 2);  // 3000 averages 100 % over the part it is known
}

Sample orin_workers(double t, double cpu_pct) {
    Sample s = orin_idle(t);
    for (int i = 0; i < 5; ++i)
        s.procs->top.push_back(process(900 + i, "worker", cpu_pct));
    return s;
}

TEST(CpuOversubscribed, RaisedAfterSustainAndClearedAfterClear) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 10, 1, [](double t) { return orin_workers(t, 99); });
    auto events = events_of(run.events, "cpu_oversubscribed");
    ASSERT_EQ(events.size(), 1u);
    // Busy from the first sample (the window average only sees busy samples); sustain 3 s.
    EXPECT_EQ(events[0].t_s, 3);
    EXPECT_EQ(events[0].state, EventState::raised);
    EXPECT_EQ(events[0].evidence["busy_count"], 5);

    // The workers stay alive but idle: the 5 s average falls below 50 % at t = 13 (2 busy s
    // of 5); clear_s 5 -> cleared at 18.
    run = feed(analyzer, 11, 30, 1, [](double t) { return orin_workers(t, 0); });
    events = events_of(run.events, "cpu_oversubscribed");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].state, EventState::cleared);
    EXPECT_EQ(events[0].t_s, 18);
}

TEST(CpuOversubscribed, ExitedProcessesStopCountingAtOnce) {
    Analyzer analyzer(orin_board());
    feed(analyzer, 0, 10, 1, [](double t) { return orin_workers(t, 99); });
    const auto run = feed(analyzer, 11, 30, 1, orin_idle);  // the workers exit at 11
    const auto events = events_of(run.events, "cpu_oversubscribed");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 16);
}

// --- cpu_dvfs_throttle ---

Sample orin_cluster0(double t, double util, int64_t freq_khz) {
    Sample s = orin_idle(t);
    for (auto& core : s.cpu.cores)
        if (core.cluster == 0) {
            core.util_pct = util;
            core.freq_khz = freq_khz;
        }
    return s;
}

TEST(CpuDvfsThrottle, BusyClusterBelowItsAllowedClock) {
    const auto r =
        evaluate(check_cpu_dvfs_throttle, "cpu_dvfs_throttle", {orin_cluster0(0, 96, 1190400)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "CPU cluster 0 (cores 0-3) at 1190 MHz, below 90 % of the allowed 1728 MHz while 96 "
              "% busy");
    const auto& unit = r.evidence["units"][0];
    EXPECT_EQ(unit["cluster"], 0);
    EXPECT_EQ(unit["freq_khz"], 1190400);
    EXPECT_EQ(unit["max_khz"], 1728000);
    EXPECT_EQ(unit["throttled"], true);
    EXPECT_EQ(r.evidence["units"][1]["throttled"], false);  // cluster 4 idle
    EXPECT_EQ(r.evidence["units"].size(), 2u);              // cluster 8 is offline in MODE_30W
}

TEST(CpuDvfsThrottle, FullClockOrIdleClusterIsNotThrottled) {
    EXPECT_FALSE(
        evaluate(check_cpu_dvfs_throttle, "cpu_dvfs_throttle", {orin_cluster0(0, 96, 1728000)})
            .holds);
    // 1574400 kHz is 91 % of 1728000: above the 90 % line.
    EXPECT_FALSE(
        evaluate(check_cpu_dvfs_throttle, "cpu_dvfs_throttle", {orin_cluster0(0, 96, 1574400)})
            .holds);
    // Down-clocked because it is idle: that is the governor's job, not throttling.
    EXPECT_FALSE(
        evaluate(check_cpu_dvfs_throttle, "cpu_dvfs_throttle", {orin_cluster0(0, 40, 729600)})
            .holds);
}

TEST(CpuDvfsThrottle, InactiveWithoutClocks) {
    Sample s = orin_cluster0(0, 96, 1190400);
    for (auto& core : s.cpu.cores)
        core.max_khz.reset();
    const auto r = evaluate(check_cpu_dvfs_throttle, "cpu_dvfs_throttle", {s});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_THAT(r.inactive_reason, HasSubstr("scaling_max_freq"));
}

TEST(CpuDvfsThrottle, HysteresisNeedsThreeSeconds) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 2.5, 0.5, [](double t) { return orin_cluster0(t, 96, 1190400); });
    EXPECT_TRUE(events_of(run.events, "cpu_dvfs_throttle").empty());
    EXPECT_TRUE(state_of(analyzer, "cpu_dvfs_throttle").holds);
    EXPECT_FALSE(state_of(analyzer, "cpu_dvfs_throttle").raised);
    run = feed(analyzer, 3, 3, 1, [](double t) { return orin_cluster0(t, 96, 1190400); });
    ASSERT_EQ(events_of(run.events, "cpu_dvfs_throttle").size(), 1u);
    EXPECT_EQ(run.flags.back(), (std::vector<std::string>{"cpu_dvfs_throttle", "power_mode_cap"}));
}

}  // namespace
}  // namespace edgetop::analysis
