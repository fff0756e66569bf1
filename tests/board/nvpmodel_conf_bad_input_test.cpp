#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "board/board_test_data.hpp"
#include "sensors/board/nvpmodel_conf.hpp"

namespace edgetop {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(NvpmodelConfBadInput, EmptyAndCommentsOnly) {
    auto empty = parse_nvpmodel("");
    EXPECT_THAT(empty.modes, IsEmpty());
    EXPECT_EQ(empty.default_id, std::nullopt);
    auto comments = parse_nvpmodel("# < POWER_MODEL ID=0 NAME=MAXN >\n#\n\n   \n");
    EXPECT_THAT(comments.modes, IsEmpty());
}

TEST(NvpmodelConfBadInput, BrokenHeadersAndLinesAreSkipped) {
    auto conf = parse_nvpmodel(
        "< PARAM TYPE=CLOCK NAME=GPU >\n"
        "MAX_FREQ /sys/devices/gpu.0/devfreq/57000000.gpu/max_freq\n"
        "< POWER_MODEL ID=x NAME=BAD_ID >\n"
        "GPU MAX_FREQ 1\n"
        "< POWER_MODEL ID=1 NAME=UNCLOSED\n"
        "GPU MAX_FREQ 2\n"
        "< POWER_MODEL NAME=NO_ID >\n"
        "<>\n"
        "< POWER_MODEL ID=2 NAME=GOOD >\n"
        "GPU MAX_FREQ\n"
        "GPU MAX_FREQ 3 4\n"
        "NOPE MAX_FREQ 5\n"
        "GPU MAX_FREQ 99999999999999999999999\n"
        "GPU MAX_FREQ -7\n"
        "GPU MAX_FREQ 640000000\n"
        "GPU MIN_FREQ banana\n"
        "< POWER_MODEL ID=2 NAME=DUPLICATE >\n"
        "GPU MAX_FREQ 6\n"
        "< PM_CONFIG DEFAULT=seven >\n"
        "\x01\x02\xff garbage \x00 line\n");
    ASSERT_EQ(conf.modes.size(), 1u);
    EXPECT_EQ(conf.modes[0].mode.name, "GOOD");
    EXPECT_EQ(conf.modes[0].mode.gpu_max_hz, 640000000);
    EXPECT_EQ(conf.modes[0].mode.gpu_min_hz, std::nullopt);
    EXPECT_EQ(conf.default_id, std::nullopt);
}

TEST(NvpmodelConfBadInput, SettingsBeforeTheirParamStillResolve) {
    auto conf = parse_nvpmodel(
        "< POWER_MODEL ID=0 NAME=5W >\n"
        "GPU MAX_FREQ 640000000\n"
        "< PARAM TYPE=CLOCK NAME=GPU >\n"
        "MAX_FREQ /sys/devices/gpu.0/devfreq/57000000.gpu/max_freq\n"
        "< PM_CONFIG DEFAULT=0 >\n");
    ASSERT_EQ(conf.modes.size(), 1u);
    EXPECT_EQ(conf.modes[0].mode.gpu_max_hz, 640000000);
    EXPECT_EQ(conf.default_id, 0);
}

TEST(NvpmodelConfBadInput, UnlimitedSentinels) {
    auto conf = parse_nvpmodel(
        "< PARAM TYPE=CLOCK NAME=CPU_A57 >\n"
        "MAX_FREQ /sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq\n"
        "< POWER_MODEL ID=0 NAME=A >\nCPU_A57 MAX_FREQ 2147483647\n"
        "< POWER_MODEL ID=1 NAME=B >\nCPU_A57 MAX_FREQ -1\n"
        "< POWER_MODEL ID=2 NAME=C >\nCPU_A57 MAX_FREQ 1479000\n");
    ASSERT_EQ(conf.modes.size(), 3u);
    EXPECT_THAT(conf.modes[0].mode.cpu_max_khz, IsEmpty());
    EXPECT_THAT(conf.modes[1].mode.cpu_max_khz, IsEmpty());
    EXPECT_EQ(conf.modes[2].mode.cpu_max_khz.at("CPU_A57"), 1479000);
    EXPECT_TRUE(is_unlimited_clock(-1));
    EXPECT_TRUE(is_unlimited_clock(2147483647));
    EXPECT_FALSE(is_unlimited_clock(0));
}

TEST(NvpmodelConfBadInput, HugeFileAndLongLines) {
    std::string huge = testing::board_data("agx-orin.conf");
    huge += std::string(2 << 20, 'x') + "\n";  // one 2 MiB line without a newline inside
    for (int i = 0; i < 2000; ++i)
        huge += "< POWER_MODEL ID=" + std::to_string(100 + i) + " NAME=M" + std::to_string(i) +
                " >\nGPU MAX_FREQ " + std::to_string(i + 1) + "\n";
    auto conf = parse_nvpmodel(huge);
    EXPECT_EQ(conf.modes.size(), 7u + 2000u);
    EXPECT_EQ(conf.mode(2)->mode.gpu_max_hz, 624750000);
    EXPECT_EQ(conf.mode(2099)->mode.gpu_max_hz, 2000);
}

TEST(NvpmodelConfBadInput, TruncatedFile) {
    std::string text = testing::board_data("tx2.conf");
    auto cut = parse_nvpmodel(std::string_view(text).substr(0, text.find("MAXP_CORE_ARM") + 35));
    EXPECT_EQ(cut.modes.size(), 4u);
    EXPECT_EQ(cut.default_id, std::nullopt);
    // The cut leaves "CPU_ONLINE CORE_1 0" without its newline: still read.
    EXPECT_THAT(cut.modes[3].mode.online_cores, ElementsAre(0));
    EXPECT_THAT(cut.modes[3].mode.cpu_max_khz, ::testing::IsEmpty());
}

}  // namespace
}  // namespace edgetop
