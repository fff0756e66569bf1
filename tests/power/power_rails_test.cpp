// INA3221 rails per fixture board: every field, the skipped NC / sum channels, the total rule.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "sensors/core/source.hpp"
#include "sensors/power/power_ina3221.hpp"
#include "sensors/power/power_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

struct Expected {
    std::string name;
    double voltage_mv, current_ma, power_mw;
    bool is_total;
    double warn_ma, crit_ma;
    std::optional<bool> alarms;  // both alarms; absent on the IIO driver (no alarm files)
};

Sample poll_power(const std::string& root) {
    auto source = make_power_source();
    EXPECT_TRUE(source->discover(Root(root)));
    Sample sample;
    source->poll(sample);
    return sample;
}

void expect_rails(const Sample& sample, const std::vector<Expected>& expected) {
    ASSERT_EQ(sample.rails.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const auto& rail = sample.rails[i];
        const auto& want = expected[i];
        SCOPED_TRACE(want.name);
        EXPECT_EQ(rail.name, want.name);
        EXPECT_EQ(rail.voltage_mv, want.voltage_mv);
        EXPECT_EQ(rail.current_ma, want.current_ma);
        ASSERT_TRUE(rail.power_mw);
        EXPECT_DOUBLE_EQ(*rail.power_mw, want.power_mw);
        EXPECT_EQ(rail.is_total, want.is_total);
        EXPECT_EQ(rail.warn_ma, want.warn_ma);
        EXPECT_EQ(rail.crit_ma, want.crit_ma);
        EXPECT_EQ(rail.warn_alarm, want.alarms);
        EXPECT_EQ(rail.crit_alarm, want.alarms);
        EXPECT_FALSE(rail.energy_uj);
    }
}

// Nano JP4 tegrastats: POM_5V_IN 920/920 POM_5V_GPU 0/0 POM_5V_CPU 119/119. The IIO driver's
// in_power file wins over V x I (4960 mV x 24 mA = 119.04 mW, the file says 119).
TEST(PowerRails, NanoIioUsesInPowerAndInputRailIsTotal) {
    auto sample = poll_power(fixture_path("nano"));
    expect_rails(sample, {{"POM_5V_IN", 5000, 184, 920, true, 32760, 32760, std::nullopt},
                          {"POM_5V_GPU", 5000, 0, 0, false, 32760, 32760, std::nullopt},
                          {"POM_5V_CPU", 4960, 24, 119, false, 32760, 32760, std::nullopt}});
    EXPECT_EQ(sample.power_total_mw, 920);
}

TEST(PowerRails, Tx2TwoIioChipsInAddressOrder) {
    auto sample = poll_power(fixture_path("tx2"));
    expect_rails(sample, {{"VDD_SYS_GPU", 4960, 31, 153, false, 32760, 32760, std::nullopt},
                          {"VDD_SYS_SOC", 4984, 77, 383, false, 32760, 32760, std::nullopt},
                          {"VDD_4V0_WIFI", 4000, 0, 0, false, 32760, 32760, std::nullopt},
                          {"VDD_IN", 19168, 96, 1840, true, 32760, 32760, std::nullopt},
                          {"VDD_SYS_CPU", 5024, 61, 306, false, 32760, 32760, std::nullopt},
                          {"VDD_SYS_DDR", 4992, 54, 269, false, 32760, 32760, std::nullopt}});
    EXPECT_EQ(sample.power_total_mw, 1840);
}

TEST(PowerRails, XavierNxHwmonPowerIsVoltageTimesCurrent) {
    auto sample = poll_power(fixture_path("xavier-nx"));
    expect_rails(sample, {{"VDD_IN", 5000, 1096, 5480.0, true, 32760, 32760, false},
                          {"VDD_CPU_GPU_CV", 4888, 184, 899.392, false, 32760, 32760, false},
                          {"VDD_SOC", 4952, 272, 1346.944, false, 32760, 32760, false}});
    EXPECT_EQ(sample.power_total_mw, 5480.0);
}

TEST(PowerRails, AgxXavierTotalIsTheSumOfAllSixModuleRails) {
    auto sample = poll_power(fixture_path("agx-xavier"));
    expect_rails(sample, {{"GPU", 19088, 264, 5039.232, false, 32760, 32760, false},
                          {"CPU", 19080, 280, 5342.4, false, 32760, 32760, false},
                          {"SOC", 19072, 168, 3204.096, false, 32760, 32760, false},
                          {"CV", 19000, 0, 0, false, 32760, 32760, false},
                          {"VDDRQ", 19072, 56, 1068.032, false, 32760, 32760, false},
                          {"SYS5V", 5008, 720, 3605.76, false, 32760, 32760, false}});
    ASSERT_TRUE(sample.power_total_mw);
    EXPECT_NEAR(*sample.power_total_mw, 5039.232 + 5342.4 + 3204.096 + 0 + 1068.032 + 3605.76,
                1e-9);
}

// AGX Orin tegrastats: VDD_GPU_SOC 4368mW VDD_CPU_CV 1588mW VIN_SYS_5V0 4233mW NC 0mW
// VDDQ_VDD2_1V8AO 403mW NC 0mW. The NC channels and the in7/curr4 sum channels are not rails, and
// the carrier's VIN_SYS_5V0 is listed but left out of the total.
TEST(PowerRails, AgxOrinSkipsNcAndSumAndLeavesCarrierRailOutOfTotal) {
    auto sample = poll_power(fixture_path("agx-orin"));
    expect_rails(sample, {{"VDD_GPU_SOC", 840, 5200, 4368.0, false, 32760, 32760, false},
                          {"VDD_CPU_CV", 752, 2112, 1588.224, false, 32760, 32760, false},
                          {"VIN_SYS_5V0", 4992, 848, 4233.216, false, 32760, 32760, false},
                          {"VDDQ_VDD2_1V8AO", 1800, 224, 403.2, false, 32760, 32760, false}});
    ASSERT_TRUE(sample.power_total_mw);
    EXPECT_NEAR(*sample.power_total_mw, 4368.0 + 1588.224 + 403.2, 1e-9);
    for (const auto& rail : sample.rails)
        EXPECT_NE(rail.name, "NC");
}

TEST(PowerRails, OrinNanoVddInIsTotal) {
    auto sample = poll_power(fixture_path("orin-nano"));
    expect_rails(sample, {{"VDD_IN", 4992, 1040, 5191.68, true, 32760, 7784, false},
                          {"VDD_CPU_GPU_CV", 4992, 192, 958.464, false, 32760, 32760, false},
                          {"VDD_SOC", 4992, 464, 2316.288, false, 32760, 32760, false}});
    EXPECT_DOUBLE_EQ(*sample.power_total_mw, 5191.68);
}

// Thor's carrier INA238 (hwmon `ina238`, power in µW) measures the board input: its rail, named
// VIN as tegrastats names it, is the total, as VDD_IN is on other boards.
TEST(PowerRails, ThorTotalIsItsInputMonitor) {
    auto sample = poll_power(fixture_path("thor"));
    ASSERT_EQ(sample.rails.size(), 4u);
    sample.rails.pop_back();
    expect_rails(sample, {{"VDD_GPU", 808, 3712, 2999.296, false, 32760, 32760, false},
                          {"VDD_CPU_SOC_MSS", 808, 10248, 8280.384, false, 32760, 32760, false},
                          {"VIN_SYS_5V0", 4976, 1112, 5533.312, false, 32760, 32760, false}});
    auto full = poll_power(fixture_path("thor"));
    const RailSample& vin = full.rails[3];
    EXPECT_EQ(vin.name, "VIN");
    EXPECT_EQ(vin.voltage_mv, 20000.0);
    EXPECT_EQ(vin.current_ma, 975.0);
    EXPECT_EQ(vin.power_mw, 19500.0);  // power1_input 19500000 µW: the chip's own product
    EXPECT_TRUE(vin.is_total);
    EXPECT_FALSE(vin.warn_ma || vin.crit_ma || vin.warn_alarm || vin.crit_alarm);
    EXPECT_EQ(full.power_total_mw, 19500.0);
    auto source = make_power_source();
    source->discover(Root(fixture_path("thor")));
    int ina238 = 0;
    for (const auto& status : source->status()) {
        if (status.name != "power.ina238") continue;
        ++ina238;
        EXPECT_EQ(status.state, SourceStatus::State::found);
        EXPECT_EQ(status.path, "/sys/bus/i2c/devices/2-0044/hwmon/hwmon3");
    }
    EXPECT_EQ(ina238, 1);
}

TEST(PowerRails, ThorWithoutItsInputMonitorSumsTheModuleRails) {
    FixtureTree tree("thor");
    tree.remove("/sys/bus/i2c/devices/2-0044");
    auto sample = poll_power(tree.root());
    ASSERT_EQ(sample.rails.size(), 3u);
    EXPECT_NEAR(*sample.power_total_mw, 2999.296 + 8280.384, 1e-9);  // VIN_SYS_5V0 left out
}

TEST(PowerRails, Ina238LabelPowerFallbackAndGarbage) {
    FixtureTree tree("thor");
    const std::string hwmon = "/sys/bus/i2c/devices/2-0044/hwmon/hwmon3";
    tree.write(hwmon + "/label", "VIN_48V\n");
    tree.remove(hwmon + "/power1_input");
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample labelled;
    source->poll(labelled);
    ASSERT_EQ(labelled.rails.size(), 4u);
    EXPECT_EQ(labelled.rails[3].name, "VIN_48V");
    EXPECT_EQ(labelled.rails[3].power_mw, 20000.0 * 975 / 1000);  // V x A without power1_input
    EXPECT_FALSE(labelled.rails[3].is_total);  // not a known input rail name: the module sum
    EXPECT_NEAR(*labelled.power_total_mw, 2999.296 + 8280.384, 1e-9);
    tree.write(hwmon + "/in1_input", "garbage\n");
    tree.write(hwmon + "/curr1_input", "\n");
    Sample bad;
    source->poll(bad);
    EXPECT_FALSE(bad.rails[3].voltage_mv || bad.rails[3].current_ma || bad.rails[3].power_mw);
}

TEST(PowerRails, AlarmsAreReadOnEveryPoll) {
    FixtureTree tree("agx-orin");
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    const std::string hwmon = "/sys/bus/i2c/devices/1-0040/hwmon/hwmon3";
    Sample before;
    source->poll(before);
    EXPECT_EQ(before.rails[0].warn_alarm, false);
    tree.write(hwmon + "/curr1_max_alarm", "1\n");
    tree.write(hwmon + "/curr2_crit_alarm", "1\n");
    Sample after;
    source->poll(after);
    EXPECT_EQ(after.rails[0].warn_alarm, true);
    EXPECT_EQ(after.rails[0].crit_alarm, false);
    EXPECT_EQ(after.rails[1].warn_alarm, false);
    EXPECT_EQ(after.rails[1].crit_alarm, true);
    tree.write(hwmon + "/curr1_max_alarm", "banana\n");
    Sample garbage;
    source->poll(garbage);
    EXPECT_EQ(garbage.rails[0].warn_alarm, std::nullopt);
}

TEST(PowerRails, GarbageEmptyHugeAndNegativeReadings) {
    FixtureTree tree("xavier-nx");
    const std::string hwmon = "/sys/bus/i2c/devices/7-0040/hwmon/hwmon4";
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write(hwmon + "/in1_input", "");
    tree.write(hwmon + "/curr2_input", "12abc\n");
    tree.write(hwmon + "/in3_input", "99999999999999999999999\n");
    tree.write(hwmon + "/curr3_input", "-8\n");
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.rails.size(), 3u);
    EXPECT_FALSE(sample.rails[0].voltage_mv);
    EXPECT_EQ(sample.rails[0].current_ma, 1096);
    EXPECT_FALSE(sample.rails[0].power_mw);
    EXPECT_FALSE(sample.power_total_mw);  // the input rail has no power: no total
    EXPECT_FALSE(sample.rails[1].current_ma);
    EXPECT_FALSE(sample.rails[1].power_mw);
    // A negative current is a real reading of reverse flow on the INA3221, so it passes through.
    EXPECT_EQ(sample.rails[2].current_ma, -8);
    EXPECT_FALSE(sample.rails[2].voltage_mv);  // 1e23 mV is no reading
    EXPECT_FALSE(sample.rails[2].power_mw);
}

TEST(PowerRails, FileMissingAtDiscoveryIsAbsentNotACrash) {
    FixtureTree tree("agx-orin");
    const std::string hwmon = "/sys/bus/i2c/devices/1-0041/hwmon/hwmon4";
    tree.remove(hwmon + "/in2_input");
    tree.remove(hwmon + "/curr2_max_alarm");
    auto sample = poll_power(tree.root());
    ASSERT_EQ(sample.rails.size(), 4u);
    const auto& ddr = sample.rails[3];
    EXPECT_EQ(ddr.name, "VDDQ_VDD2_1V8AO");
    EXPECT_FALSE(ddr.voltage_mv);
    EXPECT_EQ(ddr.current_ma, 224);
    EXPECT_FALSE(ddr.power_mw);
    EXPECT_FALSE(ddr.warn_alarm);
    EXPECT_EQ(ddr.crit_alarm, false);
    EXPECT_FALSE(sample.power_total_mw);  // a summed module rail without power: no total
}

TEST(PowerRails, LimitWithUnitSuffixParsesTheLeadingNumber) {
    EXPECT_EQ(parse_leading_number("32760 ma\n"), 32760);
    EXPECT_EQ(parse_leading_number("843"), 843);
    EXPECT_EQ(parse_leading_number(" -12.5 mA"), -12.5);
    EXPECT_EQ(parse_leading_number(""), std::nullopt);
    EXPECT_EQ(parse_leading_number("ma 32760"), std::nullopt);
    EXPECT_EQ(parse_leading_number("12abc"), std::nullopt);
    EXPECT_EQ(parse_leading_number("nan"), std::nullopt);
    EXPECT_EQ(parse_leading_number("inf mW"), std::nullopt);
}

TEST(PowerRails, StatusNamesDriverAndPath) {
    auto source = make_power_source();
    ASSERT_TRUE(source->discover(Root(fixture_path("agx-orin"))));
    auto status = source->status();
    ASSERT_EQ(status.size(), 3u);  // two INA3221 chips + RAPL absent
    EXPECT_EQ(status[0].name, "power.ina3221");
    EXPECT_EQ(status[0].state, SourceStatus::State::found);
    EXPECT_EQ(status[0].path, "/sys/bus/i2c/devices/1-0040/hwmon/hwmon3");
    EXPECT_EQ(status[0].hint, "hwmon driver");
    EXPECT_EQ(status[1].path, "/sys/bus/i2c/devices/1-0041/hwmon/hwmon4");
    EXPECT_EQ(status[2].name, "power.rapl");
    EXPECT_EQ(status[2].state, SourceStatus::State::absent);

    ASSERT_TRUE(source->discover(Root(fixture_path("nano"))));
    status = source->status();
    EXPECT_EQ(status[0].path, "/sys/bus/i2c/devices/6-0040/iio:device0");
    EXPECT_EQ(status[0].hint, "iio driver (ina3221x, JetPack 4)");
}

TEST(PowerRails, EmptyTreeFindsNothing) {
    FixtureTree tree;
    auto source = make_power_source();
    EXPECT_FALSE(source->discover(Root(tree.root())));
    Sample sample;
    source->poll(sample);
    EXPECT_TRUE(sample.rails.empty());
    EXPECT_FALSE(sample.power_total_mw);
    EXPECT_EQ(source->status()[0].state, SourceStatus::State::absent);
}

}  // namespace
}  // namespace edgetop
