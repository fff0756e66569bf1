// super_mode_no_firmware. The board is the Orin Nano Super devkit of tests/fixtures/orin-nano
// (its nvpmodel.conf: 15W caps the GPU at 612 MHz, 25W at 918 MHz, MAXN_SUPER leaves it uncapped,
// 7W at 408 MHz); the short frequency table is the one of an Orin Nano whose firmware predates
// the Super modes (top 624.75 MHz: balena-jetson-orin #605, in
// ../shared/docs/field-2026.md); the full one is the fixture's available_frequencies.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/super_mode.hpp"
#include "orin_samples.hpp"

namespace edgetop::analysis::testing::super_mode {
namespace {

using ::testing::HasSubstr;

constexpr int kMaxnSuper = 2;

Board orin_nano_in(int mode_id) {
    Board board;
    board.model = "NVIDIA Jetson Orin Nano Engineering Reference Developer Kit Super";
    board.soc = "tegra234";
    auto mode = [](int id, std::string name, std::optional<int64_t> gpu_max_hz) {
        PowerMode m;
        m.id = id;
        m.name = std::move(name);
        m.gpu_max_hz = gpu_max_hz;
        return m;
    };
    board.power_modes = {mode(0, "15W", 612000000), mode(1, "25W", 918000000),
                         mode(2, "MAXN_SUPER", std::nullopt), mode(3, "7W", 408000000)};
    board.current_mode_id = mode_id;
    return board;
}

const std::vector<int64_t> kOldFirmwareTable = {306000000, 408000000, 510000000, 624750000};
const std::vector<int64_t> kSuperFirmwareTable = {306000000, 408000000, 510000000, 612000000,
                                                  714000000, 816000000, 918000000, 1020000000};

Sample with_table(const std::vector<int64_t>& table) {
    Sample s = orin_idle(0);
    s.gpu[0].name = "gpu";
    s.gpu[0].available_hz = table;
    s.gpu[0].hw_max_hz = table.back();
    s.gpu[0].max_hz = table.back();
    return s;
}

TEST(SuperModeWithoutFirmware, UncappedMaxnSuperOnTheOldTable) {
    const auto r = evaluate(check_super_mode_no_firmware, "super_mode_no_firmware",
                            {with_table(kOldFirmwareTable)}, orin_nano_in(kMaxnSuper));
    ASSERT_TRUE(r.active) << r.inactive_reason;
    EXPECT_TRUE(r.holds);
    EXPECT_EQ(r.message,
              "power mode MAXN_SUPER leaves the GPU uncapped (at least 918 MHz, the cap of mode "
              "25W), but the available frequencies of GPU gpu stop at 624.75 MHz: the firmware "
              "for the Super modes (BPMP) seems not to be installed");
    EXPECT_EQ(r.evidence["power_mode"], "MAXN_SUPER");
    EXPECT_EQ(r.evidence["mode_gpu_max_hz"], 918000000);
    EXPECT_EQ(r.evidence["cap_from_mode"], "25W");
    EXPECT_EQ(r.evidence["available_max_hz"], 624750000);
}

TEST(SuperModeWithoutFirmware, ACapTheModeNamesItself) {
    Board board = orin_nano_in(kMaxnSuper);
    board.power_modes[kMaxnSuper].gpu_max_hz = 1020000000;
    const auto r = evaluate(check_super_mode_no_firmware, "super_mode_no_firmware",
                            {with_table(kOldFirmwareTable)}, board);
    EXPECT_TRUE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("power mode MAXN_SUPER caps the GPU at 1020 MHz, but"));
    EXPECT_EQ(r.evidence["mode_gpu_max_hz"], 1020000000);
    EXPECT_EQ(r.evidence["cap_from_mode"], "MAXN_SUPER");
}

TEST(SuperModeWithoutFirmware, UpdatedFirmwareReachesTheCap) {
    const auto r = evaluate(check_super_mode_no_firmware, "super_mode_no_firmware",
                            {with_table(kSuperFirmwareTable)}, orin_nano_in(kMaxnSuper));
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_THAT(r.message, HasSubstr("the available frequencies of GPU gpu reach 1020 MHz"));
}

// 15W on the old table is what that firmware was made for: no Super mode, nothing to say.
// Without a current mode or a frequency table there is nothing to compare.
TEST(SuperModeWithoutFirmware, QuietOutsideASuperModeInactiveWithoutItsInputs) {
    const auto r = evaluate(check_super_mode_no_firmware, "super_mode_no_firmware",
                            {with_table(kOldFirmwareTable)}, orin_nano_in(0));
    EXPECT_TRUE(r.active);
    EXPECT_FALSE(r.holds);
    EXPECT_EQ(r.message, "power mode 15W is not a Super mode");
    EXPECT_EQ(r.evidence["mode_gpu_max_hz"], nullptr);

    Sample no_table = with_table(kOldFirmwareTable);
    no_table.gpu[0].available_hz.clear();
    no_table.gpu[0].hw_max_hz.reset();
    EXPECT_FALSE(evaluate(check_super_mode_no_firmware, "super_mode_no_firmware", {no_table},
                          orin_nano_in(kMaxnSuper))
                     .active);
    EXPECT_FALSE(evaluate(check_super_mode_no_firmware, "super_mode_no_firmware",
                          {with_table(kOldFirmwareTable)}, Board{})
                     .active);
}

TEST(SuperModeWithoutFirmware, SuperInTheNameInAnyCase) {
    EXPECT_TRUE(is_super_mode("MAXN_SUPER"));
    EXPECT_TRUE(is_super_mode("25W_super"));
    EXPECT_TRUE(is_super_mode("Super"));
    EXPECT_FALSE(is_super_mode("MAXN"));
    EXPECT_FALSE(is_super_mode("SUPE"));
    EXPECT_FALSE(is_super_mode(""));
}

TEST(SuperModeWithoutFirmware, InfoFlagRaisedAtOnce) {
    Analyzer analyzer(orin_nano_in(kMaxnSuper));
    const auto events =
        events_of(analyzer.update(with_table(kOldFirmwareTable)), "super_mode_no_firmware");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].state, EventState::raised);
    EXPECT_EQ(events[0].evidence["available_max_hz"], 624750000);
    EXPECT_EQ(state_of(analyzer, "super_mode_no_firmware").severity, Severity::info);
}

}  // namespace
}  // namespace edgetop::analysis::testing::super_mode
