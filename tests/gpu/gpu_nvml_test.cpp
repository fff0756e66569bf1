// NVML through the stand-in libnvidia-ml.so.1: a discrete GPU's values, Thor's devfreq GPU
// completed by NVML, Orin's NOT_SUPPORTED answers leaving devfreq alone (and asked again), the
// GPU memory of each process, and libraries that fail: none of them crashes or invents a value.
#include "sensors/gpu/gpu_nvml.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>

#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "support/fixture_tree.hpp"
#include "support/nvml_stub.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::kDiscreteGpuScript;
using testing::kNvmlStub;
using testing::kNvmlStubLacking;
using testing::kNvmlStubOlder;
using testing::NvmlScript;

class GpuNvml : public ::testing::Test {
  protected:
    void SetUp() override {
#ifdef EDGETOP_STATIC
        GTEST_SKIP() << "the static build has no NVML";
#endif
    }
};

// One sample of a board the way the sampler takes it: devfreq first, then NVML.
Sample poll(const std::string& board, Source& gpu, Source& nvml) {
    Root root(fixture_path(board));
    gpu.discover(root);
    Sample sample;
    gpu.poll(sample);
    nvml.poll(sample);
    return sample;
}

std::optional<SourceStatus> nvml_status(const std::vector<SourceStatus>& all) {
    for (const auto& s : all)
        if (s.name == "gpu.nvml") return s;
    return std::nullopt;
}

TEST_F(GpuNvml, ADiscreteGpuIsAGpuWithEveryNvmlValueInItsUnits) {
    NvmlScript script(kDiscreteGpuScript);
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    Sample s = poll("x86-pc", *gpu, *nvml);
    ASSERT_EQ(s.gpu.size(), 1u);
    const GpuSample& g = s.gpu[0];
    EXPECT_EQ(g.name, "NVIDIA RTX A2000 12GB");
    EXPECT_EQ(g.source, "nvml");
    EXPECT_EQ(g.load_pct, 37);
    EXPECT_EQ(g.mem_util_pct, 12);
    EXPECT_EQ(g.freq_hz, 1200000000);
    EXPECT_EQ(g.hw_max_hz, 2100000000);
    EXPECT_EQ(g.mem_freq_hz, 6001000000);
    EXPECT_EQ(g.mem_max_hz, 6001000000);
    EXPECT_EQ(g.temp_c, 54);
    EXPECT_EQ(g.power_mw, 41230);
    EXPECT_EQ(g.power_limit_mw, 70000);
    EXPECT_EQ(g.mem_total_kb, 12582912);  // 12 GiB
    EXPECT_EQ(g.mem_used_kb, 3145728);    // 3 GiB
    EXPECT_FALSE(g.min_hz);               // devfreq's bounds: NVML has none
    EXPECT_FALSE(g.governor);
    auto status = nvml_status(nvml->status());
    ASSERT_TRUE(status);
    EXPECT_EQ(status->state, SourceStatus::State::found);
    EXPECT_EQ(status->path, kNvmlStub);
    EXPECT_EQ(status->hint, "NVIDIA RTX A2000 12GB");
}

TEST_F(GpuNvml, EachPollReadsTheValuesAgain) {
    NvmlScript script(kDiscreteGpuScript);
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    EXPECT_EQ(poll("x86-pc", *gpu, *nvml).gpu.at(0).load_pct, 37);
    script.rewrite("count 1\n0 name NVIDIA RTX A2000 12GB\n0 util 91 40\n0 temp 61\n");
    Sample s = poll("x86-pc", *gpu, *nvml);
    EXPECT_EQ(s.gpu.at(0).load_pct, 91);
    EXPECT_EQ(s.gpu.at(0).temp_c, 61);
    EXPECT_FALSE(s.gpu.at(0).power_mw);  // no longer answered: absent, not the old value
}

TEST_F(GpuNvml, TwoBoardsOfOneModelHaveTwoNames) {
    NvmlScript script("count 2\n0 name NVIDIA L4\n1 name NVIDIA L4\n0 util 5 1\n1 util 80 30\n");
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    Sample s = poll("x86-pc", *gpu, *nvml);
    ASSERT_EQ(s.gpu.size(), 2u);
    EXPECT_EQ(s.gpu[0].name, "NVIDIA L4 #0");
    EXPECT_EQ(s.gpu[1].name, "NVIDIA L4 #1");
    EXPECT_EQ(s.gpu[1].load_pct, 80);
}

// Thor: the devfreq node has no load file; NVML gives the load of that same GPU.
TEST_F(GpuNvml, OnThorNvmlCompletesTheDevfreqGpuInsteadOfAddingOne) {
    NvmlScript script(
        "count 1\n0 name NVIDIA Thor\n0 util 42 7\n0 clock 0 1386\n0 maxclock 0 1575\n"
        "0 temp 47\n0 power 9120\n");
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("thor"))));
    auto gpu = make_gpu_source();
    Sample s = poll("thor", *gpu, *nvml);
    ASSERT_EQ(s.gpu.size(), 1u);
    const GpuSample& g = s.gpu[0];
    EXPECT_EQ(g.name, "gpu-gpc-0");
    EXPECT_EQ(g.source, "devfreq+nvml");
    EXPECT_EQ(g.load_pct, 42);               // from NVML: devfreq has none on Thor
    EXPECT_EQ(g.freq_hz, 918000000);         // devfreq's own reading stays
    EXPECT_EQ(g.min_hz, 306000000);          // and its bounds
    EXPECT_EQ(g.governor, "nvhost_podgov");  // and its governor
    EXPECT_EQ(g.temp_c, 47);
    EXPECT_EQ(g.power_mw, 9120);
    EXPECT_EQ(g.mem_util_pct, 7);
}

// Orin on JetPack 7: NVML lists the GPU and answers NOT_SUPPORTED to everything.
TEST_F(GpuNvml, NotSupportedAnswersLeaveTheDevfreqGpuAsItWas) {
    NvmlScript script("count 1\n0 name Orin (nvgpu)\n");
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("agx-orin"))));
    auto gpu = make_gpu_source();
    Sample with = poll("agx-orin", *gpu, *nvml);
    Sample without;
    gpu->poll(without);
    ASSERT_EQ(with.gpu.size(), 1u);
    const GpuSample& g = with.gpu[0];
    EXPECT_EQ(g.source, "devfreq");
    EXPECT_EQ(g.load_pct, without.gpu[0].load_pct);
    EXPECT_EQ(g.freq_hz, 1300500000);
    EXPECT_FALSE(g.temp_c);
    EXPECT_FALSE(g.power_mw);
}

TEST_F(GpuNvml, ADeviceThatAnsweredNothingIsAskedAgainNotLatched) {
    NvmlScript script("count 1\n0 name NVIDIA Thor\n");
    auto nvml = make_nvml_source(kNvmlStub, std::chrono::seconds(0));
    ASSERT_TRUE(nvml->discover(Root(fixture_path("thor"))));
    auto gpu = make_gpu_source();
    Sample before = poll("thor", *gpu, *nvml);
    EXPECT_FALSE(before.gpu.at(0).load_pct);  // never 0 %: absent
    EXPECT_EQ(before.gpu.at(0).source, "devfreq");
    script.rewrite("count 1\n0 name NVIDIA Thor\n0 util 63 9\n");
    Sample after = poll("thor", *gpu, *nvml);
    EXPECT_EQ(after.gpu.at(0).load_pct, 63);
    EXPECT_EQ(after.gpu.at(0).source, "devfreq+nvml");
}

TEST_F(GpuNvml, ADeviceThatAnsweredNothingWaitsBeforeTheNextRound) {
    NvmlScript script("count 1\n0 name NVIDIA Thor\n");
    auto nvml = make_nvml_source(kNvmlStub, std::chrono::seconds(3600));
    ASSERT_TRUE(nvml->discover(Root(fixture_path("thor"))));
    auto gpu = make_gpu_source();
    poll("thor", *gpu, *nvml);
    script.rewrite("count 1\n0 name NVIDIA Thor\n0 util 63 9\n");
    EXPECT_FALSE(poll("thor", *gpu, *nvml).gpu.at(0).load_pct);  // not asked within the hour
}

TEST_F(GpuNvml, ProcessesGetTheGpuMemoryNvmlListsForThem) {
    NvmlScript script(kDiscreteGpuScript + "0 compute 4444 -1\n");
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    Sample s;
    s.procs = ProcsSample{};
    for (int pid : {1, 4242, 4343, 4444}) {
        ProcessSample p;
        p.pid = pid;
        p.gpu = false;
        s.procs->all.push_back(p);
    }
    s.procs->top = {s.procs->all[1], s.procs->all[0]};
    nvml->poll(s);
    const auto& all = s.procs->all;
    EXPECT_FALSE(all[0].gpu_mem_kb);
    EXPECT_EQ(all[0].gpu, false);
    // In both lists: counted once, the larger figure (2 GiB), not 3 GiB.
    EXPECT_EQ(all[1].gpu_mem_kb, 2097152);
    EXPECT_EQ(all[1].gpu, true);
    EXPECT_EQ(all[2].gpu_mem_kb, 262144);
    EXPECT_FALSE(all[3].gpu_mem_kb);  // NVML_VALUE_NOT_AVAILABLE
    EXPECT_EQ(all[3].gpu, true);
    EXPECT_EQ(s.procs->top[0].gpu_mem_kb, 2097152);
    EXPECT_FALSE(s.procs->top[1].gpu_mem_kb);
}

TEST_F(GpuNvml, ALibraryThatFailsInitIsAbsentAndSaysWhy) {
    NvmlScript script("init 9\ncount 1\n0 name NVIDIA L4\n");
    auto nvml = make_nvml_source(kNvmlStub);
    EXPECT_FALSE(nvml->discover(Root(fixture_path("x86-pc"))));
    Sample s;
    nvml->poll(s);
    EXPECT_TRUE(s.gpu.empty());
    auto status = nvml_status(nvml->status());
    ASSERT_TRUE(status);
    EXPECT_EQ(status->state, SourceStatus::State::absent);
    EXPECT_EQ(status->hint, "nvmlInit_v2 failed: the NVIDIA driver is not loaded");
}

TEST_F(GpuNvml, ALibraryLackingAnEntryPointIsAbsentAndSaysWhich) {
    NvmlScript script(kDiscreteGpuScript);
    auto nvml = make_nvml_source(kNvmlStubLacking);
    EXPECT_FALSE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto status = nvml_status(nvml->status());
    ASSERT_TRUE(status);
    EXPECT_EQ(status->state, SourceStatus::State::absent);
    EXPECT_EQ(status->hint, kNvmlStubLacking + " lacks nvmlDeviceGetUtilizationRates");
}

TEST_F(GpuNvml, NoLibraryIsAbsentAndSaysTheLoadersReason) {
    auto nvml = make_nvml_source("/nonexistent/libnvidia-ml.so.1");
    EXPECT_FALSE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto status = nvml_status(nvml->status());
    ASSERT_TRUE(status);
    EXPECT_EQ(status->state, SourceStatus::State::absent);
    EXPECT_NE(status->hint.find("No such file"), std::string::npos) << status->hint;
}

TEST_F(GpuNvml, ALibraryWithoutDevicesIsAbsent) {
    NvmlScript script("count 0\n");
    auto nvml = make_nvml_source(kNvmlStub);
    EXPECT_FALSE(nvml->discover(Root(fixture_path("x86-pc"))));
    EXPECT_EQ(nvml_status(nvml->status())->hint, "NVML lists no GPU");
}

// The driver goes away between two samples: every call answers GPU_IS_LOST from then on.
TEST_F(GpuNvml, ALibraryThatStartsFailingLeavesTheValuesAbsent) {
    NvmlScript script(kDiscreteGpuScript);
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    EXPECT_EQ(poll("x86-pc", *gpu, *nvml).gpu.at(0).load_pct, 37);
    script.rewrite("fail 15\n");
    Sample s = poll("x86-pc", *gpu, *nvml);
    ASSERT_EQ(s.gpu.size(), 1u);
    const GpuSample& g = s.gpu[0];
    EXPECT_EQ(g.name, "NVIDIA RTX A2000 12GB");
    EXPECT_FALSE(g.load_pct);
    EXPECT_FALSE(g.freq_hz);
    EXPECT_FALSE(g.temp_c);
    EXPECT_FALSE(g.mem_used_kb);
}

const EngineSample* engine_named(const Sample& s, const std::string& name) {
    for (const auto& e : s.engines)
        if (e.name == name) return &e;
    return nullptr;
}

TEST_F(GpuNvml, ADiscreteGpusVideoEnginesAreEnginesNamedAfterItsIndex) {
    NvmlScript script(kDiscreteGpuScript);
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    Sample s = poll("x86-pc", *gpu, *nvml);
    ASSERT_EQ(s.engines.size(), 2u);  // JPEG and OFA answer NOT_SUPPORTED: no entry
    EXPECT_EQ(s.engines[0].name, "GPU0 NVENC");
    EXPECT_EQ(s.engines[0].load_pct, 23);
    EXPECT_EQ(s.engines[0].load_period_s, 0.166666);
    EXPECT_FALSE(s.engines[0].online);  // NVML says nothing of the engine's clock
    EXPECT_FALSE(s.engines[0].freq_hz);
    EXPECT_EQ(s.engines[1].name, "GPU0 NVDEC");
    EXPECT_EQ(s.engines[1].load_pct, 41);
}

TEST_F(GpuNvml, TwoGpusEnginesKeepTheirOwnNamesAndAnsweredEnginesOnly) {
    NvmlScript script(
        "count 2\n0 name NVIDIA L4\n1 name NVIDIA L4\n0 util 5 1\n1 util 80 30\n"
        "0 enc 0 166666\n0 jpg 12 166666\n1 enc 77 1000000\n1 dec !15\n1 ofa 250 166666\n");
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    Sample s = poll("x86-pc", *gpu, *nvml);
    ASSERT_EQ(s.engines.size(), 3u);
    ASSERT_TRUE(engine_named(s, "GPU0 NVENC"));
    EXPECT_EQ(engine_named(s, "GPU0 NVENC")->load_pct, 0);  // idle: 0 %, not absent
    EXPECT_EQ(engine_named(s, "GPU0 NVJPG")->load_pct, 12);
    ASSERT_TRUE(engine_named(s, "GPU1 NVENC"));
    EXPECT_EQ(engine_named(s, "GPU1 NVENC")->load_pct, 77);
    EXPECT_EQ(engine_named(s, "GPU1 NVENC")->load_period_s, 1.0);
    EXPECT_FALSE(engine_named(s, "GPU1 NVDEC"));  // GPU_IS_LOST
    EXPECT_FALSE(engine_named(s, "GPU1 OFA"));    // 250 %: not a load
}

// Thor: the engine clocks list NVENC and NVDEC (NVDEC with a kernel load file); NVML gives the
// loads the SoC's engines lack and the engines the clocks did not list.
TEST_F(GpuNvml, OnThorNvmlCompletesTheSocsEnginesInsteadOfAddingOthers) {
    NvmlScript script(
        "count 1\n0 name NVIDIA Thor\n0 util 42 7\n0 enc 35 166666\n0 dec 60 166666\n"
        "0 jpg 8 166666\n0 ofa 0 166666\n");
    auto nvml = make_nvml_source(kNvmlStub);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("thor"))));
    auto gpu = make_gpu_source();
    Root root(fixture_path("thor"));
    gpu->discover(root);
    Sample s;
    gpu->poll(s);
    EngineSample nvenc, nvdec;
    nvenc.name = "NVENC", nvenc.online = true, nvenc.freq_hz = 1164000000;
    nvdec.name = "NVDEC", nvdec.online = true, nvdec.freq_hz = 1164000000, nvdec.load_pct = 55;
    s.engines = {nvenc, nvdec};
    nvml->poll(s);
    ASSERT_EQ(s.engines.size(), 4u);
    EXPECT_EQ(s.engines[0].name, "NVENC");
    EXPECT_EQ(s.engines[0].load_pct, 35);
    EXPECT_EQ(s.engines[0].load_period_s, 0.166666);
    EXPECT_EQ(s.engines[0].freq_hz, 1164000000);  // the clock's reading stays
    EXPECT_EQ(s.engines[1].load_pct, 55);         // the kernel's load stays
    EXPECT_FALSE(s.engines[1].load_period_s);
    EXPECT_EQ(s.engines[2].name, "NVJPG");
    EXPECT_EQ(s.engines[2].load_pct, 8);
    EXPECT_EQ(s.engines[3].name, "OFA");
    EXPECT_EQ(s.engines[3].load_pct, 0);
}

// A driver from before the JPEG and OFA queries: the library is used, with the loads it has.
TEST_F(GpuNvml, ALibraryWithoutTheJpegAndOfaQueriesIsUsedWithoutThoseLoads) {
    NvmlScript script(kDiscreteGpuScript + "0 jpg 12 166666\n0 ofa 3 166666\n");
    auto nvml = make_nvml_source(kNvmlStubOlder);
    ASSERT_TRUE(nvml->discover(Root(fixture_path("x86-pc"))));
    auto gpu = make_gpu_source();
    Sample s = poll("x86-pc", *gpu, *nvml);
    EXPECT_EQ(s.gpu.at(0).load_pct, 37);
    ASSERT_EQ(s.engines.size(), 2u);
    EXPECT_EQ(s.engines[0].name, "GPU0 NVENC");
    EXPECT_EQ(s.engines[1].name, "GPU0 NVDEC");
    EXPECT_EQ(nvml_status(nvml->status())->state, SourceStatus::State::found);
}

TEST(NvmlIntegratedName, TegraGpusAreIntegratedDiscreteBoardsAreNot) {
    EXPECT_TRUE(is_integrated_nvml_name("NVIDIA Thor"));
    EXPECT_TRUE(is_integrated_nvml_name("Orin (nvgpu)"));
    EXPECT_FALSE(is_integrated_nvml_name("NVIDIA RTX 6000 Ada Generation"));
    EXPECT_FALSE(is_integrated_nvml_name("NVIDIA GeForce RTX 4090"));
    EXPECT_FALSE(is_integrated_nvml_name("Tesla T4"));
}

}  // namespace
}  // namespace edgetop
