#include "sensors/gpu/gpu_devfreq.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "gpu/gpu_test_support.hpp"
#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

std::vector<GpuSample> poll_gpus(const std::string& root_dir, Source& source) {
    EXPECT_TRUE(source.discover(Root(root_dir)));
    Sample sample;
    source.poll(sample);
    return sample.gpu;
}

std::vector<GpuSample> poll_board(const std::string& board) {
    auto source = make_gpu_source();
    return poll_gpus(fixture_path(board), *source);
}

struct ExpectedGpu {
    std::string board;
    std::string name;
    std::optional<double> load_pct;
    int64_t freq_hz, min_hz, max_hz, hw_max_hz;
    size_t table_size;
    std::optional<bool> railgate, scaling_3d;
    std::optional<int64_t> tpc_pg_mask;
    std::string devfreq_path;
};

class GpuPerBoard : public ::testing::TestWithParam<ExpectedGpu> {};

TEST_P(GpuPerBoard, ReadsEveryFieldOfTheCapture) {
    const auto& want = GetParam();
    auto gpus = poll_board(want.board);
    ASSERT_EQ(gpus.size(), 1u);
    const auto& gpu = gpus[0];
    EXPECT_EQ(gpu.name, want.name);
    EXPECT_EQ(gpu.load_pct, want.load_pct);
    EXPECT_EQ(gpu.freq_hz, want.freq_hz);
    EXPECT_EQ(gpu.min_hz, want.min_hz);
    EXPECT_EQ(gpu.max_hz, want.max_hz);
    EXPECT_EQ(gpu.hw_max_hz, want.hw_max_hz);
    EXPECT_EQ(gpu.available_hz.size(), want.table_size);
    EXPECT_EQ(gpu.governor, "nvhost_podgov");
    EXPECT_EQ(gpu.railgate_enabled, want.railgate);
    EXPECT_EQ(gpu.scaling_3d_enabled, want.scaling_3d);
    EXPECT_EQ(gpu.tpc_pg_mask, want.tpc_pg_mask);

    auto source = make_gpu_source();
    source->discover(Root(fixture_path(want.board)));
    auto devfreq = testing::statuses_named(source->status(), "gpu.devfreq");
    ASSERT_EQ(devfreq.size(), 1u);
    EXPECT_EQ(devfreq[0].state, SourceStatus::State::found);
    EXPECT_EQ(devfreq[0].path, want.devfreq_path);
}

// Values: tegrastats GR3D_FREQ x%@MHz of each board's capture (load per-mille = 10 x %), the
// devfreq table and nvpmodel caps of that board; see tests/fixtures/notes/gpu.md.
INSTANTIATE_TEST_SUITE_P(
    Boards, GpuPerBoard,
    ::testing::Values(
        ExpectedGpu{"nano", "gpu", 0.0, 76800000, 76800000, 921600000, 921600000, 12, true, true,
                    std::nullopt, "/sys/devices/57000000.gpu/devfreq/57000000.gpu"},
        ExpectedGpu{"tx2", "gp10b", 0.0, 140250000, 140250000, 1122000000, 1300500000, 14, true,
                    true, std::nullopt, "/sys/devices/17000000.gp10b/devfreq/17000000.gp10b"},
        ExpectedGpu{"xavier-nx", "gv11b", 0.0, 1109250000, 114750000, 1109250000, 1109250000, 15,
                    true, true, 1, "/sys/devices/platform/17000000.gv11b/devfreq/17000000.gv11b"},
        ExpectedGpu{"agx-xavier", "gv11b", 36.0, 1377000000, 318750000, 1377000000, 1377000000, 14,
                    true, true, 0, "/sys/devices/platform/17000000.gv11b/devfreq/17000000.gv11b"},
        ExpectedGpu{"agx-orin", "ga10b", 0.0, 1300500000, 114750000, 1300500000, 1300500000, 13,
                    true, true, 0, "/sys/devices/platform/17000000.ga10b/devfreq/17000000.ga10b"},
        ExpectedGpu{"orin-nano", "gpu", 0.0, 612000000, 306000000, 612000000, 1020000000, 8, true,
                    true, 0, "/sys/devices/platform/bus@0/17000000.gpu/devfreq/17000000.gpu"}),
    [](const auto& info) {
        std::string name = info.param.board;
        for (auto& c : name)
            if (c == '-') c = '_';
        return name;
    });

// AGX Orin's two GPCs: debugfs nafll_gpc0/1 pto_counter (Hz), read as root; the GPU stays one.
TEST(GpuDevfreq, AgxOrinGpcClocksFromDebugfs) {
    FixtureTree tree("agx-orin");
    tree.write("/sys/kernel/debug/bpmp/debug/clk/nafll_gpc1/pto_counter", "0\n");  // gated
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 1u);
    ASSERT_EQ(gpus[0].gpc.size(), 2u);
    EXPECT_EQ(gpus[0].gpc[0].id, 0);
    EXPECT_EQ(gpus[0].gpc[0].freq_hz, 1300500000);
    EXPECT_EQ(gpus[0].gpc[1].id, 1);
    EXPECT_EQ(gpus[0].gpc[1].freq_hz, 0);
    EXPECT_EQ(gpus[0].freq_hz, 1300500000);  // devfreq's cur_freq, not replaced
}

// Without debugfs (not root) there is no GPC list; garbage in a counter is an absent clock.
TEST(GpuDevfreq, GpcClocksAbsentOrUnreadable) {
    FixtureTree tree("agx-orin");
    tree.remove("/sys/kernel/debug/bpmp/debug/clk/nafll_gpc0");
    tree.write("/sys/kernel/debug/bpmp/debug/clk/nafll_gpc1/pto_counter", "garbage\n");
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 1u);
    ASSERT_EQ(gpus[0].gpc.size(), 1u);
    EXPECT_EQ(gpus[0].gpc[0].id, 1);
    EXPECT_EQ(gpus[0].gpc[0].freq_hz, std::nullopt);
    EXPECT_TRUE(poll_board("orin-nano")[0].gpc.empty());
}

TEST(GpuDevfreq, ThorGpcNodeHasFrequencyButNoLoad) {
    auto source = make_gpu_source();
    auto gpus = poll_gpus(fixture_path("thor"), *source);
    // gpu-nvd-0 (video decoder clock) and bwmgr (memory) are devfreq nodes too, but not GPUs.
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].name, "gpu-gpc-0");
    EXPECT_EQ(gpus[0].load_pct, std::nullopt);
    EXPECT_EQ(gpus[0].freq_hz, 918000000);
    EXPECT_EQ(gpus[0].min_hz, 306000000);
    EXPECT_EQ(gpus[0].max_hz, 1575000000);
    EXPECT_EQ(gpus[0].hw_max_hz, 1575000000);
    EXPECT_EQ(gpus[0].railgate_enabled, std::nullopt);
    EXPECT_EQ(gpus[0].scaling_3d_enabled, std::nullopt);
    EXPECT_EQ(gpus[0].tpc_pg_mask, std::nullopt);
    ASSERT_EQ(gpus[0].gpc.size(), 1u);  // the node is GPC 0's clock domain
    EXPECT_EQ(gpus[0].gpc[0].id, 0);
    EXPECT_EQ(gpus[0].gpc[0].freq_hz, 918000000);
    auto load = testing::statuses_named(source->status(), "gpu.load");
    ASSERT_EQ(load.size(), 1u);
    EXPECT_EQ(load[0].state, SourceStatus::State::absent);
    EXPECT_EQ(load[0].path, "/sys/devices/pci0000:00/0000:00:00.0/0000:01:00.0/load");
}

TEST(GpuDevfreq, NonGpuDevfreqNodesAreIgnored) {
    // agx-orin also has the VIC's devfreq node (of_node name "vic").
    auto gpus = poll_board("agx-orin");
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].name, "ga10b");
}

TEST(GpuDevfreq, NoGpuOnX86AndDiscoverReportsNothingFound) {
    auto source = make_gpu_source();
    EXPECT_FALSE(source->discover(Root(fixture_path("x86-pc"))));
    Sample sample;
    source->poll(sample);
    EXPECT_TRUE(sample.gpu.empty());
    auto status = source->status();
    ASSERT_EQ(status.size(), 1u);
    EXPECT_EQ(status[0].name, "gpu.devfreq");
    EXPECT_EQ(status[0].state, SourceStatus::State::absent);
}

TEST(GpuDevfreq, LoadIsPerMilleAndFollowsTheFile) {
    FixtureTree tree("orin-nano");
    auto source = make_gpu_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    const std::string load = "/sys/devices/platform/bus@0/17000000.gpu/load";
    for (auto [text, want] : std::vector<std::pair<std::string, double>>{
             {"1000\n", 100.0}, {"0\n", 0.0}, {"5\n", 0.5}, {"999", 99.9}}) {
        tree.write(load, text);
        Sample sample;
        source->poll(sample);
        ASSERT_EQ(sample.gpu.size(), 1u);
        EXPECT_EQ(sample.gpu[0].load_pct, want) << text;
    }
}

TEST(GpuDevfreq, BadLoadIsAbsentNeverZero) {
    FixtureTree tree("orin-nano");
    auto source = make_gpu_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    const std::string load = "/sys/devices/platform/bus@0/17000000.gpu/load";
    for (std::string text : {"", "\n", "garbage\n", "-10\n", "1001\n", "99999999999999999999\n",
                             "46.0\n", "460 460\n"}) {
        tree.write(load, text);
        Sample sample;
        source->poll(sample);
        ASSERT_EQ(sample.gpu.size(), 1u);
        EXPECT_EQ(sample.gpu[0].load_pct, std::nullopt) << "'" << text << "'";
        // The rest of the GPU still reads.
        EXPECT_EQ(sample.gpu[0].freq_hz, 612000000);
    }
}

TEST(GpuDevfreq, VanishedLoadFileIsAbsent) {
    FixtureTree tree("xavier-nx");
    tree.remove("/sys/devices/platform/17000000.gv11b/load");
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].load_pct, std::nullopt);
    EXPECT_EQ(gpus[0].freq_hz, 1109250000);
    auto load = testing::statuses_named(source->status(), "gpu.load");
    ASSERT_EQ(load.size(), 1u);
    EXPECT_EQ(load[0].state, SourceStatus::State::absent);
}

TEST(GpuDevfreq, BadFrequenciesAndFlagsAreAbsent) {
    FixtureTree tree("agx-xavier");
    const std::string dev = "/sys/devices/platform/17000000.gv11b";
    const std::string freq = dev + "/devfreq/17000000.gv11b";
    tree.write(freq + "/cur_freq", "-1\n");
    tree.write(freq + "/min_freq", "0\n");
    tree.write(freq + "/max_freq", "");
    tree.write(freq + "/governor", "\n");
    tree.write(freq + "/available_frequencies", "abc -5 0 318750000\n");
    tree.write(dev + "/railgate_enable", "2\n");
    tree.write(dev + "/enable_3d_scaling", "yes\n");
    tree.write(dev + "/tpc_pg_mask", "-1\n");
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].freq_hz, std::nullopt);
    EXPECT_EQ(gpus[0].min_hz, std::nullopt);
    EXPECT_EQ(gpus[0].max_hz, std::nullopt);
    EXPECT_EQ(gpus[0].governor, std::nullopt);
    EXPECT_EQ(gpus[0].available_hz, std::vector<int64_t>{318750000});
    EXPECT_EQ(gpus[0].hw_max_hz, 318750000);
    EXPECT_EQ(gpus[0].railgate_enabled, std::nullopt);
    EXPECT_EQ(gpus[0].scaling_3d_enabled, std::nullopt);
    EXPECT_EQ(gpus[0].tpc_pg_mask, std::nullopt);
    EXPECT_EQ(gpus[0].load_pct, 36.0);
}

TEST(GpuDevfreq, TpcPgMaskIsAMaskNotABool) {
    // AGX Orin MODE_15W writes TPC_PG_MASK 248 (agx-orin.conf).
    FixtureTree tree("agx-orin");
    tree.write("/sys/devices/platform/17000000.ga10b/tpc_pg_mask", "248\n");
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].tpc_pg_mask, 248);
}

TEST(GpuDevfreq, WithoutEnable3dScalingOnlyThatFieldIsAbsent) {
    // JetPack 7 on Orin drops enable_3d_scaling.
    FixtureTree tree("orin-nano");
    tree.remove("/sys/devices/platform/bus@0/17000000.gpu/enable_3d_scaling");
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].scaling_3d_enabled, std::nullopt);
    EXPECT_EQ(gpus[0].railgate_enabled, true);
    EXPECT_EQ(gpus[0].load_pct, 0.0);
}

TEST(GpuDevfreq, FrequencyChangesAreSeenWithoutRediscovery) {
    FixtureTree tree("nano");
    auto source = make_gpu_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write("/sys/devices/57000000.gpu/devfreq/57000000.gpu/cur_freq", "153600000\n");
    tree.write("/sys/devices/57000000.gpu/load", "50\n");
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.gpu.size(), 1u);
    EXPECT_EQ(sample.gpu[0].freq_hz, 153600000);
    EXPECT_EQ(sample.gpu[0].load_pct, 5.0);
}

void add_orin_jp6_gpu(const FixtureTree& tree, const std::string& unit, const std::string& load) {
    const std::string dev = "/sys/devices/platform/bus@0/" + unit + ".gpu";
    const std::string freq = dev + "/devfreq/" + unit + ".gpu";
    const std::string dt = "/sys/firmware/devicetree/base/bus@0/gpu@" + unit;
    tree.write(dt + "/name", std::string("gpu\0", 4));
    tree.symlink(dev + "/of_node", dt);
    tree.write(dev + "/load", load);
    tree.write(freq + "/cur_freq", "306000000\n");
    tree.write(freq + "/available_frequencies", "306000000 612000000\n");
    tree.symlink(freq + "/device", dev);
    tree.symlink("/sys/class/devfreq/" + unit + ".gpu", freq);
}

TEST(GpuDevfreq, NodeAppearingAfterStartIsFoundOnRediscovery) {
    FixtureTree tree("x86-pc");
    auto source = make_gpu_source();
    Root root(tree.root());
    EXPECT_FALSE(source->discover(root));
    add_orin_jp6_gpu(tree, "17000000", "250\n");
    ASSERT_TRUE(source->discover(root));
    Sample sample;
    source->poll(sample);
    ASSERT_EQ(sample.gpu.size(), 1u);
    EXPECT_EQ(sample.gpu[0].name, "gpu");
    EXPECT_EQ(sample.gpu[0].load_pct, 25.0);
    EXPECT_EQ(sample.gpu[0].freq_hz, 306000000);
}

TEST(GpuDevfreq, SeveralGpusAreAllReportedInNaturalOrder) {
    FixtureTree tree("orin-nano");
    add_orin_jp6_gpu(tree, "27000000", "100\n");
    auto source = make_gpu_source();
    auto gpus = poll_gpus(tree.root(), *source);
    ASSERT_EQ(gpus.size(), 2u);
    EXPECT_EQ(gpus[0].load_pct, 0.0);
    EXPECT_EQ(gpus[1].load_pct, 10.0);
    EXPECT_EQ(testing::statuses_named(source->status(), "gpu.devfreq").size(), 2u);
}

TEST(GpuDevfreq, UnreadableLoadNeedsRootAndIsAbsent) {
    FixtureTree tree("agx-orin");
    const std::string load = "/sys/devices/platform/17000000.ga10b/load";
    std::filesystem::permissions(tree.path(load), std::filesystem::perms::none);
    auto result = testing::run_unprivileged(tree.root(), [&] {
        auto source = make_gpu_source();
        std::string out = source->discover(Root(tree.root())) ? "found" : "none";
        Sample sample;
        source->poll(sample);
        out += sample.gpu.size() == 1 && !sample.gpu[0].load_pct && sample.gpu[0].freq_hz
                   ? " load-absent freq-present"
                   : " wrong-values";
        for (const auto& s : testing::statuses_named(source->status(), "gpu.load"))
            out += "\n" + testing::describe(s);
        return out;
    });
    if (!result) GTEST_SKIP() << "cannot drop privileges to test permissions";
    EXPECT_NE(result->find("found load-absent freq-present"), std::string::npos) << *result;
    EXPECT_NE(result->find("gpu.load=needs root|" + load + "|"), std::string::npos) << *result;
}

TEST(GpuNames, KnownOfNodeNamesAndGpcNodes) {
    for (std::string_view name : {"gv11b", "gp10b", "ga10b", "gb10b", "gpu", "igpu"})
        EXPECT_TRUE(is_gpu_of_node_name(name)) << name;
    for (std::string_view name : {"vic", "nvdec", "emc", ""})
        EXPECT_FALSE(is_gpu_of_node_name(name)) << name;
    EXPECT_TRUE(is_gpu_devfreq_name("gpu-gpc-0"));
    EXPECT_FALSE(is_gpu_devfreq_name("gpu-nvd-0"));
    EXPECT_FALSE(is_gpu_devfreq_name("bwmgr"));
}

TEST(GpuNames, FrequencyListParsing) {
    EXPECT_EQ(parse_frequency_list("76800000 153600000\n"),
              (std::vector<int64_t>{76800000, 153600000}));
    EXPECT_EQ(parse_frequency_list("  306000000  x 0 -1 612000000 "),
              (std::vector<int64_t>{306000000, 612000000}));
    EXPECT_TRUE(parse_frequency_list("").empty());
}

}  // namespace
}  // namespace edgetop
