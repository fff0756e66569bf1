// edgetop on the live machine with the stand-in NVML library (EDGETOP_NVML_LIBRARY): --check says
// what NVML found or why not, --once prints a discrete GPU's NVML values, `record` writes them
// with "source":"nvml". A library that fails never stops edgetop.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "e2e/edgetop_process.hpp"
#include "support/nvml_stub.hpp"

namespace edgetop::testing {
namespace {

class Nvml : public ::testing::Test {
  protected:
    void SetUp() override {
#ifdef EDGETOP_STATIC
        GTEST_SKIP() << "the static build has no NVML";
#endif
    }
    static SpawnOptions with_library(const std::string& library) {
        return {.env = {{"EDGETOP_NVML_LIBRARY", library}}};
    }
};

// The sample lines of a session file.
std::vector<nlohmann::json> samples_of(const std::string& path) {
    std::vector<nlohmann::json> out;
    for (const auto& line : read_lines(path)) {
        auto parsed = nlohmann::json::parse(line);
        if (parsed["type"] == "sample") out.push_back(parsed);
    }
    return out;
}

std::string line_of(const std::string& text, const std::string& start) {
    for (const auto& line : split_lines(text))
        if (line.starts_with(start)) return line;
    return "";
}

TEST_F(Nvml, CheckNamesTheLibraryAndItsDevices) {
    NvmlScript script(kDiscreteGpuScript);
    RunResult run = run_edgetop({"--check"}, with_library(kNvmlStub));
    ASSERT_EQ(run.status, 0) << run.err;
    std::string line = line_of(run.out, "gpu.nvml ");
    EXPECT_NE(line.find(" found "), std::string::npos) << run.out;
    EXPECT_NE(line.find(kNvmlStub + " (NVIDIA RTX A2000 12GB)"), std::string::npos) << line;
}

TEST_F(Nvml, CheckSaysWhyALibraryIsNotUsed) {
    NvmlScript script(kDiscreteGpuScript);
    RunResult run = run_edgetop({"--check"}, with_library(kNvmlStubLacking));
    ASSERT_EQ(run.status, 0) << run.err;
    std::string line = line_of(run.out, "gpu.nvml ");
    EXPECT_NE(line.find(" absent "), std::string::npos) << run.out;
    EXPECT_NE(line.find("lacks nvmlDeviceGetUtilizationRates"), std::string::npos) << line;

    script.rewrite("init 18\ncount 1\n0 name NVIDIA L4\n");
    run = run_edgetop({"--check"}, with_library(kNvmlStub));
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(
        line_of(run.out, "gpu.nvml ")
            .find("nvmlInit_v2 failed: the driver and libnvidia-ml are of different versions"),
        std::string::npos)
        << run.out;
}

TEST_F(Nvml, OncePrintsTheDiscreteGpuAndWhatNvmlAdds) {
    NvmlScript script(kDiscreteGpuScript);
    RunResult run = run_edgetop({"--once"}, with_library(kNvmlStub));
    ASSERT_EQ(run.status, 0) << run.err;
    std::string gpu = line_of(run.out, "  NVIDIA RTX A2000 12GB  37.00 %");
    EXPECT_NE(gpu.find("1200 MHz"), std::string::npos) << run.out;
    EXPECT_NE(gpu.find("2100 MHz"), std::string::npos) << run.out;
    std::string nvml = line_of(run.out, "  NVIDIA RTX A2000 12GB  nvml");
    for (const char* value : {"nvml    54 ", "41230 mW", "70000 mW", "12.00 %", "6001 MHz",
                              "3072.0 MiB", "12288.0 MiB"})
        EXPECT_NE(nvml.find(value), std::string::npos) << value << " in\n" << run.out;
    EXPECT_NE(line_of(run.out, "  GPU0 NVENC").find("23.00 %"), std::string::npos) << run.out;
    EXPECT_NE(line_of(run.out, "  GPU0 NVDEC").find("41.00 %"), std::string::npos) << run.out;
}

TEST_F(Nvml, RecordWritesTheNvmlGpuWithItsSource) {
    TempDir dir;
    NvmlScript script(kDiscreteGpuScript);
    RunResult run = run_edgetop({"record", "-n", "2", "--interval", "100", "-o", dir.file("s")},
                                with_library(kNvmlStub));
    ASSERT_EQ(run.status, 0) << run.err;
    auto header = nlohmann::json::parse(read_lines(dir.file("s")).at(0));
    EXPECT_EQ(header["sources"]["gpu.nvml"]["state"], "found");
    auto samples = samples_of(dir.file("s"));
    ASSERT_EQ(samples.size(), 2u);
    auto gpus = samples[1]["gpu"];
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0]["name"], "NVIDIA RTX A2000 12GB");
    EXPECT_EQ(gpus[0]["source"], "nvml");
    EXPECT_EQ(gpus[0]["load"], 37);
    EXPECT_EQ(gpus[0]["power_mw"], 41230);
    EXPECT_EQ(gpus[0]["power_limit_mw"], 70000);
    EXPECT_EQ(gpus[0]["mem_total_kb"], 12582912);
    EXPECT_EQ(gpus[0]["temp_c"], 54);
    EXPECT_TRUE(gpus[0]["min_hz"].is_null());
    // The video engines NVML answers for, named after the GPU's index; not those it does not.
    std::map<std::string, nlohmann::json> engines;
    for (const auto& e : samples[1]["engines"])
        engines[e["name"]] = e;
    ASSERT_TRUE(engines.contains("GPU0 NVENC")) << samples[1]["engines"];
    EXPECT_EQ(engines["GPU0 NVENC"]["load"], 23);
    EXPECT_EQ(engines["GPU0 NVENC"]["load_period_s"], 0.166666);
    ASSERT_TRUE(engines.contains("GPU0 NVDEC")) << samples[1]["engines"];
    EXPECT_EQ(engines["GPU0 NVDEC"]["load"], 41);
    EXPECT_TRUE(engines["GPU0 NVDEC"]["online"].is_null());  // NVML says nothing of clock gating
    EXPECT_FALSE(engines.contains("GPU0 NVJPG"));            // NOT_SUPPORTED: no entry
}

// The driver goes away while recording: the samples go on, without NVML's values.
TEST_F(Nvml, ALibraryThatStartsFailingWhileRecordingLeavesNullsAndGoesOn) {
    TempDir dir;
    NvmlScript script(kDiscreteGpuScript);
    EdgetopProcess edgetop({"record", "-n", "20", "--interval", "100", "-o", dir.file("s")},
                           with_library(kNvmlStub));
    for (int i = 0; i < 100 && read_lines(dir.file("s")).size() < 3; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    script.rewrite("fail 15\n");
    RunResult run = edgetop.wait();
    ASSERT_EQ(run.status, 0) << run.err;
    auto samples = samples_of(dir.file("s"));
    ASSERT_EQ(samples.size(), 20u);
    auto first = samples.front()["gpu"][0];
    auto last = samples.back()["gpu"][0];
    EXPECT_EQ(first["load"], 37);
    EXPECT_EQ(last["name"], "NVIDIA RTX A2000 12GB");
    EXPECT_TRUE(last["load"].is_null()) << last;
    EXPECT_TRUE(last["power_mw"].is_null());
}

}  // namespace
}  // namespace edgetop::testing
