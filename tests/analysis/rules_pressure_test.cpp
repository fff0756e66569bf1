// The conditions and evidence from pressure stall information, /proc/vmstat and cooling devices:
// memory_pressure on PSI memory full and OOM kills, io_stall on PSI io full, cpu_oversubscribed's
// PSI cpu evidence, thermal_throttle on CPU/GPU cooling devices.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace testing;

Sample with_psi(double t, double memory_full, double io_full, double cpu_some = 0) {
    Sample s = orin_idle(t);
    PsiSample psi;
    psi.cpu_some_pct = cpu_some;
    psi.memory_some_pct = memory_full;
    psi.memory_full_pct = memory_full;
    psi.io_some_pct = io_full;
    psi.io_full_pct = io_full;
    s.psi = psi;
    return s;
}

Sample with_oom_kills(double t, int64_t kills) {
    Sample s = orin_idle(t);
    s.mem.oom_kills = kills;
    s.mem.major_faults_per_s = 850;
    return s;
}

// --- memory_pressure ---

TEST(MemoryPressurePsi, MemoryFullAtTheLimitHolds) {
    auto r = evaluate(check_memory_pressure, "memory_pressure", {with_psi(0, 12.5, 0)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("every task stalled on memory 12.5 % of the last 10 s (PSI)"));
    EXPECT_EQ(r.evidence["psi_memory_full_pct"], 12.5);
    EXPECT_EQ(r.evidence["psi_full_limit_pct"], 10.0);
    EXPECT_TRUE(evaluate(check_memory_pressure, "memory_pressure", {with_psi(0, 10, 0)}).holds);
    EXPECT_FALSE(evaluate(check_memory_pressure, "memory_pressure", {with_psi(0, 9.9, 0)}).holds);

    RuleConfig config;
    ASSERT_EQ(config.set("memory_pressure.psi_full_pct", "5"), std::nullopt);
    EXPECT_TRUE(evaluate(check_memory_pressure, "memory_pressure", {with_psi(0, 6, 0)},
                         orin_board(), config)
                    .holds);
}

TEST(MemoryPressurePsi, NewOomKillHoldsForTheWindowWithMajorFaultsAsEvidence) {
    std::vector<Sample> window;
    for (int t = 0; t <= 5; ++t)
        window.push_back(with_oom_kills(t, t < 3 ? 4 : 5));
    auto r = evaluate(check_memory_pressure, "memory_pressure", window);
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("the OOM killer killed 1 process in the last 10 s"));
    EXPECT_THAT(r.message, HasSubstr("850 major page faults/s"));
    EXPECT_EQ(r.evidence["recent_oom_kills"], 1);
    EXPECT_EQ(r.evidence["oom_kills"], 5);
    EXPECT_EQ(r.evidence["major_faults_per_s"], 850.0);

    // Kills from before the window (the count since boot) are not a condition.
    window.clear();
    for (int t = 0; t <= 5; ++t)
        window.push_back(with_oom_kills(t, 4));
    r = evaluate(check_memory_pressure, "memory_pressure", window);
    EXPECT_FALSE(r.holds);
    EXPECT_THAT(r.message, Not(HasSubstr("OOM")));
    EXPECT_EQ(r.evidence["recent_oom_kills"], 0);
}

TEST(MemoryPressurePsi, OomKillRaisesThenClearsOnceOutOfTheWindow) {
    Analyzer analyzer(orin_board());
    // One kill at t = 2; the condition holds while it is within oom_window_s (10 s).
    auto run = feed(analyzer, 0, 10, 1, [](double t) { return with_oom_kills(t, t < 2 ? 0 : 1); });
    auto events = events_of(run.events, "memory_pressure");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].state, EventState::raised);
    EXPECT_EQ(events[0].t_s, 5);  // held from 2, sustain_s 3
    run = feed(analyzer, 11, 45, 1, [](double t) { return with_oom_kills(t, 1); });
    events = events_of(run.events, "memory_pressure");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].state, EventState::cleared);
    // The 0 -> 1 step leaves the 10 s window at t = 12; the flag clears clear_s (5 s) later.
    EXPECT_EQ(events[0].t_s, 17);
}

TEST(MemoryPressurePsi, PsiRaisesAfterSustainAndClearsAfterClear) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 2, 1, [](double t) { return with_psi(t, 25, 0); });
    EXPECT_TRUE(events_of(run.events, "memory_pressure").empty());
    run = feed(analyzer, 3, 3, 1, [](double t) { return with_psi(t, 25, 0); });
    ASSERT_EQ(events_of(run.events, "memory_pressure").size(), 1u);
    run = feed(analyzer, 4, 8, 1, [](double t) { return with_psi(t, 1, 0); });
    EXPECT_TRUE(events_of(run.events, "memory_pressure").empty());  // false for 4 s only
    run = feed(analyzer, 9, 9, 1, [](double t) { return with_psi(t, 1, 0); });
    const auto cleared = events_of(run.events, "memory_pressure");
    ASSERT_EQ(cleared.size(), 1u);
    EXPECT_EQ(cleared[0].state, EventState::cleared);
}

TEST(MemoryPressurePsi, ActiveOnPsiAloneAndNothingNewWithoutIt) {
    Sample s = with_psi(0, 30, 0);
    s.mem = MemSample{};
    auto r = evaluate(check_memory_pressure, "memory_pressure", {s});
    EXPECT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    // JetPack 4: no /proc/pressure, no oom_kill: the rule is what it was.
    r = evaluate(check_memory_pressure, "memory_pressure", {orin_idle(0)});
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_TRUE(r.evidence["psi_memory_full_pct"].is_null());
    EXPECT_TRUE(r.evidence["recent_oom_kills"].is_null());
    s = orin_idle(0);
    s.mem = MemSample{};
    r = evaluate(check_memory_pressure, "memory_pressure", {s});
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("PSI"));
}

// --- io_stall ---

TEST(IoStallPsi, IoFullHoldsEvenWithLowIowait) {
    auto r = evaluate(check_io_stall, "io_stall", {with_psi(0, 0, 14.2)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "CPUs 0 % in iowait, 0 processes blocked on I/O, every task stalled on I/O 14.2 % of "
              "the last 10 s (PSI), at or above 10 %");
    EXPECT_EQ(r.evidence["psi_io_full_pct"], 14.2);
    EXPECT_FALSE(evaluate(check_io_stall, "io_stall", {with_psi(0, 0, 9.9)}).holds);
}

TEST(IoStallPsi, SustainedIoFullRaisesAndClears) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 4, 1, [](double t) { return with_psi(t, 0, 30); });
    EXPECT_TRUE(events_of(run.events, "io_stall").empty());  // 4 s < sustain_s 5
    run = feed(analyzer, 5, 5, 1, [](double t) { return with_psi(t, 0, 30); });
    ASSERT_EQ(events_of(run.events, "io_stall").size(), 1u);
    run = feed(analyzer, 6, 10, 1, [](double t) { return with_psi(t, 0, 0.5); });
    EXPECT_TRUE(events_of(run.events, "io_stall").empty());  // false for 4 s < clear_s 5
    run = feed(analyzer, 11, 11, 1, [](double t) { return with_psi(t, 0, 0.5); });
    ASSERT_EQ(events_of(run.events, "io_stall").size(), 1u);
    EXPECT_EQ(run.events.back().state, EventState::cleared);
    EXPECT_EQ(run.events.back().t_s, 11);
}

TEST(IoStallPsi, ActiveOnPsiWithoutIowait) {
    Sample s = with_psi(0, 0, 20);
    s.cpu.iowait_pct.reset();
    auto r = evaluate(check_io_stall, "io_stall", {s});
    EXPECT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_TRUE(r.evidence["iowait_pct"].is_null());
    s.psi.reset();
    EXPECT_FALSE(evaluate(check_io_stall, "io_stall", {s}).active);
}

// --- cpu_oversubscribed ---

TEST(CpuOversubscribedPsi, CpuSomeIsEvidence) {
    Sample s = with_psi(0, 0, 0, 37.5);
    auto r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", {s});
    ASSERT_TRUE(r.active);
    EXPECT_EQ(r.evidence["psi_cpu_some_pct"], 37.5);
    EXPECT_THAT(r.message, HasSubstr("tasks waited for a CPU 37.5 % of the last 10 s (PSI)"));
    r = evaluate(check_cpu_oversubscribed, "cpu_oversubscribed", {orin_idle(0)});
    EXPECT_TRUE(r.evidence["psi_cpu_some_pct"].is_null());
    EXPECT_THAT(r.message, Not(HasSubstr("PSI")));
}

// --- thermal_throttle ---

Sample with_cooling(double t, std::string name, int64_t state, int64_t max_state = 4) {
    Sample s = orin_idle(t);
    s.cooling = {{"pwm-fan", 3, 3}, {std::move(name), state, max_state}};
    return s;
}

TEST(ThermalThrottleCooling, CpuDeviceAboveZeroIsTheKernelLoweringClocks) {
    auto r =
        evaluate(check_thermal_throttle, "thermal_throttle", {with_cooling(0, "CPU-balanced", 2)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "CPU-balanced at cooling state 2 of 4: the kernel is lowering clocks now");
    ASSERT_EQ(r.evidence["cooling_devices"].size(), 1u);  // the fan is not a clock device
    EXPECT_EQ(r.evidence["cooling_devices"][0]["state"], 2);
    for (const char* name : {"cpufreq-cpu0", "devfreq-17000000.gpu", "Processor.3", "GPU-balanced"})
        EXPECT_TRUE(
            evaluate(check_thermal_throttle, "thermal_throttle", {with_cooling(0, name, 1)}).holds)
            << name;
    EXPECT_FALSE(
        evaluate(check_thermal_throttle, "thermal_throttle", {with_cooling(0, "CPU-balanced", 0)})
            .holds);
}

TEST(ThermalThrottleCooling, AFanAtFullSpeedOrAnotherDeviceIsNoThrottle) {
    for (const char* name : {"pwm-fan", "emergency-balanced", "intel_powerclamp", "TCC Offset"}) {
        const auto r =
            evaluate(check_thermal_throttle, "thermal_throttle", {with_cooling(0, name, 3)});
        EXPECT_FALSE(r.holds) << name;
    }
}

TEST(ThermalThrottleCooling, HotZoneWithIdleDevicesDoesNotSayClocksAreLowered) {
    Sample s = with_cooling(0, "CPU-balanced", 0);
    for (auto& zone : s.thermal)
        if (zone.name == "cpu-thermal") zone.temp_c = 99.5;
    const auto r = evaluate(check_thermal_throttle, "thermal_throttle", {s});
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("at or above its passive trip point 99 °C"));
    EXPECT_THAT(r.message, HasSubstr("no CPU or GPU cooling device is active"));
    EXPECT_THAT(r.message, Not(HasSubstr("lowering clocks now")));
}

TEST(ThermalThrottleCooling, RaisedAfterOneSecondClearedAfterFive) {
    Analyzer analyzer(orin_board());
    auto run =
        feed(analyzer, 0, 2, 0.5, [](double t) { return with_cooling(t, "GPU-balanced", 1); });
    auto events = events_of(run.events, "thermal_throttle");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 1);
    EXPECT_THAT(events[0].message, HasSubstr("lowering clocks now"));
    run = feed(analyzer, 2.5, 10, 0.5, [](double t) { return with_cooling(t, "GPU-balanced", 0); });
    events = events_of(run.events, "thermal_throttle");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].state, EventState::cleared);
    EXPECT_EQ(events[0].t_s, 7.5);
}

TEST(ThermalThrottleCooling, ActiveOnCoolingDevicesAloneInactiveWithNeither) {
    Sample s = with_cooling(0, "cpufreq-cpu0", 1);
    s.thermal.clear();
    EXPECT_TRUE(evaluate(check_thermal_throttle, "thermal_throttle", {s}).holds);
    s.cooling = {{"pwm-fan", 2, 3}, {"cpufreq-cpu0", std::nullopt, 4}};
    const auto r = evaluate(check_thermal_throttle, "thermal_throttle", {s});
    EXPECT_FALSE(r.active);
}

}  // namespace
}  // namespace edgetop::analysis
