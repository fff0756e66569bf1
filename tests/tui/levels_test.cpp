#include "tui/levels.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace edgetop::tui {
namespace {

// AGX Orin's CPU-therm zone (tests/fixtures/agx-orin): passive 99 °C, critical 104.5 °C.
const std::vector<TripPoint> kOrinTrips = {{"passive", 99.0}, {"critical", 104.5}};

TEST(Levels, UtilisationThresholds) {
    EXPECT_EQ(util_level(0), Level::good);
    EXPECT_EQ(util_level(59.9), Level::good);
    EXPECT_EQ(util_level(60), Level::warn);
    EXPECT_EQ(util_level(84.9), Level::warn);
    EXPECT_EQ(util_level(85), Level::crit);
    EXPECT_EQ(util_level(150), Level::crit);
    EXPECT_EQ(util_level(std::nan("")), Level::good);
}

TEST(Levels, TemperatureAgainstThePassiveTrip) {
    EXPECT_EQ(temp_level(52.6, kOrinTrips), Level::good);
    EXPECT_EQ(temp_level(83.9, kOrinTrips), Level::good);  // 70 would be hot without trips
    EXPECT_EQ(temp_level(84.0, kOrinTrips), Level::warn);
    EXPECT_EQ(temp_level(99.0, kOrinTrips), Level::crit);
    // The lowest passive trip counts; active (fan) trips do not.
    EXPECT_EQ(temp_level(61, {{"active", 50}, {"passive", 80}, {"passive", 75}}), Level::warn);
    EXPECT_EQ(temp_level(59, {{"active", 50}, {"passive", 80}, {"passive", 75}}), Level::good);
}

TEST(Levels, TemperatureAgainstCriticalAloneOrDefaults) {
    std::vector<TripPoint> critical = {{"critical", 105}};
    EXPECT_EQ(temp_level(79.9, critical), Level::good);
    EXPECT_EQ(temp_level(80, critical), Level::warn);
    EXPECT_EQ(temp_level(95, critical), Level::crit);
    EXPECT_EQ(temp_level(69.9, {}), Level::good);
    EXPECT_EQ(temp_level(70, {}), Level::warn);
    EXPECT_EQ(temp_level(85, {}), Level::crit);
}

TEST(Levels, ZoneTemperatureUsesTheBoardsTripPoints) {
    Board board;
    board.thermal_zones = {{"CPU-therm", kOrinTrips}};
    EXPECT_EQ(zone_temp_level(board, "CPU-therm", 90), Level::warn);
    EXPECT_EQ(zone_temp_level(board, "SOC0-therm", 90), Level::crit);  // no trips: defaults
}

TEST(Levels, ClockAgainstTheCapAndTheHardwareMaximum) {
    // Orin Nano 15 W: CPU capped at 1.5104 GHz of 1.7280 GHz (kHz).
    EXPECT_EQ(clock_level(1510400, 1510400, 1728000), Level::warn);
    EXPECT_EQ(clock_level(1497600, 1510400, 1728000), Level::warn);  // within 2 % of the cap
    EXPECT_EQ(clock_level(1190400, 1510400, 1728000), Level::good);
    // No cap below the maximum (MAXN), or either unknown: nothing to warn about.
    EXPECT_EQ(clock_level(1728000, 1728000, 1728000), Level::good);
    EXPECT_EQ(clock_level(1510400, std::nullopt, 1728000), Level::good);
    EXPECT_EQ(clock_level(1510400, 1510400, std::nullopt), Level::good);
    EXPECT_EQ(clock_level(std::nullopt, 1510400, 1728000), Level::good);
}

TEST(Levels, CapFractionOnlyBelowTheMaximum) {
    ASSERT_TRUE(cap_fraction(1510400, 1728000).has_value());
    EXPECT_NEAR(*cap_fraction(1510400, 1728000), 0.874, 0.001);
    EXPECT_FALSE(cap_fraction(1728000, 1728000).has_value());
    EXPECT_FALSE(cap_fraction(0, 1728000).has_value());
    EXPECT_FALSE(cap_fraction(1510400, 0).has_value());
    EXPECT_FALSE(cap_fraction(std::nullopt, 1728000).has_value());
}

TEST(Levels, MarkersSayTheLevelWithoutColour) {
    EXPECT_EQ(with_marker("52.6 C", Level::good), "52.6 C");
    EXPECT_EQ(with_marker("88.0 C", Level::warn), "88.0 C+");
    EXPECT_EQ(with_marker("99.5 C", Level::crit), "99.5 C!");
}

}  // namespace
}  // namespace edgetop::tui
