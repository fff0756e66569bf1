#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sensors/board/board_sources.hpp"
#include "sensors/core/source.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using ::testing::ElementsAre;
using testing::fixture_path;
using testing::FixtureTree;
using ::testing::IsEmpty;

Board describe_root(const std::string& root) {
    auto source = make_board_source();
    source->discover(Root(root));
    Board board;
    source->describe(board);
    return board;
}

Board describe_fixture(const std::string& name) {
    return describe_root(fixture_path(name));
}

const SourceStatus* find_status(const std::vector<SourceStatus>& all, std::string_view name) {
    for (const auto& s : all)
        if (s.name == name) return &s;
    return nullptr;
}

TEST(BoardFixtures, AgxOrin) {
    auto b = describe_fixture("agx-orin");
    EXPECT_EQ(b.model, "Jetson AGX Orin");
    EXPECT_THAT(b.compatible, ElementsAre("nvidia,p3737-0000+p3701-0004", "nvidia,p3701-0004",
                                          "nvidia,tegra234"));
    EXPECT_EQ(b.soc, "tegra234");
    EXPECT_EQ(b.l4t, "35.3.1");
    EXPECT_EQ(b.jetpack, "5.1.1");
    EXPECT_EQ(b.power_modes.size(), 7u);
    EXPECT_EQ(b.default_mode_id, 0);
    ASSERT_NE(b.current_mode(), nullptr);
    // All 12 cores online at 2201.6 MHz and the GPU at 1300.5 MHz: MAXN.
    EXPECT_EQ(b.current_mode()->id, 0);
    EXPECT_EQ(b.current_mode()->name, "MAXN");
    EXPECT_EQ(b.current_mode()->budget_w, std::nullopt);
}

TEST(BoardFixtures, OrinNano) {
    auto b = describe_fixture("orin-nano");
    EXPECT_EQ(b.model, "NVIDIA Jetson Orin Nano Engineering Reference Developer Kit Super");
    EXPECT_EQ(b.soc, "tegra234");
    EXPECT_EQ(b.l4t, "36.4.7");
    EXPECT_EQ(b.jetpack, "6.2.1");
    EXPECT_EQ(b.default_mode_id, 2);
    ASSERT_NE(b.current_mode(), nullptr);
    EXPECT_EQ(b.current_mode()->id, 0);
    EXPECT_EQ(b.current_mode()->name, "15W");
    EXPECT_THAT(b.current_mode()->online_cores, ElementsAre(0, 1, 2, 3, 4, 5));
}

TEST(BoardFixtures, XavierBoards) {
    auto nx = describe_fixture("xavier-nx");
    EXPECT_EQ(nx.model, "NVIDIA Jetson Xavier NX Developer Kit");
    EXPECT_EQ(nx.soc, "tegra194");
    EXPECT_EQ(nx.l4t, "35.4.1");
    EXPECT_EQ(nx.jetpack, "5.1.2");
    ASSERT_NE(nx.current_mode(), nullptr);
    EXPECT_EQ(nx.current_mode()->name, "MODE_20W_6CORE");
    EXPECT_EQ(nx.current_mode()->emc_max_hz, 1866000000);

    auto agx = describe_fixture("agx-xavier");
    EXPECT_EQ(agx.model, "Jetson-AGX");
    EXPECT_EQ(agx.soc, "tegra194");
    EXPECT_EQ(agx.l4t, "35.5.0");
    EXPECT_EQ(agx.jetpack, "5.1.3");
    EXPECT_EQ(agx.default_mode_id, 8);
    ASSERT_NE(agx.current_mode(), nullptr);
    EXPECT_EQ(agx.current_mode()->name, "MAXN");
}

TEST(BoardFixtures, JetPack4Boards) {
    auto nano = describe_fixture("nano");
    EXPECT_EQ(nano.model, "NVIDIA Jetson Nano Developer Kit");
    EXPECT_EQ(nano.soc, "tegra210");
    EXPECT_EQ(nano.l4t, "32.6.1");
    EXPECT_EQ(nano.jetpack, "4.6");
    ASSERT_NE(nano.current_mode(), nullptr);
    EXPECT_EQ(nano.current_mode()->name, "MAXN");

    auto tx2 = describe_fixture("tx2");
    EXPECT_EQ(tx2.model, "quill");
    EXPECT_THAT(tx2.compatible, ElementsAre("nvidia,quill", "nvidia,tegra186"));
    EXPECT_EQ(tx2.soc, "tegra186");
    EXPECT_EQ(tx2.l4t, "32.5.1");
    EXPECT_EQ(tx2.jetpack, "4.5.1");
    ASSERT_NE(tx2.current_mode(), nullptr);
    EXPECT_EQ(tx2.current_mode()->id, 3);
    EXPECT_EQ(tx2.current_mode()->name, "MAXP_CORE_ARM");
}

TEST(BoardFixtures, ThorHasNoNvpmodelFiles) {
    auto b = describe_fixture("thor");
    EXPECT_EQ(b.model, "NVIDIA Jetson AGX Thor Developer Kit");
    EXPECT_THAT(b.compatible, ElementsAre("nvidia,p4071-0000+p3834-0008", "nvidia,p3834-0008",
                                          "nvidia,tegra264"));
    EXPECT_EQ(b.soc, "tegra264");
    EXPECT_EQ(b.l4t, "38.2.0");
    EXPECT_EQ(b.jetpack, "7.0");
    EXPECT_THAT(b.power_modes, IsEmpty());
    EXPECT_EQ(b.current_mode_id, std::nullopt);
    EXPECT_EQ(b.current_mode(), nullptr);
}

TEST(BoardFixtures, X86PcFromDmi) {
    auto b = describe_fixture("x86-pc");
    EXPECT_EQ(b.model, "Dell Inc. OptiPlex 7070");
    EXPECT_EQ(b.soc, "Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz");
    EXPECT_THAT(b.compatible, IsEmpty());
    EXPECT_EQ(b.l4t, std::nullopt);
    EXPECT_EQ(b.jetpack, std::nullopt);
    EXPECT_THAT(b.power_modes, IsEmpty());
    EXPECT_EQ(b.current_mode(), nullptr);
}

TEST(BoardStatus, JetsonInputsFound) {
    auto source = make_board_source();
    EXPECT_TRUE(source->discover(Root(fixture_path("agx-orin"))));
    auto all = source->status();
    for (const char* name :
         {"board.devicetree", "board.l4t", "board.nvpmodel", "board.nvpmodel_status"}) {
        const auto* s = find_status(all, name);
        ASSERT_NE(s, nullptr) << name;
        EXPECT_EQ(s->state, SourceStatus::State::found) << name;
    }
    EXPECT_EQ(find_status(all, "board.devicetree")->path, "/proc/device-tree/model");
    EXPECT_EQ(find_status(all, "board.nvpmodel")->hint, "7 power modes");
}

TEST(BoardStatus, PcInputsAbsent) {
    auto source = make_board_source();
    EXPECT_TRUE(source->discover(Root(fixture_path("x86-pc"))));
    auto all = source->status();
    EXPECT_EQ(find_status(all, "board.devicetree")->state, SourceStatus::State::absent);
    EXPECT_EQ(find_status(all, "board.l4t")->state, SourceStatus::State::absent);
    EXPECT_EQ(find_status(all, "board.nvpmodel")->state, SourceStatus::State::absent);
    EXPECT_EQ(find_status(all, "board.nvpmodel_status")->state, SourceStatus::State::absent);
    EXPECT_EQ(find_status(all, "board.dmi")->state, SourceStatus::State::found);
}

TEST(BoardBadInput, EmptyTreeFindsNothing) {
    FixtureTree tree;
    auto source = make_board_source();
    EXPECT_FALSE(source->discover(Root(tree.root())));
    Board board;
    board.thermal_zones.push_back({"cpu-thermal", {}});  // owned by another source: kept
    source->describe(board);
    EXPECT_EQ(board.model, std::nullopt);
    EXPECT_EQ(board.soc, std::nullopt);
    EXPECT_THAT(board.power_modes, IsEmpty());
    EXPECT_EQ(board.thermal_zones.size(), 1u);
    Sample sample;
    source->poll(sample);  // nothing to read, nothing to break
}

TEST(BoardBadInput, GarbageFiles) {
    FixtureTree tree("orin-nano");
    tree.write("/etc/nv_tegra_release", std::string("\x00\xff garbage\n", 11));
    tree.write("/etc/nvpmodel.conf", std::string(3 << 20, '<'));
    tree.write("/var/lib/nvpmodel/status", "pmode:banana\n");
    tree.write("/sys/firmware/devicetree/base/compatible", std::string(70000, '\0'));
    auto source = make_board_source();
    EXPECT_TRUE(source->discover(Root(tree.root())));
    Board b;
    source->describe(b);
    EXPECT_EQ(b.model, "NVIDIA Jetson Orin Nano Engineering Reference Developer Kit Super");
    EXPECT_THAT(b.compatible, IsEmpty());
    EXPECT_EQ(b.soc, std::nullopt);
    EXPECT_EQ(b.l4t, std::nullopt);
    EXPECT_EQ(b.jetpack, std::nullopt);
    EXPECT_THAT(b.power_modes, IsEmpty());
    EXPECT_EQ(b.current_mode_id, std::nullopt);
    auto all = source->status();
    EXPECT_EQ(find_status(all, "board.l4t")->state, SourceStatus::State::found);
    EXPECT_THAT(find_status(all, "board.l4t")->hint, ::testing::HasSubstr("REVISION"));
    EXPECT_THAT(find_status(all, "board.nvpmodel_status")->hint, ::testing::HasSubstr("pmode"));
}

TEST(BoardBadInput, UnknownL4tHasNoJetpack) {
    FixtureTree tree("thor");
    tree.write("/etc/nv_tegra_release",
               "# R40 (release), REVISION: 1.0, GCID: 1, BOARD: generic\n");
    auto b = describe_root(tree.root());
    EXPECT_EQ(b.l4t, "40.1.0");
    EXPECT_EQ(b.jetpack, std::nullopt);
}

TEST(BoardBadInput, VanishedDeviceTreeLinkFallsBackToSysfs) {
    FixtureTree tree("tx2");
    tree.remove("/proc/device-tree");
    auto b = describe_root(tree.root());
    EXPECT_EQ(b.model, "quill");
    EXPECT_EQ(b.soc, "tegra186");
}

TEST(BoardCurrentMode, InferredWhenStatusIsMissing) {
    FixtureTree tree("agx-orin");
    tree.remove("/var/lib/nvpmodel/status");
    for (int cpu = 0; cpu < 12; ++cpu) {
        auto dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu);
        tree.write(dir + "/online", cpu < 8 ? "1\n" : "0\n");
        tree.write(dir + "/cpufreq/scaling_max_freq", "1728000\n");
        tree.write(dir + "/cpufreq/cpuinfo_max_freq", "2201600\n");
    }
    tree.remove("/sys/devices/system/cpu/online");
    tree.write("/sys/devices/17000000.ga10b/devfreq/17000000.ga10b/max_freq", "624750000\n");
    auto source = make_board_source();
    source->discover(Root(tree.root()));
    Board b;
    source->describe(b);
    EXPECT_EQ(b.current_mode_id, 2);
    auto all = source->status();
    const auto* s = find_status(all, "board.nvpmodel_status");
    EXPECT_EQ(s->state, SourceStatus::State::absent);
    EXPECT_THAT(s->hint, ::testing::HasSubstr("inferred"));
}

TEST(BoardCurrentMode, StatusFileWinsOverClocks) {
    FixtureTree tree("tx2");
    tree.write("/var/lib/nvpmodel/status", "pmode:0001 fmode:quiet\n");
    EXPECT_EQ(describe_root(tree.root()).current_mode()->name, "MAXQ");
}

}  // namespace
}  // namespace edgetop

namespace edgetop {
namespace {

// These two read the cpufreq and devfreq files the fixture trees hold for the CPU and GPU readers.
TEST(BoardCurrentMode, OrinNanoFixtureClocksGive15W) {
    FixtureTree tree("orin-nano");
    tree.remove("/var/lib/nvpmodel/status");
    EXPECT_EQ(describe_root(tree.root()).current_mode_id, 0);
}

TEST(BoardCurrentMode, AgxOrinFixtureClocksAreAmbiguous) {
    FixtureTree tree("agx-orin");
    tree.remove("/var/lib/nvpmodel/status");
    // MAXN and MAXN_1338 (GPU cap above the 1300.5 MHz maximum) look the same.
    EXPECT_EQ(describe_root(tree.root()).current_mode_id, std::nullopt);
}

}  // namespace
}  // namespace edgetop
