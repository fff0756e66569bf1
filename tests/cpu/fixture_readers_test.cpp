// Every board's fixture read by the cpu, system and memory readers, field by field.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "sensors/core/source.hpp"
#include "sensors/cpu/cpu_sources.hpp"
#include "sensors/memory/memory_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using nlohmann::json;

Sample poll_board(const std::string& root_dir) {
    Root root(root_dir);
    SourcePtr sources[] = {make_cpu_freq_source(), make_cpu_stat_source(), make_system_source(),
                           make_memory_source()};
    Sample sample;
    for (auto& source : sources) {
        EXPECT_TRUE(source->discover(root)) << source->name();
        source->poll(sample);
    }
    return sample;
}

json expected_for(const std::string& board) {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/tests/e2e/expected/" + board +
                     "/cpu.json");
    return json::parse(in);
}

template <typename T>
void expect_value(const json& want, const std::optional<T>& got, const std::string& what) {
    if (want.is_null()) {
        EXPECT_FALSE(got.has_value()) << what;
    } else {
        ASSERT_TRUE(got.has_value()) << what;
        EXPECT_EQ(*got, want.get<T>()) << what;
    }
}

void expect_number(const json& want, const std::optional<double>& got, const std::string& what) {
    if (want.is_null()) {
        EXPECT_FALSE(got.has_value()) << what;
    } else {
        ASSERT_TRUE(got.has_value()) << what;
        EXPECT_DOUBLE_EQ(*got, want.get<double>()) << what;
    }
}

class FixtureReaders : public ::testing::TestWithParam<std::string> {};

TEST_P(FixtureReaders, MatchTheHandComputedValues) {
    const std::string board = GetParam();
    Sample s = poll_board(testing::fixture_path(board));
    json want = expected_for(board);

    const json& cores = want["cpu"]["cores"];
    ASSERT_EQ(s.cpu.cores.size(), cores.size());
    for (size_t i = 0; i < cores.size(); ++i) {
        const CoreSample& core = s.cpu.cores[i];
        const json& w = cores[i];
        std::string what = board + " cpu" + std::to_string(core.id);
        EXPECT_EQ(core.id, w["id"].get<int>()) << what;
        EXPECT_EQ(core.online, w["online"].get<bool>()) << what;
        expect_value<int64_t>(w["freq_khz"], core.freq_khz, what + " freq");
        expect_value<int64_t>(w["min_khz"], core.min_khz, what + " min");
        expect_value<int64_t>(w["max_khz"], core.max_khz, what + " max");
        expect_value<int64_t>(w["hw_max_khz"], core.hw_max_khz, what + " hw_max");
        expect_value<std::string>(w["governor"], core.governor, what + " governor");
        expect_value<int>(w["cluster"], core.cluster, what + " cluster");
        // One reading has ticks for online cores only, and no percentages yet.
        EXPECT_EQ(core.ticks.has_value(), core.online) << what;
        EXPECT_FALSE(core.util_pct.has_value()) << what;
    }
    EXPECT_TRUE(s.cpu.ticks.has_value());
    EXPECT_FALSE(s.cpu.util_pct.has_value());

    const json& sys = want["system"];
    expect_number(sys["uptime_s"], s.system.uptime_s, "uptime");
    expect_number(sys["load_1"], s.system.load_1, "load_1");
    expect_number(sys["load_5"], s.system.load_5, "load_5");
    expect_number(sys["load_15"], s.system.load_15, "load_15");
    expect_value<int64_t>(sys["procs_running"], s.system.procs_running, "procs_running");
    expect_value<int64_t>(sys["procs_blocked"], s.system.procs_blocked, "procs_blocked");
    EXPECT_TRUE(s.system.ctxt_total.has_value());
    EXPECT_FALSE(s.system.ctxt_per_s.has_value());

    const json& mem = want["mem"];
    expect_value<int64_t>(mem["total_kb"], s.mem.total_kb, "total");
    expect_value<int64_t>(mem["available_kb"], s.mem.available_kb, "available");
    expect_value<int64_t>(mem["used_kb"], s.mem.used_kb, "used");
    expect_value<int64_t>(mem["free_kb"], s.mem.free_kb, "free");
    expect_value<int64_t>(mem["buffers_kb"], s.mem.buffers_kb, "buffers");
    expect_value<int64_t>(mem["cached_kb"], s.mem.cached_kb, "cached");
    expect_value<int64_t>(mem["swap_total_kb"], s.mem.swap_total_kb, "swap_total");
    expect_value<int64_t>(mem["swap_used_kb"], s.mem.swap_used_kb, "swap_used");
    expect_value<int64_t>(mem["swap_cached_kb"], s.mem.swap_cached_kb, "swap_cached");
    expect_value<int64_t>(mem["gpu_shared_kb"], s.mem.gpu_shared_kb, "gpu_shared");
    expect_value<int64_t>(mem["lfb_blocks"], s.mem.lfb_blocks, "lfb_blocks");
    expect_value<int64_t>(mem["lfb_block_kb"], s.mem.lfb_block_kb, "lfb_block_kb");
}

INSTANTIATE_TEST_SUITE_P(Boards, FixtureReaders,
                         ::testing::Values("nano", "tx2", "xavier-nx", "agx-xavier", "agx-orin",
                                           "orin-nano", "thor", "x86-pc"),
                         [](const auto& info) {
                             std::string name = info.param;
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

// The same values, written out for the boards whose quirks matter, straight from the captures.

TEST(FixtureReaders, Tx2DenverCoresOfflineInMaxpCoreArm) {
    // tx2-putmotorsport: CPU [45%@2033,off,off,39%@2030,43%@2030,42%@2033], RAM 288/7860MB
    // (lfb 1808x4MB); sysfs-notes/tx2.md: online 0,3-5, A57 345600..2035200 kHz.
    Sample s = poll_board(testing::fixture_path("tx2"));
    ASSERT_EQ(s.cpu.cores.size(), 6u);
    for (int id : {1, 2}) {
        EXPECT_FALSE(s.cpu.cores[id].online);
        EXPECT_FALSE(s.cpu.cores[id].freq_khz.has_value());
        EXPECT_FALSE(s.cpu.cores[id].ticks.has_value());
        EXPECT_EQ(s.cpu.cores[id].cluster, 1);  // policy1: related_cpus "1 2"
    }
    for (int id : {0, 3, 4, 5}) {
        EXPECT_TRUE(s.cpu.cores[id].online);
        EXPECT_EQ(s.cpu.cores[id].cluster, 0);
        EXPECT_EQ(s.cpu.cores[id].min_khz, 345600);
        EXPECT_EQ(s.cpu.cores[id].max_khz, 2035200);
    }
    EXPECT_EQ(*s.mem.total_kb / 1024, 7860);
    EXPECT_EQ(s.mem.lfb_blocks, 1808);
    EXPECT_EQ(s.mem.lfb_block_kb, 4096);
    EXPECT_EQ(s.mem.swap_total_kb, 0);  // the capture has no SWAP field
    EXPECT_EQ(s.mem.swap_used_kb, 0);
    EXPECT_EQ(s.mem.gpu_shared_kb, 36864);  // NvMapMemUsed
}

TEST(FixtureReaders, ThorReportsScalingCurNotRootOnlyCpuinfoCur) {
    // NVIDIA forum 361188: scaling_cur_freq 972000 while cpuinfo_cur_freq (0400) reads 242000.
    Sample s = poll_board(testing::fixture_path("thor"));
    ASSERT_EQ(s.cpu.cores.size(), 14u);
    EXPECT_EQ(s.cpu.cores[13].freq_khz, 972000);
    EXPECT_EQ(s.cpu.cores[13].hw_max_khz, 2601000);
    EXPECT_EQ(s.cpu.cores[13].cluster, 13);
    EXPECT_FALSE(s.mem.gpu_shared_kb.has_value());  // no NvMapMemUsed, no nvmap debugfs
}

TEST(FixtureReaders, OrinNanoModeCapBelowHardwareMaxAndNvmapFromDebugfs) {
    // zainmk 15w: CPU 6 x 0%@1497, RAM 2557/7620MB (lfb 93x4MB) SWAP 2/3810MB;
    // sysfs-notes/orin-nano.md: lscpu max 1728 MHz.
    Sample s = poll_board(testing::fixture_path("orin-nano"));
    ASSERT_EQ(s.cpu.cores.size(), 6u);
    EXPECT_EQ(s.cpu.cores[5].max_khz, 1497600);
    EXPECT_EQ(s.cpu.cores[5].hw_max_khz, 1728000);
    EXPECT_EQ(s.cpu.cores[3].cluster, 0);
    EXPECT_EQ(s.cpu.cores[4].cluster, 4);
    EXPECT_EQ(s.mem.gpu_shared_kb, 1284652);  // "total ... 1284652K" of iovmm/clients
    EXPECT_EQ(*s.mem.swap_used_kb / 1024, 2);
    EXPECT_EQ(s.mem.lfb_blocks, 93);
}

TEST(FixtureReaders, X86Cpu0WithoutOnlineFileIsOnline) {
    testing::FixtureTree tree("x86-pc");
    ASSERT_TRUE(tree.read("/sys/devices/system/cpu/cpu0/online").empty());
    Sample s = poll_board(tree.root());
    ASSERT_EQ(s.cpu.cores.size(), 8u);
    EXPECT_TRUE(s.cpu.cores[0].online);
    EXPECT_EQ(s.cpu.cores[0].freq_khz, 1800124);
    EXPECT_EQ(s.cpu.cores[3].freq_khz, 3391775);  // intel_pstate: one policy per CPU
    EXPECT_EQ(s.cpu.cores[3].cluster, 3);
    EXPECT_EQ(s.cpu.cores[3].governor, "powersave");
    EXPECT_EQ(s.mem.lfb_blocks, 3 + 402 + 1219);  // order 10 of DMA + DMA32 + Normal
}

TEST(FixtureReaders, StatusNamesEveryInput) {
    Root root(testing::fixture_path("agx-orin"));
    SourcePtr sources[] = {make_cpu_freq_source(), make_cpu_stat_source(), make_system_source(),
                           make_memory_source()};
    std::map<std::string, SourceStatus> by_name;
    for (auto& source : sources) {
        ASSERT_TRUE(source->discover(root));
        for (auto& st : source->status())
            by_name[st.name] = st;
    }
    for (const char* name : {"cpu.cores", "cpu.freq", "cpu.stat", "system.uptime", "system.loadavg",
                             "memory", "memory.lfb", "memory.nvmap"}) {
        ASSERT_TRUE(by_name.count(name)) << name;
        EXPECT_EQ(by_name[name].state, SourceStatus::State::found) << name;
    }
    EXPECT_EQ(by_name["memory.nvmap"].path, "/proc/meminfo");  // NvMapMemUsed on JetPack 5
    EXPECT_EQ(by_name["cpu.stat"].path, "/proc/stat");
}

}  // namespace
}  // namespace edgetop
