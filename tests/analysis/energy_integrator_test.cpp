#include "analysis/energy_integrator.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace edgetop::analysis {
namespace {

Energy integrate(const std::vector<std::pair<double, std::optional<double>>>& readings) {
    EnergyIntegrator integrator;
    for (const auto& [t, mw] : readings)
        integrator.add(t, mw);
    return integrator.energy();
}

TEST(Energy, ConstantFiveWattsForTenSecondsRegular) {
    std::vector<std::pair<double, std::optional<double>>> readings;
    for (int i = 0; i <= 10; ++i)
        readings.push_back({i, 5000.0});
    const auto e = integrate(readings);
    EXPECT_DOUBLE_EQ(e.joules, 50);
    EXPECT_DOUBLE_EQ(e.wh(), 50.0 / 3600);
    EXPECT_DOUBLE_EQ(e.average_w().value(), 5);
    EXPECT_DOUBLE_EQ(e.covered_s, 10);
    EXPECT_EQ(e.skipped_s, 0);
    EXPECT_EQ(e.intervals, 10u);
}

TEST(Energy, ConstantFiveWattsWithJitteredIntervals) {
    // Sampling every ~100 ms, jittering by tens of ms under load.
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> jitter(0.06, 0.16);
    std::vector<std::pair<double, std::optional<double>>> readings;
    for (double t = 0; t < 10; t += jitter(rng))
        readings.push_back({t, 5000.0});
    readings.push_back({10, 5000.0});
    const auto e = integrate(readings);
    EXPECT_NEAR(e.joules, 50, 1e-9);
    EXPECT_NEAR(e.covered_s, 10, 1e-9);
}

TEST(Energy, ConstantFiveWattsWithSamplesMissingFromTheStream) {
    const auto e = integrate({{0, 5000.0}, {1, 5000.0}, {2, 5000.0}, {6.5, 5000.0}, {10, 5000.0}});
    EXPECT_DOUBLE_EQ(e.joules, 50);
    EXPECT_EQ(e.skipped_s, 0);
}

TEST(Energy, AbsentReadingsSkipBothNeighbouringIntervals) {
    std::vector<std::pair<double, std::optional<double>>> readings;
    for (int i = 0; i <= 10; ++i)
        readings.push_back({i, i == 5 ? std::nullopt : std::optional<double>(5000)});
    const auto e = integrate(readings);
    EXPECT_DOUBLE_EQ(e.joules, 40);  // 4-5 and 5-6 are skipped, never read as 0 mW
    EXPECT_DOUBLE_EQ(e.skipped_s, 2);
    EXPECT_EQ(e.skipped_intervals, 2u);
    EXPECT_DOUBLE_EQ(e.average_w().value(), 5);
}

TEST(Energy, TrapezoidIsExactForALinearRampWhateverTheSpacing) {
    // 0 -> 10 W over 10 s is 50 J.
    const auto ramp = [](double t) { return std::optional<double>(1000 * t); };
    EXPECT_NEAR(integrate({{0, ramp(0)}, {10, ramp(10)}}).joules, 50, 1e-9);
    EXPECT_NEAR(
        integrate({{0, ramp(0)}, {0.3, ramp(0.3)}, {4.1, ramp(4.1)}, {10, ramp(10)}}).joules, 50,
        1e-9);
}

TEST(Energy, TimeGoingBackwardsAddsNothing) {
    const auto e = integrate({{0, 5000.0}, {1, 5000.0}, {0.5, 5000.0}, {1.5, 5000.0}});
    EXPECT_DOUBLE_EQ(e.joules, 10);  // 0-1 and 0.5-1.5
    EXPECT_EQ(e.intervals, 2u);
}

TEST(Energy, GarbagePowerIsAbsent) {
    const auto e = integrate({{0, 5000.0}, {1, NAN}, {2, 5000.0}, {3, 5000.0}});
    EXPECT_DOUBLE_EQ(e.joules, 5);
    EXPECT_DOUBLE_EQ(e.skipped_s, 2);
}

TEST(Energy, NothingCoveredHasNoAverage) {
    EXPECT_FALSE(integrate({}).average_w());
    EXPECT_FALSE(integrate({{0, 5000.0}}).average_w());
    EXPECT_FALSE(integrate({{0, std::nullopt}, {1, std::nullopt}}).average_w());
}

Sample orin_power(double t, bool with_usb_c) {
    Sample s;
    s.t_s = t;
    auto rail = [](std::string name, std::optional<double> mw) {
        RailSample r;
        r.name = std::move(name);
        r.power_mw = mw;
        return r;
    };
    // AGX Orin 64GB, tegrastats capture agx-orin-64gb-jetsontools-all.log.
    s.rails = {rail("VDD_GPU_SOC", 5191), rail("VDD_CPU_CV", 1997), rail("VIN_SYS_5V0", 4320),
               rail("VDDQ_VDD2_1V8AO", 401)};
    if (with_usb_c) s.rails.push_back(rail("1-00081", 2500));
    s.power_total_mw = 11909;
    return s;
}

TEST(SessionEnergy, PerRailAndTotal) {
    SessionEnergy energy;
    for (int i = 0; i <= 10; ++i)
        energy.add(orin_power(i * 0.5, false));
    const auto rails = energy.rails();
    ASSERT_EQ(rails.size(), 4u);
    EXPECT_EQ(rails[0].name, "VDD_GPU_SOC");
    EXPECT_NEAR(rails[0].energy.joules, 5.191 * 5, 1e-9);
    EXPECT_NEAR(rails[3].energy.joules, 0.401 * 5, 1e-9);
    EXPECT_NEAR(energy.total().joules, 11.909 * 5, 1e-9);
    EXPECT_NEAR(energy.total().average_w().value(), 11.909, 1e-9);
}

TEST(SessionEnergy, RailAppearingLateCountsTheTimeBeforeAsSkipped) {
    SessionEnergy energy;
    for (int i = 0; i <= 10; ++i)
        energy.add(orin_power(i, i >= 4));
    const auto rails = energy.rails();
    ASSERT_EQ(rails.size(), 5u);
    EXPECT_EQ(rails[4].name, "1-00081");
    EXPECT_NEAR(rails[4].energy.joules, 2.5 * 6, 1e-9);
    EXPECT_NEAR(rails[4].energy.skipped_s, 1, 1e-9);  // 3-4: the interval before its first reading
    EXPECT_NEAR(rails[0].energy.skipped_s, 0, 1e-9);
}

TEST(SessionEnergy, RailVanishingIsSkippedNotZero) {
    SessionEnergy energy;
    for (int i = 0; i <= 10; ++i) {
        Sample s = orin_power(i, true);
        if (i == 6) s.rails.pop_back();
        energy.add(s);
    }
    const auto usb = energy.rails()[4];
    EXPECT_NEAR(usb.energy.joules, 2.5 * 8, 1e-9);
    EXPECT_NEAR(usb.energy.skipped_s, 2, 1e-9);
}

TEST(SessionEnergy, TotalFallsBackToTheInputRail) {
    SessionEnergy energy;
    for (int i = 0; i <= 4; ++i) {
        Sample s;
        s.t_s = i;
        RailSample in;
        in.name = "VDD_IN";
        in.is_total = true;
        in.power_mw = 8000;
        s.rails.push_back(in);
        energy.add(s);
    }
    EXPECT_NEAR(energy.total().joules, 32, 1e-9);
    EXPECT_TRUE(energy.rails()[0].is_total);
}

// A session line may hold the board total, or only the rails with VDD_IN marked as the total; with
// neither there is no total rather than a sum invented here.
TEST(TotalPower, BoardTotalElseTheTotalRailElseAbsent) {
    Sample s;
    RailSample gpu;
    gpu.name = "VDD_GPU_SOC", gpu.power_mw = 4368;
    RailSample in;
    in.name = "VDD_IN", in.power_mw = 15500, in.is_total = true;
    s.rails = {gpu, in};
    s.power_total_mw = 16000;
    EXPECT_EQ(total_power_mw(s), 16000);
    s.power_total_mw.reset();
    EXPECT_EQ(total_power_mw(s), 15500);
    s.rails[1].power_mw.reset();  // the total rail without a reading is no total either
    EXPECT_FALSE(total_power_mw(s));
    s.rails.pop_back();
    EXPECT_FALSE(total_power_mw(s));
}

}  // namespace
}  // namespace edgetop::analysis
