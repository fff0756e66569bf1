#include "sensors/gpu/engines_clock.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "gpu/gpu_test_support.hpp"
#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_probe.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

struct Eng {
    std::string name;
    std::optional<bool> online;
    std::optional<int64_t> freq_hz;
    bool operator==(const Eng&) const = default;
};

void PrintTo(const Eng& e, std::ostream* os) {
    *os << e.name << "(" << (e.online ? (*e.online ? "on" : "off") : "?") << ","
        << (e.freq_hz ? std::to_string(*e.freq_hz) : "?") << ")";
}

std::vector<Eng> poll_engines(const std::string& root_dir) {
    auto source = make_engines_source();
    source->discover(Root(root_dir));
    Sample sample;
    source->poll(sample);
    std::vector<Eng> out;
    for (const auto& e : sample.engines)
        out.push_back({e.name, e.online, e.freq_hz});
    return out;
}

constexpr int64_t kIdle = 115200000;  // the floor clock tegrastats prints as "@115"

// Engines that are on in each capture: tegrastats prints their clock (APE 25, VIC_FREQ 1036);
// the rest are off. See tests/fixtures/notes/gpu.md.
TEST(Engines, Nano) {
    EXPECT_EQ(poll_engines(fixture_path("nano")), (std::vector<Eng>{{"APE", true, 25000000},
                                                                    {"NVDEC", false, kIdle},
                                                                    {"NVENC", false, kIdle},
                                                                    {"NVJPG", false, kIdle},
                                                                    {"SE", false, kIdle},
                                                                    {"VIC", false, kIdle}}));
}

TEST(Engines, Tx2) {
    EXPECT_EQ(poll_engines(fixture_path("tx2")), (std::vector<Eng>{{"APE", true, 150000000},
                                                                   {"NVDEC", false, kIdle},
                                                                   {"NVENC", false, kIdle},
                                                                   {"NVJPG", false, kIdle},
                                                                   {"SE", false, kIdle},
                                                                   {"VIC", false, kIdle}}));
}

std::vector<Eng> xavier(int64_t vic_hz) {
    return {{"APE", true, 150000000}, {"CVNAS", false, kIdle},  {"DLA0", false, kIdle},
            {"DLA1", false, kIdle},   {"NVDEC", false, kIdle},  {"NVDEC1", false, kIdle},
            {"NVENC", false, kIdle},  {"NVENC1", false, kIdle}, {"NVJPG", false, kIdle},
            {"PVA0", false, 0},       {"PVA1", false, 0},       {"SE", false, kIdle},
            {"VIC", true, vic_hz}};
}

TEST(Engines, XavierNx) {
    EXPECT_EQ(poll_engines(fixture_path("xavier-nx")), xavier(115200000));
}

TEST(Engines, AgxXavier) {
    EXPECT_EQ(poll_engines(fixture_path("agx-xavier")), xavier(1036800000));
}

TEST(Engines, AgxOrin) {
    EXPECT_EQ(poll_engines(fixture_path("agx-orin")), (std::vector<Eng>{{"APE", true, 174000000},
                                                                        {"DLA0", false, kIdle},
                                                                        {"DLA1", false, kIdle},
                                                                        {"NVDEC", false, kIdle},
                                                                        {"NVENC", false, kIdle},
                                                                        {"NVJPG", false, kIdle},
                                                                        {"NVJPG1", false, kIdle},
                                                                        {"OFA", false, kIdle},
                                                                        {"PVA0", false, 0},
                                                                        {"SE", false, kIdle},
                                                                        {"VIC", true, 729600000}}));
}

TEST(Engines, OrinNanoHasNoEncoderDlaOrPva) {
    EXPECT_EQ(poll_engines(fixture_path("orin-nano")), (std::vector<Eng>{{"APE", true, 200000000},
                                                                         {"NVDEC", false, kIdle},
                                                                         {"NVJPG", false, kIdle},
                                                                         {"NVJPG1", false, kIdle},
                                                                         {"OFA", false, kIdle},
                                                                         {"SE", false, kIdle},
                                                                         {"VIC", false, kIdle}}));
}

TEST(Engines, NoneOnThorAndX86) {
    for (std::string board : {"thor", "x86-pc"}) {
        auto source = make_engines_source();
        EXPECT_FALSE(source->discover(Root(fixture_path(board)))) << board;
        Sample sample;
        source->poll(sample);
        EXPECT_TRUE(sample.engines.empty()) << board;
        auto status = source->status();
        ASSERT_EQ(status.size(), 1u);
        EXPECT_EQ(status[0].state, SourceStatus::State::absent) << board;
    }
}

TEST(Engines, OnlineRule) {
    // An enable count is a reference count: 2 users means on (jtop's "== 1" reads it as off).
    EXPECT_EQ(engine_clock_online(2, 115200000, false), true);
    EXPECT_EQ(engine_clock_online(1, 0, false), true);
    EXPECT_EQ(engine_clock_online(0, 115200000, false), false);  // a gated clock keeps its rate
    EXPECT_EQ(engine_clock_online(0, 0, true), false);
    EXPECT_EQ(engine_clock_online(0, 1152000000, true), true);  // PVA runs with count 0
    EXPECT_EQ(engine_clock_online(std::nullopt, 1152000000, true), true);
    EXPECT_EQ(engine_clock_online(std::nullopt, 115200000, false), std::nullopt);
    EXPECT_EQ(engine_clock_online(-1, std::nullopt, false), std::nullopt);
}

TEST(Engines, ChangesBetweenPolls) {
    FixtureTree tree("agx-orin");
    auto source = make_engines_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    // NVENC starts with two users; PVA0 runs with enable count 0 (Orin); the BPMP rate wins
    // over the common-clock one, as in tegrastats.
    tree.write("/sys/kernel/debug/clk/nvenc/clk_enable_count", "2\n");
    tree.write("/sys/kernel/debug/bpmp/debug/clk/nvenc/rate", "729600000\n");
    tree.write("/sys/kernel/debug/clk/pva0_vps/clk_rate", "1152000000\n");
    // DLA0's core clock is off but its falcon clock is on: the engine is on.
    tree.write("/sys/kernel/debug/clk/dla0_falcon/clk_enable_count", "1\n");
    Sample sample;
    source->poll(sample);
    auto find = [&](const std::string& name) {
        for (const auto& e : sample.engines)
            if (e.name == name) return e;
        return EngineSample{};
    };
    EXPECT_EQ(find("NVENC").online, true);
    EXPECT_EQ(find("NVENC").freq_hz, 729600000);
    EXPECT_EQ(find("PVA0").online, true);
    EXPECT_EQ(find("PVA0").freq_hz, 1152000000);
    EXPECT_EQ(find("DLA0").online, true);
    EXPECT_EQ(find("DLA0").freq_hz, kIdle);
}

TEST(Engines, BadFilesAreAbsent) {
    FixtureTree tree("tx2");
    auto source = make_engines_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write("/sys/kernel/debug/clk/ape/clk_enable_count", "garbage\n");
    tree.write("/sys/kernel/debug/clk/ape/clk_rate", "-5\n");
    tree.write("/sys/kernel/debug/clk/vic/clk_enable_count", "");
    tree.write("/sys/kernel/debug/clk/vic/clk_rate", "18446744073709551615\n");
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.engines.size(), 6u);
    EXPECT_EQ(sample.engines[0].name, "APE");
    EXPECT_EQ(sample.engines[0].online, std::nullopt);
    EXPECT_EQ(sample.engines[0].freq_hz, std::nullopt);
    EXPECT_EQ(sample.engines[5].name, "VIC");
    EXPECT_EQ(sample.engines[5].online, std::nullopt);
    EXPECT_EQ(sample.engines[5].freq_hz, std::nullopt);
}

TEST(Engines, VanishedClockIsNotReported) {
    FixtureTree tree("nano");
    tree.remove("/sys/kernel/debug/clk/nvjpg");
    auto engines = poll_engines(tree.root());
    ASSERT_EQ(engines.size(), 5u);
    for (const auto& e : engines)
        EXPECT_NE(e.name, "NVJPG");
}

// The VIC's host1x device has a `load` file (per mille, tests/fixtures/notes/gpu.md); no other
// engine of any fixture has one.
std::vector<std::pair<std::string, std::optional<double>>> poll_loads(const std::string& root_dir) {
    auto source = make_engines_source();
    source->discover(Root(root_dir));
    Sample sample;
    source->poll(sample);
    std::vector<std::pair<std::string, std::optional<double>>> out;
    for (const auto& e : sample.engines)
        if (e.load_pct) out.emplace_back(e.name, e.load_pct);
    return out;
}

TEST(Engines, LoadFromTheEnginesDevfreqDevice) {
    using Loads = std::vector<std::pair<std::string, std::optional<double>>>;
    EXPECT_EQ(poll_loads(fixture_path("agx-orin")), (Loads{{"VIC", 31.0}}));
    for (std::string board : {"nano", "tx2", "xavier-nx", "agx-xavier", "orin-nano", "thor"})
        EXPECT_TRUE(poll_loads(fixture_path(board)).empty()) << board;
    auto source = make_engines_source();
    source->discover(Root(fixture_path("agx-orin")));
    auto status = source->status();
    ASSERT_EQ(status.size(), 2u);
    EXPECT_EQ(
        testing::describe(status[1]),
        "engines.load=found|/sys/devices/platform/13e40000.host1x/15340000.vic/load|VIC load");
}

TEST(Engines, LoadFollowsTheFileAndGarbageIsAbsent) {
    FixtureTree tree("agx-orin");
    auto source = make_engines_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    auto vic_load = [&] {
        Sample sample;
        source->poll(sample);
        return sample.engines.back().load_pct;
    };
    const std::string load = "/sys/devices/platform/13e40000.host1x/15340000.vic/load";
    tree.write(load, "1000\n");
    EXPECT_EQ(vic_load(), 100.0);
    tree.write(load, "0\n");
    EXPECT_EQ(vic_load(), 0.0);
    for (const char* bad : {"1001\n", "-1\n", "garbage\n", ""}) {
        tree.write(load, bad);
        EXPECT_EQ(vic_load(), std::nullopt) << bad;
    }
    EXPECT_EQ(engine_load_percent(555), 55.5);
    EXPECT_EQ(engine_load_percent(std::nullopt), std::nullopt);
}

TEST(Engines, EngineWithOnlyALoadFileIsListed) {
    // Without root the clocks are unreadable, but the load file is not debugfs.
    FixtureTree tree("agx-orin");
    tree.remove("/sys/kernel/debug");
    auto source = make_engines_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.engines.size(), 1u);
    EXPECT_EQ(sample.engines[0].name, "VIC");
    EXPECT_EQ(sample.engines[0].load_pct, 31.0);
    EXPECT_FALSE(sample.engines[0].online || sample.engines[0].freq_hz);
}

TEST(Engines, RootOnlyDebugfsNeedsRoot) {
    FixtureTree tree("agx-xavier");
    testing::deny(tree.path("/sys/kernel/debug"));
    auto result = testing::run_unprivileged(tree.root(), [&] {
        auto source = make_engines_source();
        std::string out = source->discover(Root(tree.root())) ? "found" : "none";
        Sample sample;
        source->poll(sample);
        out += " " + std::to_string(sample.engines.size());
        for (const auto& s : source->status())
            out += "\n" + testing::describe(s);
        return out;
    });
    if (!result) GTEST_SKIP() << "cannot drop privileges to test permissions";
    EXPECT_EQ(*result,
              "none 0\nengines=needs root|/sys/kernel/debug/clk|" + std::string(kDebugfsHint));
}

}  // namespace
}  // namespace edgetop
