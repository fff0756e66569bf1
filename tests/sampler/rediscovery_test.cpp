// The sampler's look for sources that came or went: nothing is discovered again on a tree that did
// not change (the look stays a few readdirs and stats), and a chip or thermal zone that appears is
// in the samples and the board after the next look.
#include "sensors/sampler/sampler.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "support/fixture_tree.hpp"

namespace edgetop::testing::sampler_rediscovery {
namespace {

// sample() never looks by itself: the tests call rediscover().
constexpr Rediscovery kNever{std::chrono::hours(1), 0, std::chrono::hours(1)};

bool has_sensor(const Sample& sample, const std::string& name) {
    return std::any_of(sample.thermal.begin(), sample.thermal.end(),
                       [&](const ThermalSample& t) { return t.name == name; });
}

class UnchangedTree : public ::testing::TestWithParam<const char*> {};

TEST_P(UnchangedTree, DiscoversNothingAgain) {
    Sampler sampler{Root(fixture_path(GetParam())), kNever};
    sampler.sample();
    EXPECT_GT(sampler.layout_size(), 0u);
    EXPECT_EQ(sampler.rediscover(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, UnchangedTree,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"));

TEST(Rediscovery, AChipThatAppearsIsSampledAfterTheNextLook) {
    FixtureTree tree("x86-pc");
    Sampler sampler{Root(tree.root()), kNever};
    EXPECT_FALSE(has_sensor(sampler.sample(), "nct6798 SYSTIN"));
    tree.write("/sys/devices/platform/nct6775.656/hwmon/hwmon3/name", "nct6798\n");
    tree.write("/sys/devices/platform/nct6775.656/hwmon/hwmon3/temp1_input", "33000\n");
    tree.write("/sys/devices/platform/nct6775.656/hwmon/hwmon3/temp1_label", "SYSTIN\n");
    tree.symlink("/sys/class/hwmon/hwmon3", "/sys/devices/platform/nct6775.656/hwmon/hwmon3");
    // Not before the look: between looks a sample costs what it always did.
    EXPECT_FALSE(has_sensor(sampler.sample(), "nct6798 SYSTIN"));
    EXPECT_GE(sampler.rediscover(), 1u);
    const Sample& after = sampler.sample();
    EXPECT_TRUE(has_sensor(after, "nct6798 SYSTIN"));
    EXPECT_TRUE(has_sensor(after, "nvme Composite"));
}

TEST(Rediscovery, ANewThermalZoneIsOnTheBoardWithItsTripPoints) {
    FixtureTree tree("x86-pc");
    Sampler sampler{Root(tree.root()), Rediscovery{std::chrono::milliseconds(0), 0}};
    sampler.sample();
    tree.write("/sys/class/thermal/thermal_zone2/type", "iwlwifi_1\n");
    tree.write("/sys/class/thermal/thermal_zone2/temp", "45000\n");
    tree.write("/sys/class/thermal/thermal_zone2/trip_point_0_type", "critical\n");
    tree.write("/sys/class/thermal/thermal_zone2/trip_point_0_temp", "118000\n");
    // A period of zero and no samples between: every sample looks first.
    EXPECT_TRUE(has_sensor(sampler.sample(), "iwlwifi"));
    const auto& zones = sampler.board().thermal_zones;
    auto zone = std::find_if(zones.begin(), zones.end(),
                             [](const ThermalZoneInfo& z) { return z.name == "iwlwifi"; });
    ASSERT_NE(zone, zones.end());
    ASSERT_EQ(zone->trips.size(), 1u);
    EXPECT_EQ(zone->trips[0].type, "critical");
    EXPECT_DOUBLE_EQ(zone->trips[0].temp_c, 118.0);
}

}  // namespace
}  // namespace edgetop::testing::sampler_rediscovery
