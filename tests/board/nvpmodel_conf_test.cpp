#include "sensors/board/nvpmodel_conf.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "board/board_test_data.hpp"

namespace edgetop {
namespace {

using testing::board_data;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Pair;

std::vector<std::string> names(const NvpmodelConf& conf) {
    std::vector<std::string> out;
    for (const auto& m : conf.modes)
        out.push_back(m.mode.name);
    return out;
}

const PowerMode& mode(const NvpmodelConf& conf, int id) {
    const auto* m = conf.mode(id);
    if (!m) throw std::runtime_error("no mode " + std::to_string(id));
    return m->mode;
}

TEST(NvpmodelConf, AgxOrinModesAndCaps) {
    auto conf = parse_nvpmodel(board_data("agx-orin.conf"));
    EXPECT_THAT(names(conf), ElementsAre("MAXN", "MODE_15W", "MODE_30W", "MODE_50W", "MAXN_1032",
                                         "MAXN_1236", "MAXN_1338"));
    EXPECT_EQ(conf.default_id, 0);

    const auto& m30 = mode(conf, 2);
    EXPECT_THAT(m30.online_cores, ElementsAre(0, 1, 2, 3, 4, 5, 6, 7));
    EXPECT_THAT(m30.cpu_max_khz,
                ElementsAre(Pair("CPU_A78_0", 1728000), Pair("CPU_A78_1", 1728000)));
    EXPECT_EQ(m30.gpu_max_hz, 624750000);
    EXPECT_EQ(m30.gpu_min_hz, std::nullopt);  // MIN_FREQ 0: no floor
    EXPECT_EQ(m30.emc_max_hz, std::nullopt);  // this file has no EMC param
    EXPECT_EQ(m30.budget_w, 30.0);

    const auto& m15 = mode(conf, 1);
    EXPECT_THAT(m15.online_cores, ElementsAre(0, 1, 2, 3));
    EXPECT_THAT(m15.cpu_max_khz, ElementsAre(Pair("CPU_A78_0", 1113600)));
    EXPECT_EQ(m15.gpu_max_hz, 420750000);

    const auto& maxn = mode(conf, 0);
    EXPECT_THAT(maxn.cpu_max_khz, IsEmpty());  // MAX_FREQ -1 = unlimited
    EXPECT_EQ(maxn.gpu_max_hz, std::nullopt);
    EXPECT_EQ(maxn.budget_w, std::nullopt);
    EXPECT_EQ(maxn.online_cores.size(), 12u);

    const auto& pinned = mode(conf, 4);
    EXPECT_EQ(pinned.gpu_min_hz, 1032750000);
    EXPECT_EQ(pinned.gpu_max_hz, 1032750000);
}

TEST(NvpmodelConf, ParamRolesComeFromPaths) {
    auto conf = parse_nvpmodel(board_data("agx-xavier.conf"));
    using Role = NvpmodelParam::Role;
    EXPECT_EQ(conf.param("CPU_ONLINE")->role, Role::cpu_online);
    EXPECT_EQ(conf.param("CPU_DENVER_3")->role, Role::cpu_cluster);
    EXPECT_EQ(conf.param("GPU")->role, Role::gpu);
    EXPECT_EQ(conf.param("EMC")->role, Role::emc);
    // nvpmodel_emc_cap/nafll_dla is a DLA cap that lives next to the EMC one.
    EXPECT_EQ(conf.param("DLA_CORE")->role, Role::other);
    EXPECT_EQ(conf.param("GPU")->args.at("MAX_FREQ"),
              "/sys/devices/17000000.gv11b/devfreq/17000000.gv11b/max_freq");
}

TEST(NvpmodelConf, AgxXavierWithAddedMode) {
    auto conf = parse_nvpmodel(board_data("agx-xavier.conf"));
    EXPECT_THAT(names(conf), ElementsAre("MAXN", "MODE_10W", "MODE_15W", "MODE_30W_ALL",
                                         "MODE_30W_6CORE", "MODE_30W_4CORE", "MODE_30W_2CORE",
                                         "MODE_15W_DESKTOP", "MODE_MLPERF_V1_MAXQ"));
    EXPECT_EQ(conf.default_id, 8);
    const auto& maxn = mode(conf, 0);
    EXPECT_EQ(maxn.emc_max_hz, std::nullopt);  // EMC MAX_FREQ 0 = no cap
    EXPECT_EQ(maxn.gpu_min_hz, 318750000);
    const auto& m10 = mode(conf, 1);
    EXPECT_THAT(m10.online_cores, ElementsAre(0, 1));
    EXPECT_THAT(m10.cpu_max_khz, ElementsAre(Pair("CPU_DENVER_0", 1200000)));
    EXPECT_EQ(m10.gpu_max_hz, 520000000);
    EXPECT_EQ(m10.emc_max_hz, 1065600000);
    EXPECT_EQ(m10.budget_w, 10.0);
    const auto& mlperf = mode(conf, 8);
    EXPECT_EQ(mlperf.gpu_max_hz, 675750000);
    EXPECT_EQ(mlperf.emc_max_hz, 1600000000);
    EXPECT_EQ(mlperf.budget_w, std::nullopt);
    EXPECT_EQ(mode(conf, 7).budget_w, 15.0);  // MODE_15W_DESKTOP
}

TEST(NvpmodelConf, XavierNxJetPack5) {
    auto conf = parse_nvpmodel(board_data("xavier-nx.conf"));
    EXPECT_EQ(conf.modes.size(), 9u);
    EXPECT_EQ(conf.default_id, 5);
    EXPECT_EQ(mode(conf, 5).name, "MODE_10W_DESKTOP");
    const auto& m20 = mode(conf, 8);
    EXPECT_EQ(m20.name, "MODE_20W_6CORE");
    EXPECT_THAT(m20.online_cores, ElementsAre(0, 1, 2, 3, 4, 5));
    EXPECT_THAT(m20.cpu_max_khz,
                ElementsAre(Pair("CPU_DENVER_0", 1420800), Pair("CPU_DENVER_1", 1420800),
                            Pair("CPU_DENVER_2", 1420800)));
    EXPECT_EQ(m20.gpu_max_hz, 1109250000);
    EXPECT_EQ(m20.emc_max_hz, 1866000000);
    EXPECT_EQ(m20.budget_w, 20.0);
    // The HWMON param (VDDIN_OC_LIMIT) is kept with its three-word lines.
    EXPECT_EQ(conf.param("VDDIN_OC_LIMIT")->args.at("WARN"),
              "/sys/devices/platform/c250000.i2c/i2c-7/7-0040/hwmon/curr1_max");
}

TEST(NvpmodelConf, XavierNxJetPack4Variants) {
    auto mlperf = parse_nvpmodel(board_data("xavier-nx-jp4-mlperf.conf"));
    EXPECT_EQ(mlperf.modes.size(), 7u);
    EXPECT_EQ(mlperf.default_id, 6);
    EXPECT_EQ(mode(mlperf, 6).name, "MODE_MLPERF_V1_MAXQ");
    EXPECT_EQ(mode(mlperf, 6).gpu_max_hz, 854250000);

    auto maxn = parse_nvpmodel(board_data("xavier-nx-jp4.6-with-added-maxn.conf"));
    EXPECT_EQ(maxn.modes.size(), 10u);
    EXPECT_EQ(maxn.default_id, 6);
    EXPECT_EQ(mode(maxn, 0).name, "MAXN");
    EXPECT_EQ(mode(maxn, 0).emc_max_hz, 1866000000);
    EXPECT_EQ(mode(maxn, 0).cpu_max_khz.at("CPU_DENVER_2"), 1907200);
    EXPECT_EQ(mode(maxn, 6).name, "MODE_10W_DESKTOP");
}

TEST(NvpmodelConf, NanoWithCustomMode) {
    auto conf = parse_nvpmodel(board_data("nano.conf"));
    EXPECT_THAT(names(conf), ElementsAre("MAXN", "5W", "BirdEdge"));
    EXPECT_EQ(conf.default_id, 0);
    const auto& m5 = mode(conf, 1);
    EXPECT_THAT(m5.online_cores, ElementsAre(0, 1));
    EXPECT_THAT(m5.cpu_max_khz, ElementsAre(Pair("CPU_A57", 918000)));
    EXPECT_EQ(m5.gpu_max_hz, 640000000);
    EXPECT_EQ(m5.emc_max_hz, 1600000000);
    EXPECT_EQ(m5.budget_w, 5.0);
    EXPECT_THAT(mode(conf, 2).cpu_max_khz, ElementsAre(Pair("CPU_A57", 614400)));
    EXPECT_EQ(mode(conf, 2).gpu_max_hz, 230400000);
}

TEST(NvpmodelConf, NanoTerminalWrappedLinesAreSkipped) {
    auto conf = parse_nvpmodel(board_data("nano-stock-modes-wrapped-lines.conf"));
    EXPECT_THAT(names(conf), ElementsAre("MAXN", "5W"));
    const auto* cpu = conf.param("CPU_A57");
    ASSERT_NE(cpu, nullptr);
    EXPECT_FALSE(cpu->args.contains("FREQ_TABLE_KNEXT"));  // "...frequenc      ies"
    EXPECT_EQ(cpu->args.at("MAX_FREQ_KNEXT"),
              "/sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq");
    EXPECT_EQ(cpu->role, NvpmodelParam::Role::cpu_cluster);
    EXPECT_THAT(mode(conf, 1).cpu_max_khz, ElementsAre(Pair("CPU_A57", 918000)));
}

TEST(NvpmodelConf, Tx2DefaultAndCoreZero) {
    auto conf = parse_nvpmodel(board_data("tx2.conf"));
    EXPECT_THAT(names(conf),
                ElementsAre("MAXN", "MAXQ", "MAXP_CORE_ALL", "MAXP_CORE_ARM", "MAXP_CORE_DENVER"));
    EXPECT_EQ(conf.default_id, 3);
    const auto& arm = mode(conf, 3);
    // The file never sets CORE_0 (it cannot go offline); it counts as online.
    EXPECT_THAT(arm.online_cores, ElementsAre(0, 3, 4, 5));
    EXPECT_THAT(arm.cpu_max_khz, ElementsAre(Pair("CPU_A57", 2000000)));
    EXPECT_EQ(arm.gpu_max_hz, 1120000000);
    EXPECT_EQ(arm.emc_max_hz, 1600000000);
    EXPECT_EQ(arm.budget_w, std::nullopt);
    const auto& denver = mode(conf, 4);
    EXPECT_THAT(denver.cpu_max_khz,
                ElementsAre(Pair("CPU_A57", 345600), Pair("CPU_DENVER", 2035200)));
}

TEST(NvpmodelConf, Tx2LegacyRawPathFormat) {
    auto conf = parse_nvpmodel(board_data("tx2-l4t-r27-legacy-format.conf"));
    EXPECT_THAT(names(conf),
                ElementsAre("MAXN", "MAXQ", "MAXP_CORE_ALL", "MAXP_CORE_ARM", "MAXP_CORE_DENVER"));
    EXPECT_EQ(conf.default_id, 3);
    const auto& maxn = mode(conf, 0);
    EXPECT_THAT(maxn.online_cores, ElementsAre(0, 1, 2, 3, 4, 5));
    EXPECT_THAT(maxn.cpu_max_khz, ElementsAre(Pair("cpu0", 2035200), Pair("cpu1", 2035200)));
    EXPECT_EQ(maxn.gpu_max_hz, 1300500000);
    EXPECT_EQ(maxn.emc_max_hz, std::nullopt);  // emc_iso_cap 0
    const auto& maxq = mode(conf, 1);
    EXPECT_THAT(maxq.online_cores, ElementsAre(0, 3, 4, 5));
    EXPECT_EQ(maxq.gpu_max_hz, 850000000);
    EXPECT_EQ(maxq.emc_max_hz, 1331200000);
    EXPECT_EQ(conf.param("cpu0")->role, NvpmodelParam::Role::cpu_cluster);
    EXPECT_EQ(conf.param("GPU")->args.at("MAX_FREQ"),
              "/sys/devices/17000000.gp10b/devfreq/17000000.gp10b/max_freq");
}

TEST(NvpmodelConf, OrinNxCustomModeOnly) {
    auto conf = parse_nvpmodel(board_data("orin-nx-16gb-custom-mode.conf"));
    ASSERT_EQ(conf.modes.size(), 1u);
    const auto& m = conf.modes[0].mode;
    EXPECT_EQ(m.id, 0);
    EXPECT_EQ(m.name, "MODE_28_1_W");
    EXPECT_EQ(m.budget_w, std::nullopt);  // "28_1_W" is not an <n>W part: no guess
    EXPECT_THAT(m.online_cores, ElementsAre(0, 1, 2, 3, 4, 5, 6, 7));
    EXPECT_EQ(m.gpu_max_hz, 918000000);
    EXPECT_EQ(m.emc_max_hz, std::nullopt);  // -1
    // "<PARAM TYPE=CLOCK NAME=EMC >" has no space after '<'.
    ASSERT_NE(conf.param("EMC"), nullptr);
    EXPECT_EQ(conf.param("EMC")->args.at("MAX_FREQ_KNEXT"), "/sys/kernel/nvpmodel_clk_cap/emc");
}

TEST(NvpmodelConf, OrinNanoFixtureConf) {
    auto conf = parse_nvpmodel(board_data("orin-nano-assembled.conf"));
    EXPECT_THAT(names(conf), ElementsAre("15W", "25W", "MAXN_SUPER", "7W"));
    EXPECT_EQ(conf.default_id, 2);
    EXPECT_EQ(mode(conf, 0).budget_w, 15.0);
    EXPECT_EQ(mode(conf, 0).gpu_max_hz, 612000000);
    EXPECT_THAT(mode(conf, 3).online_cores, ElementsAre(0, 1, 2, 3));
    EXPECT_EQ(mode(conf, 3).emc_max_hz, 2133000000);
}

TEST(NvpmodelConf, PowerModesKeepsFileOrder) {
    auto modes = parse_nvpmodel(board_data("tx2.conf")).power_modes();
    ASSERT_EQ(modes.size(), 5u);
    EXPECT_EQ(modes[3].name, "MAXP_CORE_ARM");
    EXPECT_EQ(modes[3].id, 3);
}

TEST(BudgetFromName, WattsOnlyFromAnNWPart) {
    EXPECT_EQ(budget_w_from_name("15W"), 15.0);
    EXPECT_EQ(budget_w_from_name("MODE_30W"), 30.0);
    EXPECT_EQ(budget_w_from_name("MODE_10W_DESKTOP"), 10.0);
    EXPECT_EQ(budget_w_from_name("MODE_15W_2CORE"), 15.0);
    EXPECT_EQ(budget_w_from_name("120W"), 120.0);
    EXPECT_EQ(budget_w_from_name("MAXN"), std::nullopt);
    EXPECT_EQ(budget_w_from_name("MAXN_SUPER"), std::nullopt);
    EXPECT_EQ(budget_w_from_name("MAXQ"), std::nullopt);
    EXPECT_EQ(budget_w_from_name("MODE_28_1_W"), std::nullopt);
    EXPECT_EQ(budget_w_from_name("W"), std::nullopt);
    EXPECT_EQ(budget_w_from_name(""), std::nullopt);
    EXPECT_EQ(budget_w_from_name("-5W"), std::nullopt);
}

}  // namespace
}  // namespace edgetop
