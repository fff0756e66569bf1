// Fans per fixture board, tach pairing, control modes and bad input.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "sensors/core/source.hpp"
#include "sensors/thermal/thermal_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

Sample poll_fans(const std::string& root, bool expect_found = true) {
    auto source = make_fan_source();
    EXPECT_EQ(source->discover(Root(root)), expect_found);
    Sample sample;
    source->poll(sample);
    return sample;
}

void expect_fan(const FanSample& fan, const std::string& name, std::optional<double> pct,
                std::optional<int64_t> rpm, std::optional<std::string> control) {
    SCOPED_TRACE(name);
    EXPECT_EQ(fan.name, name);
    if (pct) {
        ASSERT_TRUE(fan.speed_pct);
        EXPECT_DOUBLE_EQ(*fan.speed_pct, *pct);
    } else {
        EXPECT_FALSE(fan.speed_pct);
    }
    EXPECT_EQ(fan.rpm, rpm);
    EXPECT_EQ(fan.control_mode, control);
}

TEST(Fan, NanoLegacyPlatformDevice) {
    auto sample = poll_fans(fixture_path("nano"));
    ASSERT_EQ(sample.fans.size(), 1u);
    expect_fan(sample.fans[0], "pwm-fan", 0.0, 0, "auto");
}

// TX2 (L4T 32.5) has the same attributes on a tegra_pwmfan hwmon; the platform device is then
// not counted a second time.
TEST(Fan, Tx2TegraHwmon) {
    auto sample = poll_fans(fixture_path("tx2"));
    ASSERT_EQ(sample.fans.size(), 1u);
    expect_fan(sample.fans[0], "tegra_pwmfan", 0.0, 0, "auto");
}

// pwmfan + separate pwm_tach hwmon, paired into one fan. pwm-fan's pwm1_enable is not a control
// mode (Thor has it), so control stays absent.
TEST(Fan, PwmfanPairedWithTachometer) {
    struct Board {
        const char* board;
        int pwm;
        int64_t rpm;
    };
    for (auto [board, pwm, rpm] :
         {Board{"xavier-nx", 64, 1784}, Board{"agx-xavier", 77, 1523}, Board{"agx-orin", 96, 2049},
          Board{"orin-nano", 102, 2356}, Board{"thor", 128, 1980}}) {
        SCOPED_TRACE(board);
        auto sample = poll_fans(fixture_path(board));
        ASSERT_EQ(sample.fans.size(), 1u);
        expect_fan(sample.fans[0], "pwmfan", pwm * 100.0 / 255.0, rpm, std::nullopt);
    }
    auto orin_nano = poll_fans(fixture_path("orin-nano"));
    EXPECT_DOUBLE_EQ(*orin_nano.fans[0].speed_pct, 40.0);
}

TEST(Fan, X86HasNoFan) {
    auto source = make_fan_source();
    EXPECT_FALSE(source->discover(Root(fixture_path("x86-pc"))));
    EXPECT_EQ(source->status()[0].state, SourceStatus::State::absent);
}

// A desktop Super-I/O chip: pwmN + fanN_input in one hwmon, pwmN_enable with the generic ABI
// (0 full speed, 1 manual, 2+ automatic); a fan header without PWM reports rpm only.
TEST(Fan, GenericHwmonChannelsAndControlModes) {
    FixtureTree tree;
    const std::string dir = "/sys/devices/platform/nct6775.656/hwmon/hwmon3";
    tree.symlink("/sys/class/hwmon/hwmon3", dir);
    tree.write(dir + "/name", "nct6798\n");
    tree.write(dir + "/pwm1", "255\n");
    tree.write(dir + "/pwm1_enable", "0\n");
    tree.write(dir + "/fan1_input", "2250\n");
    tree.write(dir + "/pwm2", "128\n");
    tree.write(dir + "/pwm2_enable", "1\n");
    tree.write(dir + "/fan2_input", "980\n");
    tree.write(dir + "/pwm3", "51\n");
    tree.write(dir + "/pwm3_enable", "5\n");
    tree.write(dir + "/fan4_input", "1430\n");
    tree.write(dir + "/fan4_min", "0\n");
    auto sample = poll_fans(tree.root());
    ASSERT_EQ(sample.fans.size(), 4u);
    expect_fan(sample.fans[0], "nct6798 1", 100.0, 2250, "full");
    expect_fan(sample.fans[1], "nct6798 2", 12800.0 / 255.0, 980, "manual");
    expect_fan(sample.fans[2], "nct6798 3", 20.0, std::nullopt, "auto");
    expect_fan(sample.fans[3], "nct6798 4", std::nullopt, 1430, std::nullopt);
}

TEST(Fan, TachometersPairByDevice) {
    FixtureTree tree;
    // Two PWM fans and two tachs: pairing by the shared device, not by count.
    for (int i = 0; i < 2; ++i) {
        std::string dev = "/sys/devices/platform/fan" + std::to_string(i);
        std::string pwm = dev + "/hwmon/hwmon" + std::to_string(i);
        std::string tach = dev + "/hwmon/hwmon" + std::to_string(i + 2);
        for (const auto& hw : {pwm, tach})
            tree.symlink("/sys/class/hwmon/" + hw.substr(hw.rfind('/') + 1), hw);
        tree.symlink(pwm + "/device", dev);
        tree.symlink(tach + "/device", dev);
        tree.write(pwm + "/name", "pwmfan\n");
        tree.write(pwm + "/pwm1", i == 0 ? "0\n" : "255\n");
        tree.write(tach + "/name", "pwm_tach\n");
        tree.write(tach + "/rpm", i == 0 ? "0\n" : "4800\n");
    }
    auto sample = poll_fans(tree.root());
    ASSERT_EQ(sample.fans.size(), 2u);
    expect_fan(sample.fans[0], "pwmfan", 0.0, 0, std::nullopt);
    expect_fan(sample.fans[1], "pwmfan1", 100.0, 4800, std::nullopt);
}

TEST(Fan, GarbageAndOutOfRangeValues) {
    FixtureTree tree("agx-orin");
    auto source = make_fan_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write("/sys/class/hwmon/hwmon2/pwm1", "300\n");
    tree.write("/sys/class/hwmon/hwmon1/rpm", "-1\n");
    Sample sample;
    source->poll(sample);
    expect_fan(sample.fans[0], "pwmfan", std::nullopt, std::nullopt, std::nullopt);
    tree.write("/sys/class/hwmon/hwmon2/pwm1", "fast\n");
    tree.write("/sys/class/hwmon/hwmon1/rpm", "99999999999\n");
    Sample again;
    source->poll(again);
    expect_fan(again.fans[0], "pwmfan", std::nullopt, std::nullopt, std::nullopt);

    FixtureTree nano("nano");
    ASSERT_TRUE(source->discover(Root(nano.root())));
    nano.write("/sys/devices/pwm-fan/temp_control", "0\n");
    nano.write("/sys/devices/pwm-fan/cur_pwm", "255\n");
    Sample manual;
    source->poll(manual);
    expect_fan(manual.fans[0], "pwm-fan", 100.0, 0, "manual");
    nano.write("/sys/devices/pwm-fan/temp_control", "7\n");
    Sample odd;
    source->poll(odd);
    EXPECT_FALSE(odd.fans[0].control_mode);
}

TEST(Fan, VanishedTachometerLeavesPwmOnly) {
    FixtureTree tree("orin-nano");
    tree.remove("/sys/devices/platform/bus@0/39c0000.tachometer/hwmon/hwmon0/rpm");
    auto sample = poll_fans(tree.root());
    ASSERT_EQ(sample.fans.size(), 1u);
    expect_fan(sample.fans[0], "pwmfan", 40.0, std::nullopt, std::nullopt);
}

TEST(Fan, StatusListsEachFan) {
    auto source = make_fan_source();
    ASSERT_TRUE(source->discover(Root(fixture_path("agx-orin"))));
    auto status = source->status();
    ASSERT_EQ(status.size(), 1u);
    EXPECT_EQ(status[0].state, SourceStatus::State::found);
    EXPECT_EQ(status[0].path, "/sys/class/hwmon/hwmon2");
}

}  // namespace
}  // namespace edgetop
