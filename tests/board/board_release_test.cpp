#include "sensors/board/board_release.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sensors/board/board_jetpack.hpp"

namespace edgetop {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

using namespace std::string_literals;

TEST(L4tRelease, RealFirstLines) {
    EXPECT_EQ(parse_l4t_release("# R36 (release), REVISION: 4.7, GCID: 42132812, BOARD: generic, "
                                "EABI: aarch64, DATE: Thu Sep 18 22:54:44 UTC 2025\n"
                                "# KERNEL_VARIANT: oot\nTARGET_USERSPACE_LIB_DIR=nvidia\n"),
              "36.4.7");
    EXPECT_EQ(parse_l4t_release("# R36 (release), REVISION: 4.0, GCID: 37537400, BOARD: generic"),
              "36.4.0");
    EXPECT_EQ(parse_l4t_release("# R32 (release), REVISION: 5.1, GCID: 26202423, BOARD: t186ref, "
                                "EABI: aarch64, DATE: Fri Feb 19 16:50:29 UTC 2021"),
              "32.5.1");
    EXPECT_EQ(parse_l4t_release("# R38 (release), REVISION: 2.0, GCID: 41844464, BOARD: generic"),
              "38.2.0");
    EXPECT_EQ(parse_l4t_release("# R39 (release), REVISION: 2.0, GCID: 45755727, BOARD: generic, "
                                "EABI: aarch64, DATE: Mon Jun  1 09:28:48 PM UTC 2026"),
              "39.2.0");
}

TEST(L4tRelease, GarbageNeverParses) {
    EXPECT_EQ(parse_l4t_release(""), std::nullopt);
    EXPECT_EQ(parse_l4t_release("\n# R36 (release), REVISION: 4.7"), std::nullopt);  // not first
    EXPECT_EQ(parse_l4t_release("R36 (release), REVISION: 4.7"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R (release), REVISION: 4.7"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R36 (release)"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R36 (release), REVISION: , GCID: 1"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R36 (release), REVISION: 4..7"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R36 (release), REVISION: 4.x"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R36 (release), REVISION: -4.7"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("# R99999999999 (release), REVISION: 1.0"), std::nullopt);
    EXPECT_EQ(parse_l4t_release("\x00\xff\x01 binary"s), std::nullopt);
    EXPECT_EQ(parse_l4t_release("L4T N.N.N [ JetPack UNKNOWN ]"), std::nullopt);
    EXPECT_EQ(parse_l4t_release(std::string(1 << 20, '#')), std::nullopt);
}

TEST(JetpackMap, KnownReleases) {
    EXPECT_EQ(jetpack_for_l4t("32.4.3"), "4.4");
    EXPECT_EQ(jetpack_for_l4t("32.4.4"), "4.4.1");
    EXPECT_EQ(jetpack_for_l4t("32.5.0"), "4.5");
    EXPECT_EQ(jetpack_for_l4t("32.5.1"), "4.5.1");
    EXPECT_EQ(jetpack_for_l4t("32.6.1"), "4.6");
    EXPECT_EQ(jetpack_for_l4t("32.7.1"), "4.6.1");
    EXPECT_EQ(jetpack_for_l4t("32.7.2"), "4.6.2");
    EXPECT_EQ(jetpack_for_l4t("32.7.3"), "4.6.3");
    EXPECT_EQ(jetpack_for_l4t("32.7.4"), "4.6.4");
    EXPECT_EQ(jetpack_for_l4t("32.7.5"), "4.6.5");
    EXPECT_EQ(jetpack_for_l4t("32.7.6"), "4.6.6");
    EXPECT_EQ(jetpack_for_l4t("35.1.0"), "5.0.2");
    EXPECT_EQ(jetpack_for_l4t("35.3.1"), "5.1.1");
    EXPECT_EQ(jetpack_for_l4t("35.4.1"), "5.1.2");
    EXPECT_EQ(jetpack_for_l4t("35.5.0"), "5.1.3");
    EXPECT_EQ(jetpack_for_l4t("35.6.2"), "5.1.5");
    EXPECT_EQ(jetpack_for_l4t("35.6.4"), "5.1.6");
    EXPECT_EQ(jetpack_for_l4t("36.2.0"), "6.0 DP");
    EXPECT_EQ(jetpack_for_l4t("36.4.0"), "6.1");
    EXPECT_EQ(jetpack_for_l4t("36.4.3"), "6.2");
    EXPECT_EQ(jetpack_for_l4t("36.4.4"), "6.2.1");
    EXPECT_EQ(jetpack_for_l4t("36.4.7"), "6.2.1");
    EXPECT_EQ(jetpack_for_l4t("36.5.0"), "6.2.2");
    EXPECT_EQ(jetpack_for_l4t("38.2.0"), "7.0");
    EXPECT_EQ(jetpack_for_l4t("38.4.0"), "7.1");
    EXPECT_EQ(jetpack_for_l4t("39.2.0"), "7.2");
    EXPECT_EQ(jetpack_for_l4t(" 36.4.7\n"), "6.2.1");
}

// The releases of 2026 (NVIDIA's JetPack archive): 6.2.3 on 36.5.2, 7.2.1 on 39.2.1.
TEST(JetpackMap, ReleasesOf2026) {
    EXPECT_EQ(jetpack_for_l4t("36.5.2"), "6.2.3");
    EXPECT_EQ(jetpack_for_l4t("39.2.1"), "7.2.1");
}

TEST(JetpackMap, UnknownIsAbsentNotAGuess) {
    EXPECT_EQ(jetpack_for_l4t("36.4.2"), std::nullopt);  // sources disagree
    EXPECT_EQ(jetpack_for_l4t("36.4.99"), std::nullopt);
    EXPECT_EQ(jetpack_for_l4t("40.0.0"), std::nullopt);
    EXPECT_EQ(jetpack_for_l4t("39.3.0"), std::nullopt);
    EXPECT_EQ(jetpack_for_l4t("36.4"), std::nullopt);
    EXPECT_EQ(jetpack_for_l4t(""), std::nullopt);
    EXPECT_EQ(jetpack_for_l4t("N.N.N"), std::nullopt);
}

TEST(DeviceTree, CompatibleIsNulSeparated) {
    auto thor =
        split_nul_list("nvidia,p4071-0000+p3834-0008\0nvidia,p3834-0008\0nvidia,tegra264\0"s);
    EXPECT_THAT(
        thor, ElementsAre("nvidia,p4071-0000+p3834-0008", "nvidia,p3834-0008", "nvidia,tegra264"));
    EXPECT_EQ(soc_from_compatible(thor), "tegra264");
    // Without the terminating NUL, and with an empty element in the middle.
    EXPECT_THAT(split_nul_list("nvidia,quill\0\0nvidia,tegra186"s),
                ElementsAre("nvidia,quill", "nvidia,tegra186"));
    EXPECT_THAT(split_nul_list(""), IsEmpty());
    EXPECT_THAT(split_nul_list("\0\0"s), IsEmpty());
}

TEST(DeviceTree, SocIsTheTegraEntry) {
    EXPECT_EQ(soc_from_compatible(
                  {"nvidia,p3768-0000+p3767-0005-super", "nvidia,p3767-0005", "nvidia,tegra234"}),
              "tegra234");
    EXPECT_EQ(soc_from_compatible({"nvidia,p3449-0000-b00+p3448-0000-b00", "nvidia,jetson-nano",
                                   "nvidia,tegra210"}),
              "tegra210");
    EXPECT_EQ(soc_from_compatible({"raspberrypi,4-model-b", "brcm,bcm2711"}), std::nullopt);
    EXPECT_EQ(soc_from_compatible({"nvidia,tegra23x"}), std::nullopt);
    EXPECT_EQ(soc_from_compatible({}), std::nullopt);
}

TEST(IdentityStrings, PlaceholdersAndControlCharacters) {
    EXPECT_EQ(clean_identity_string("NVIDIA Jetson AGX Thor Developer Kit\0"s),
              "NVIDIA Jetson AGX Thor Developer Kit");
    EXPECT_EQ(clean_identity_string("  OptiPlex 7070\n"), "OptiPlex 7070");
    EXPECT_EQ(clean_identity_string("To Be Filled By O.E.M."), std::nullopt);
    EXPECT_EQ(clean_identity_string("System Product Name"), std::nullopt);
    EXPECT_EQ(clean_identity_string(""), std::nullopt);
    EXPECT_EQ(clean_identity_string("abc\x01\x02"), std::nullopt);
}

TEST(IdentityStrings, CpuModelName) {
    EXPECT_EQ(cpu_model_name("processor\t: 0\nvendor_id\t: GenuineIntel\n"
                             "model\t\t: 158\nmodel name\t: Intel(R) Core(TM) i7-9700 CPU @ "
                             "3.00GHz\nstepping\t: 13\n"),
              "Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz");
    // arm64 /proc/cpuinfo (TX2, R32) has no "model name" in newer kernels; "model" alone is not it.
    EXPECT_EQ(cpu_model_name("processor\t: 0\nBogoMIPS\t: 62.50\nCPU part\t: 0xd07\n"),
              std::nullopt);
    EXPECT_EQ(cpu_model_name("model name\t:\n"), std::nullopt);
    EXPECT_EQ(cpu_model_name(""), std::nullopt);
}

}  // namespace
}  // namespace edgetop
