// Thermal zones and hwmon temperatures per fixture board; sentinels, garbage, trip points.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sensors/core/source.hpp"
#include "sensors/thermal/thermal_naming.hpp"
#include "sensors/thermal/thermal_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

struct Want {
    std::string name;
    std::optional<double> temp_c;
};

Sample poll_thermal(const std::string& root) {
    auto source = make_thermal_source();
    EXPECT_TRUE(source->discover(Root(root)));
    Sample sample;
    source->poll(sample);
    return sample;
}

void expect_thermal(const Sample& sample, const std::vector<Want>& want) {
    ASSERT_EQ(sample.thermal.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        SCOPED_TRACE(want[i].name);
        EXPECT_EQ(sample.thermal[i].name, want[i].name);
        EXPECT_EQ(sample.thermal[i].temp_c, want[i].temp_c);
    }
}

// Nano tegrastats: PLL@24C CPU@27.5C PMIC@50C GPU@28C AO@29.5C thermal@28C; PMIC-Die is skipped.
TEST(Thermal, NanoZonesNamedLikeTegrastatsWithoutPmic) {
    expect_thermal(poll_thermal(fixture_path("nano")),
                   {{"AO", 29.5}, {"CPU", 27.5}, {"GPU", 28.0}, {"PLL", 24.0}, {"thermal", 28.0}});
}

TEST(Thermal, Tx2UnderscoreTypes) {
    expect_thermal(poll_thermal(fixture_path("tx2")), {{"BCPU", 34.5},
                                                       {"MCPU", 34.5},
                                                       {"GPU", 31.0},
                                                       {"PLL", 34.5},
                                                       {"Tboard", 29.0},
                                                       {"Tdiode", 30.5},
                                                       {"thermal", 32.8}});
}

TEST(Thermal, XavierBoards) {
    expect_thermal(poll_thermal(fixture_path("xavier-nx")),
                   {{"CPU", 41.5}, {"GPU", 40.0}, {"AUX", 40.0}, {"AO", 39.5}, {"thermal", 40.3}});
    expect_thermal(poll_thermal(fixture_path("agx-xavier")), {{"CPU", 51.0},
                                                              {"GPU", 50.5},
                                                              {"AUX", 47.0},
                                                              {"AO", 47.5},
                                                              {"Tboard", 47.0},
                                                              {"Tdiode", 51.25},
                                                              {"thermal", 50.2}});
}

// AGX Orin tegrastats: CV0@-256C CV1@-256C CV2@-256C are power-gated, not readings.
TEST(Thermal, AgxOrinPowerGatedZonesAreAbsent) {
    expect_thermal(poll_thermal(fixture_path("agx-orin")), {{"CPU", 52.625},
                                                            {"GPU", 48.281},
                                                            {"CV0", std::nullopt},
                                                            {"CV1", std::nullopt},
                                                            {"CV2", std::nullopt},
                                                            {"SOC0", 49.718},
                                                            {"SOC1", 49.781},
                                                            {"SOC2", 48.468},
                                                            {"tj", 52.625},
                                                            {"Tboard", 40.0},
                                                            {"Tdiode", 42.25}});
}

// Orin Nano JP6: lower-case types; the cv zones fail to read (EAGAIN on the board).
TEST(Thermal, OrinNanoLowerCaseAndUnreadableZones) {
    expect_thermal(poll_thermal(fixture_path("orin-nano")), {{"cpu", 50.906},
                                                             {"gpu", 51.187},
                                                             {"cv0", std::nullopt},
                                                             {"cv1", std::nullopt},
                                                             {"cv2", std::nullopt},
                                                             {"soc0", 50.218},
                                                             {"soc1", 49.343},
                                                             {"soc2", 50.687},
                                                             {"tj", 51.187}});
    expect_thermal(poll_thermal(fixture_path("thor")),
                   {{"cpu", 45.5}, {"gpu", 43.25}, {"soc0", 44.0}, {"soc1", 44.75}, {"tj", 45.5}});
}

// x86: zones first, then hwmon chips; the acpitz hwmon mirrors thermal_zone0 and is not repeated.
TEST(Thermal, X86ZonesAndHwmonLabels) {
    expect_thermal(poll_thermal(fixture_path("x86-pc")), {{"acpitz", 27.8},
                                                          {"x86", 46.0},
                                                          {"nvme Composite", 38.85},
                                                          {"coretemp Package id 0", 46.0},
                                                          {"coretemp Core 0", 44.0},
                                                          {"coretemp Core 1", 45.0},
                                                          {"coretemp Core 2", 43.0},
                                                          {"coretemp Core 3", 46.0}});
}

TEST(Thermal, TripPointsFillTheBoard) {
    auto source = make_thermal_source();
    ASSERT_TRUE(source->discover(Root(fixture_path("agx-orin"))));
    Board board;
    source->describe(board);
    ASSERT_EQ(board.thermal_zones.size(), 11u);
    const auto& cpu = board.thermal_zones[0];
    EXPECT_EQ(cpu.name, "CPU");
    ASSERT_EQ(cpu.trips.size(), 2u);
    EXPECT_EQ(cpu.trips[0].type, "passive");
    EXPECT_DOUBLE_EQ(cpu.trips[0].temp_c, 99.0);
    EXPECT_EQ(cpu.trips[1].type, "critical");
    EXPECT_DOUBLE_EQ(cpu.trips[1].temp_c, 104.5);
    EXPECT_EQ(board.thermal_zones[2].name, "CV0");
    EXPECT_TRUE(board.thermal_zones[2].trips.empty());

    // x86_pkg_temp's unused thresholds (passive at 0) are not trip points.
    ASSERT_TRUE(source->discover(Root(fixture_path("x86-pc"))));
    Board x86;
    source->describe(x86);
    ASSERT_EQ(x86.thermal_zones.size(), 2u);
    ASSERT_EQ(x86.thermal_zones[0].trips.size(), 1u);
    EXPECT_DOUBLE_EQ(x86.thermal_zones[0].trips[0].temp_c, 119.0);
    EXPECT_TRUE(x86.thermal_zones[1].trips.empty());
}

TEST(Thermal, GarbageHugeNegativeAndSentinel) {
    FixtureTree tree("xavier-nx");
    auto source = make_thermal_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    const std::string zone = "/sys/class/thermal/thermal_zone";
    tree.write(zone + "0/temp", "EAGAIN\n");
    tree.write(zone + "1/temp", "-256000\n");
    tree.write(zone + "2/temp", "999999999999\n");
    tree.write(zone + "3/temp", "-12500\n");  // a real reading on a cold morning
    tree.write(zone + "5/temp", "");
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.thermal.size(), 5u);
    EXPECT_FALSE(sample.thermal[0].temp_c);
    EXPECT_FALSE(sample.thermal[1].temp_c);
    EXPECT_FALSE(sample.thermal[2].temp_c);
    EXPECT_EQ(sample.thermal[3].temp_c, -12.5);
    EXPECT_FALSE(sample.thermal[4].temp_c);
}

// A read error (the real Orin answers EAGAIN) must leave the value absent: a directory in place of
// the file opens but fails every read.
TEST(Thermal, ReadErrorIsAbsent) {
    FixtureTree tree("orin-nano");
    const std::string temp = "/sys/devices/virtual/thermal/thermal_zone0/temp";
    tree.remove(temp);
    std::filesystem::create_directory(tree.path(temp));
    auto sample = poll_thermal(tree.root());
    EXPECT_EQ(sample.thermal[0].name, "cpu");
    EXPECT_FALSE(sample.thermal[0].temp_c);
    EXPECT_EQ(sample.thermal[1].temp_c, 51.187);
}

TEST(Thermal, VanishedHwmonFileIsAbsent) {
    FixtureTree tree("x86-pc");
    tree.remove("/sys/devices/platform/coretemp.0/hwmon/hwmon2/temp3_input");
    tree.remove("/sys/devices/virtual/thermal/thermal_zone1/temp");
    auto sample = poll_thermal(tree.root());
    ASSERT_EQ(sample.thermal.size(), 7u);  // Core 1 has no input any more
    EXPECT_EQ(sample.thermal[1].name, "x86");
    EXPECT_FALSE(sample.thermal[1].temp_c);
    EXPECT_EQ(sample.thermal[5].name, "coretemp Core 2");

    // Emptied after discovery: the opened file now reads nothing.
    auto source = make_thermal_source();
    FixtureTree live("x86-pc");
    ASSERT_TRUE(source->discover(Root(live.root())));
    live.write("/sys/class/hwmon/hwmon1/temp1_input", "");
    Sample after;
    source->poll(after);
    EXPECT_EQ(after.thermal[2].name, "nvme Composite");
    EXPECT_FALSE(after.thermal[2].temp_c);
}

TEST(Thermal, NamesAndDuplicates) {
    EXPECT_EQ(zone_short_name("CPU-therm"), "CPU");
    EXPECT_EQ(zone_short_name("cpu-thermal"), "cpu");
    EXPECT_EQ(zone_short_name("Tboard_tegra"), "Tboard");
    EXPECT_EQ(zone_short_name("thermal-fan-est"), "thermal");
    EXPECT_EQ(zone_short_name("acpitz"), "acpitz");
    EXPECT_TRUE(is_fake_zone("PMIC-Die"));
    EXPECT_FALSE(is_fake_zone("CPU-therm"));
    std::vector<std::string> names = {"CPU", "GPU", "CPU", "CPU", "CPU1"};
    make_names_unique(names);
    EXPECT_EQ(names, (std::vector<std::string>{"CPU", "GPU", "CPU1", "CPU2", "CPU11"}));
}

TEST(Thermal, DuplicateZoneTypesGetAnIndex) {
    FixtureTree tree;
    tree.write("/sys/class/thermal/thermal_zone0/type", "iwlwifi_1\n");
    tree.write("/sys/class/thermal/thermal_zone0/temp", "35000\n");
    tree.write("/sys/class/thermal/thermal_zone1/type", "iwlwifi_2\n");
    tree.write("/sys/class/thermal/thermal_zone1/temp", "36000\n");
    expect_thermal(poll_thermal(tree.root()), {{"iwlwifi", 35.0}, {"iwlwifi1", 36.0}});
}

TEST(Thermal, StatusAndEmptyTree) {
    auto source = make_thermal_source();
    ASSERT_TRUE(source->discover(Root(fixture_path("x86-pc"))));
    auto status = source->status();
    ASSERT_EQ(status.size(), 2u);
    EXPECT_EQ(status[0].state, SourceStatus::State::found);
    EXPECT_EQ(status[1].name, "thermal.hwmon");
    EXPECT_EQ(status[1].state, SourceStatus::State::found);
    FixtureTree empty;
    EXPECT_FALSE(source->discover(Root(empty.root())));
    EXPECT_EQ(source->status()[0].state, SourceStatus::State::absent);
}

}  // namespace
}  // namespace edgetop
