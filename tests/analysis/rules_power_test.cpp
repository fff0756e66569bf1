#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "orin_samples.hpp"

namespace edgetop::analysis {
namespace {

using ::testing::HasSubstr;
using namespace testing;

Sample drawing(double t, double total_mw) {
    Sample s = orin_idle(t);
    s.power_total_mw = total_mw;
    return s;
}

Board board_in_mode(int mode_id) {
    Board board = orin_board();
    board.current_mode_id = mode_id;
    return board;
}

TEST(PowerLimit, TotalAtTheModeBudget) {
    auto r = evaluate(check_power_limit, "power_limit", {drawing(0, 31240)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "total power 31.2 W at or over the 30 W budget of power mode MODE_30W");
    EXPECT_EQ(r.evidence["budget_w"], 30.0);
    EXPECT_EQ(r.evidence["total_w"], 31.24);
    EXPECT_EQ(r.evidence["budget_source"], "power mode MODE_30W");

    r = evaluate(check_power_limit, "power_limit", {drawing(0, 11909)});
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message,
              "total power 11.9 W of a 30 W budget (power mode MODE_30W); no "
              "over-current alarm");
}

TEST(PowerLimit, ConfiguredBudgetWinsOverTheMode) {
    RuleConfig config;
    ASSERT_EQ(config.set("power_limit.budget_w", "10"), std::nullopt);
    const auto r =
        evaluate(check_power_limit, "power_limit", {drawing(0, 11909)}, orin_board(), config);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.evidence["budget_source"], "power_limit.budget_w");
}

TEST(PowerLimit, TotalFallsBackToTheInputRail) {
    Sample s = drawing(0, 0);
    s.power_total_mw.reset();
    RailSample vdd_in;
    vdd_in.name = "VDD_IN";
    vdd_in.is_total = true;
    vdd_in.power_mw = 30500;
    s.rails.push_back(vdd_in);
    EXPECT_TRUE(evaluate(check_power_limit, "power_limit", {s}).holds);
}

TEST(PowerLimit, OverCurrentAlarmFires) {
    Sample s = orin_idle(0);
    s.rails[0].crit_alarm = true;
    s.rails[0].crit_ma = 8000;
    s.rails[0].current_ma = 8240;
    const auto r = evaluate(check_power_limit, "power_limit", {s});
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "over-current alarm on VDD_GPU_SOC (critical, limit 8000 mA)");
    EXPECT_EQ(r.evidence["alarms"][0]["rail"], "VDD_GPU_SOC");
    EXPECT_EQ(r.evidence["alarms"][0]["current_ma"], 8240.0);
}

TEST(PowerLimit, MaxnHasNoBudgetSoOnlyAlarmsCount) {
    Sample s = drawing(0, 55000);
    auto r = evaluate(check_power_limit, "power_limit", {s}, board_in_mode(0));
    EXPECT_TRUE(r.active);  // the alarm files are there
    EXPECT_FALSE(r.holds);

    for (auto& rail : s.rails) {
        rail.warn_alarm.reset();
        rail.crit_alarm.reset();
    }
    r = evaluate(check_power_limit, "power_limit", {s}, board_in_mode(0));
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("set power_limit.budget_w"));

    s.power_total_mw.reset();
    r = evaluate(check_power_limit, "power_limit", {s}, orin_board());
    EXPECT_FALSE(r.active);
    EXPECT_THAT(r.inactive_reason, HasSubstr("no total power reading"));
}

TEST(PowerLimit, SustainedThreeSeconds) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 10, 1, [](double t) { return drawing(t, t < 4 ? 11909 : 30100); });
    const auto events = events_of(run.events, "power_limit");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 7);
}

// --- power_mode_cap ---

TEST(PowerModeCap, Mode30wCapsClocksAndCores) {
    const auto r = evaluate(check_power_mode_cap, "power_mode_cap", {orin_idle(0)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "Below the hardware maximum (power mode MODE_30W): CPU cluster 0 (cores 0-3) at "
              "1728 MHz (hardware 2202 MHz), "
              "CPU cluster 4 (cores 4-7) at 1728 MHz (hardware 2202 MHz), GPU 17000000.gpu at 625 "
              "MHz (hardware 1301 MHz), 4 of 12 cores offline (8-11)");
    EXPECT_EQ(r.evidence["power_mode"], "MODE_30W");
    EXPECT_EQ(r.evidence["offline_cores"], (std::vector<int>{8, 9, 10, 11}));
}

TEST(PowerModeCap, MaxnAtHardwareClocksIsNotCapped) {
    Sample s = orin_idle(0);
    for (auto& core : s.cpu.cores) {
        core.online = true;
        core.max_khz = core.hw_max_khz = 2201600;
    }
    s.gpu[0].max_hz = 1300500000;
    const auto r = evaluate(check_power_mode_cap, "power_mode_cap", {s}, board_in_mode(0));
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message, "The allowed clocks are the hardware maximum (power mode MAXN)");
}

TEST(PowerModeCap, InfoFlagRaisedAtOnceAndKeptApartFromBottlenecks) {
    Analyzer analyzer(orin_board());
    Sample s = orin_idle(0);
    const auto events = analyzer.update(s);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].flag, "power_mode_cap");
    EXPECT_EQ(state_of(analyzer, "power_mode_cap").severity, Severity::info);
}

TEST(PowerModeCap, InactiveWithoutHardwareMaximaOrMode) {
    Sample s = orin_idle(0);
    for (auto& core : s.cpu.cores)
        core.hw_max_khz.reset();
    s.gpu[0].hw_max_hz.reset();
    const auto r = evaluate(check_power_mode_cap, "power_mode_cap", {s}, Board{});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
}

// --- thermal_throttle ---

Sample with_zone(double t, const std::string& name, std::optional<double> temp_c) {
    Sample s = orin_idle(t);
    for (auto& zone : s.thermal)
        if (zone.name == name) zone.temp_c = temp_c;
    return s;
}

TEST(ThermalThrottle, AtThePassiveTripPoint) {
    auto r =
        evaluate(check_thermal_throttle, "thermal_throttle", {with_zone(0, "cpu-thermal", 99)});
    ASSERT_TRUE(r.active);
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message, "cpu-thermal at 99.0 °C, at or above its passive trip point 99 °C");
    r = evaluate(check_thermal_throttle, "thermal_throttle", {with_zone(0, "cpu-thermal", 98.9)});
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message, "cpu-thermal at 98.9 °C is 0.1 °C below its passive trip point 99 °C");
}

TEST(ThermalThrottle, WarnLimitForAZoneWithoutTrips) {
    // tboard-thermal exposes no trip point: 85 °C warning, strictly above.
    EXPECT_FALSE(
        evaluate(check_thermal_throttle, "thermal_throttle", {with_zone(0, "tboard-thermal", 85)})
            .holds);
    const auto r =
        evaluate(check_thermal_throttle, "thermal_throttle", {with_zone(0, "tboard-thermal", 86)});
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(
        r.message,
        HasSubstr("tboard-thermal at 86.0 °C, above its warning threshold 85 °C (warn_c; no "
                  "passive trip point)"));

    RuleConfig config;
    ASSERT_EQ(config.set("thermal_throttle.warn_c", "70"), std::nullopt);
    EXPECT_TRUE(evaluate(check_thermal_throttle, "thermal_throttle",
                         {with_zone(0, "tboard-thermal", 71)}, orin_board(), config)
                    .holds);
    // The warning does not apply to a zone with a trip point.
    EXPECT_FALSE(evaluate(check_thermal_throttle, "thermal_throttle",
                          {with_zone(0, "cpu-thermal", 90)}, orin_board(), config)
                     .holds);
}

TEST(ThermalThrottle, ZoneNamesMatchWhateverTheCaseOrSuffix) {
    Sample s = orin_idle(0);
    s.thermal = {{"CPU-therm", 99.5}};
    EXPECT_TRUE(evaluate(check_thermal_throttle, "thermal_throttle", {s}).holds);
    s.thermal = {{"cpu", 97.0}};  // below 99 passive, above nothing
    EXPECT_FALSE(evaluate(check_thermal_throttle, "thermal_throttle", {s}).holds);
}

TEST(ThermalThrottle, PowerGatedZonesNeverTrigger) {
    Sample s = orin_idle(0);
    s.thermal = {{"cv0-thermal", -256.0}, {"cv1-thermal", std::nullopt}};
    auto r = evaluate(check_thermal_throttle, "thermal_throttle", {s});
    EXPECT_FALSE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.inactive_reason, "no thermal zone or CPU/GPU cooling-device readings");

    // A board whose zones have trips below -256 (nonsense) still cannot fire on -256.
    Board odd = orin_board();
    odd.thermal_zones.push_back({"cv0-thermal", {{"passive", -300}}});
    s.thermal.push_back({"tj-thermal", 45.0});
    r = evaluate(check_thermal_throttle, "thermal_throttle", {s}, odd);
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
}

TEST(ThermalThrottle, RaisedAfterOneSecondClearedAfterFive) {
    Analyzer analyzer(orin_board());
    auto run = feed(analyzer, 0, 4, 0.5, [](double t) { return with_zone(t, "tj-thermal", 99.2); });
    auto events = events_of(run.events, "thermal_throttle");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 1);
    EXPECT_EQ(events[0].evidence["zones"][3]["name"], "tj-thermal");
    EXPECT_EQ(events[0].evidence["zones"][3]["over"], true);
    run = feed(analyzer, 4.5, 12, 0.5, orin_idle);
    events = events_of(run.events, "thermal_throttle");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].t_s, 9.5);
    EXPECT_EQ(events[0].state, EventState::cleared);
}

}  // namespace
}  // namespace edgetop::analysis
