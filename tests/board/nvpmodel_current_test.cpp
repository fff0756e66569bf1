#include "sensors/board/nvpmodel_current.hpp"

#include <gtest/gtest.h>

#include "board/board_test_data.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::board_data;
using testing::FixtureTree;

TEST(NvpmodelStatus, Formats) {
    EXPECT_EQ(parse_nvpmodel_status("pmode:0002 fmode:quiet"), 2);
    EXPECT_EQ(parse_nvpmodel_status("pmode:0000\n"), 0);
    EXPECT_EQ(parse_nvpmodel_status("pmode:0003 fmode:fanNull\n"), 3);
    EXPECT_EQ(parse_nvpmodel_status("fmode:cool pmode:0001"), 1);
}

TEST(NvpmodelStatus, Garbage) {
    EXPECT_EQ(parse_nvpmodel_status(""), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status("pmode:"), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status("pmode:abc"), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status("pmode:12x"), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status("pmode:-1"), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status("pmode:99999999999999999999"), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status("fmode:quiet"), std::nullopt);
    EXPECT_EQ(parse_nvpmodel_status(std::string(100000, 'p')), std::nullopt);
}

// An AGX Orin 64GB as MODE_30W leaves it: 8 of 12 cores online, clusters 0 and 1 capped at
// 1728 MHz, cluster 2 untouched, GPU capped at 624.75 MHz.
void write_agx_orin(const FixtureTree& tree, std::string_view online, int64_t cpu_max,
                    int64_t gpu_max) {
    for (int cpu = 0; cpu < 12; ++cpu) {
        auto dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu);
        tree.write(dir + "/online", "1\n");
        tree.write(dir + "/cpufreq/scaling_max_freq", std::to_string(cpu_max) + "\n");
        tree.write(dir + "/cpufreq/cpuinfo_max_freq", "2201600\n");
    }
    tree.write("/sys/devices/system/cpu/online", std::string(online) + "\n");
    const std::string gpu = "/sys/devices/17000000.ga10b/devfreq/17000000.ga10b";
    tree.write(gpu + "/max_freq", std::to_string(gpu_max) + "\n");
    tree.write(gpu + "/available_frequencies",
               "114750000 216750000 318750000 420750000 522750000 624750000 726750000 828750000 "
               "930750000 1032750000 1134750000 1236750000 1300500000\n");
}

TEST(NvpmodelInference, AgxOrinMode30W) {
    FixtureTree tree;
    write_agx_orin(tree, "0-7", 1728000, 624750000);
    auto conf = parse_nvpmodel(board_data("agx-orin.conf"));
    auto live = read_live_clocks(conf, Root(tree.root()));
    EXPECT_EQ(live.cores.size(), 12u);
    EXPECT_FALSE(live.cores.at(8));
    EXPECT_EQ(live.max_freq.at("CPU_A78_0"), 1728000);
    EXPECT_EQ(live.hw_max.at("GPU"), 1300500000);
    EXPECT_EQ(infer_current_mode(conf, live), 2);
}

TEST(NvpmodelInference, AgxOrinMode15WRoundedDown) {
    FixtureTree tree;
    // The kernel rounded the 1113600 kHz cap down to a table frequency.
    write_agx_orin(tree, "0-3", 1036800, 420750000);
    auto conf = parse_nvpmodel(board_data("agx-orin.conf"));
    EXPECT_EQ(infer_current_mode(conf, read_live_clocks(conf, Root(tree.root()))), 1);
}

TEST(NvpmodelInference, ClampedCapsAreAmbiguous) {
    FixtureTree tree;
    // All cores at the hardware maximum: MAXN, but MAXN_1338's 1338.75 MHz GPU cap is clamped
    // to the same 1300.5 MHz, so the two cannot be told apart.
    write_agx_orin(tree, "0-11", 2201600, 1300500000);
    auto conf = parse_nvpmodel(board_data("agx-orin.conf"));
    EXPECT_EQ(infer_current_mode(conf, read_live_clocks(conf, Root(tree.root()))), std::nullopt);
    // A GPU pinned by MAXN_1032 is unique.
    tree.write("/sys/devices/17000000.ga10b/devfreq/17000000.ga10b/max_freq", "1032750000\n");
    EXPECT_EQ(infer_current_mode(conf, read_live_clocks(conf, Root(tree.root()))), 4);
}

TEST(NvpmodelInference, NoMatchAndNothingReadable) {
    FixtureTree tree;
    write_agx_orin(tree, "0-5", 1728000, 624750000);  // 6 cores: no mode has that
    auto conf = parse_nvpmodel(board_data("agx-orin.conf"));
    EXPECT_EQ(infer_current_mode(conf, read_live_clocks(conf, Root(tree.root()))), std::nullopt);
    FixtureTree empty;
    auto live = read_live_clocks(conf, Root(empty.root()));
    EXPECT_TRUE(live.cores.empty());
    EXPECT_EQ(infer_current_mode(conf, live), std::nullopt);
}

TEST(NvpmodelInference, Tx2PerCoreOnlineFilesAndDevfreqClassLink) {
    FixtureTree tree;
    // No /sys/devices/system/cpu/online: each cpuN/online is read. Denver cores 1-2 offline.
    for (int cpu = 0; cpu < 6; ++cpu) {
        auto dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu);
        tree.write(dir + "/online", cpu == 1 || cpu == 2 ? "0\n" : "1\n");
        // MAXP_CORE_ARM's 2000000 kHz cap, rounded down to a table frequency.
        tree.write(dir + "/cpufreq/scaling_max_freq", "1996800\n");
        tree.write(dir + "/cpufreq/cpuinfo_max_freq", "2035200\n");
    }
    // The GPU is only reachable through its devfreq class link; the 1.12 GHz cap became the
    // 1032.75 MHz operating point below it.
    const std::string gpu = "/sys/devices/gpu.0/devfreq/17000000.gp10b";
    tree.write(gpu + "/max_freq", "1032750000\n");
    tree.write(gpu + "/available_frequencies", "114750000 522750000 1032750000 1300500000\n");
    tree.symlink("/sys/class/devfreq/17000000.gp10b", "/sys/devices/gpu.0/devfreq/17000000.gp10b");
    auto conf = parse_nvpmodel(board_data("tx2.conf"));
    auto live = read_live_clocks(conf, Root(tree.root()));
    EXPECT_EQ(live.max_freq.at("GPU"), 1032750000);
    EXPECT_EQ(live.hw_max.at("GPU"), 1300500000);
    // MAXQ also has cores 0,3,4,5, but its 1.2 GHz A57 cap does not fit 1996800 kHz.
    EXPECT_EQ(infer_current_mode(conf, live), 3);
}

TEST(NvpmodelInference, GarbageLiveFilesAreIgnored) {
    FixtureTree tree;
    write_agx_orin(tree, "0-7", 1728000, 624750000);
    tree.write("/sys/devices/system/cpu/online", "banana\n");
    tree.write("/sys/devices/system/cpu/cpu9/online", "7\n");
    tree.write("/sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq", "-\n");
    auto conf = parse_nvpmodel(board_data("agx-orin.conf"));
    auto live = read_live_clocks(conf, Root(tree.root()));
    EXPECT_FALSE(live.cores.contains(9));
    EXPECT_FALSE(live.max_freq.contains("CPU_A78_0"));
    // Every core file now says 1, so only the 12-core modes fit the cores; the GPU cap picks none.
    EXPECT_EQ(infer_current_mode(conf, live), std::nullopt);
}

}  // namespace
}  // namespace edgetop
