// scripts/device/nvml-vs-smi.sh against stand-ins: the NVML stand-in library for edgetop and a
// stand-in nvidia-smi (tests/nvml_stub/nvidia-smi) first on PATH. Where both say the same it
// exits 0; where nvidia-smi reads a value edgetop does not (a different load, a video engine
// edgetop lacks) it exits 1 and names the field; without a driver it exits 2 before comparing.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

#include "support/child_process.hpp"
#include "support/nvml_stub.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing::nvml_vs_smi {
namespace {

// nvidia-smi's view of kDiscreteGpuScript's GPU: the same values in nvidia-smi's units (W, MiB),
// an nvidia-smi that knows the JPEG field (the GPU does not support it) but not the OFA one.
std::string agreeing_smi() {
    return "gpu 0 name NVIDIA RTX A2000 12GB\n"
           "gpu 0 utilization.gpu 37\n"
           "gpu 0 utilization.memory 12\n"
           "gpu 0 utilization.encoder 23\n"
           "gpu 0 utilization.decoder 41\n"
           "gpu 0 utilization.jpeg [Not Supported]\n"
           "gpu 0 temperature.gpu 54\n"
           "gpu 0 power.draw 41.23\n"
           "gpu 0 enforced.power.limit 70.00\n"
           "gpu 0 clocks.gr 1200\n"
           "gpu 0 clocks.mem 6001\n"
           "gpu 0 clocks.max.gr 2100\n"
           "gpu 0 clocks.max.mem 6001\n"
           "gpu 0 memory.total 12288\n"
           "gpu 0 memory.used 3072\n"
           "app 4242 2048\n";
}

RunResult run_script(const std::string& smi_answers, const TempDir& dir) {
    std::string answers = dir.file("smi-answers");
    std::ofstream(answers) << smi_answers;
    const char* path = std::getenv("PATH");
    std::string stubs = std::string(EDGETOP_SOURCE_DIR) + "/tests/nvml_stub";
    ChildProcess script(
        {"bash", std::string(EDGETOP_SOURCE_DIR) + "/scripts/device/nvml-vs-smi.sh", "1"},
        {.env = {{"PATH", stubs + ":" + (path ? path : "/usr/bin:/bin")},
                 {"EDGETOP", EDGETOP_BINARY},
                 {"EDGETOP_NVML_LIBRARY", kNvmlStub},
                 {"EDGETOP_SMI_STUB", answers}}});
    RunResult run = script.collect(std::chrono::seconds(60));
    EXPECT_FALSE(run.timed_out);
    return run;
}

// The line of the comparison table about `field`.
std::string row_of(const std::string& out, const std::string& field) {
    auto at = out.find("\n  " + field + " ");
    if (at == std::string::npos) return "";
    auto end = out.find('\n', at + 1);
    return out.substr(at + 1, end - at - 1);
}

class NvmlVsSmi : public ::testing::Test {
  protected:
    void SetUp() override {
#ifdef EDGETOP_STATIC
        GTEST_SKIP() << "the static build has no NVML";
#endif
    }
};

TEST_F(NvmlVsSmi, AgreeingValuesExitZeroWithEachFieldSideBySide) {
    TempDir dir;
    NvmlScript script(kDiscreteGpuScript);
    RunResult run = run_script(agreeing_smi(), dir);
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("0 value(s) outside their tolerance"), std::string::npos) << run.out;
    EXPECT_NE(row_of(run.out, "utilization.encoder").find(" ok"), std::string::npos) << run.out;
    EXPECT_NE(row_of(run.out, "power.draw").find("41.23"), std::string::npos) << run.out;
    EXPECT_NE(row_of(run.out, "utilization.ofa").find("not a field of this nvidia-smi"),
              std::string::npos)
        << run.out;
    EXPECT_NE(row_of(run.out, "utilization.jpeg").find("not compared"), std::string::npos)
        << run.out;
}

TEST_F(NvmlVsSmi, ValuesBeyondTheToleranceOrMissingInEdgetopExitOneNamingTheField) {
    TempDir dir;
    // NVML's decoder query answers NOT_SUPPORTED to edgetop while nvidia-smi reads 41 %, and
    // nvidia-smi's load is 12 points above edgetop's on both sides of the sample.
    std::string nvml = kDiscreteGpuScript;
    nvml.erase(nvml.find("0 dec 41 166666\n"), std::string("0 dec 41 166666\n").size());
    NvmlScript script(nvml);
    std::string smi = agreeing_smi();
    smi.replace(smi.find("utilization.gpu 37"), 18, "utilization.gpu 49");
    RunResult run = run_script(smi, dir);
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    EXPECT_NE(row_of(run.out, "utilization.gpu").find("DIFFERS"), std::string::npos) << run.out;
    EXPECT_NE(row_of(run.out, "utilization.decoder").find("DIFFERS: edgetop has no value"),
              std::string::npos)
        << run.out;
    EXPECT_NE(row_of(run.out, "utilization.encoder").find(" ok"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("2 value(s) outside their tolerance"), std::string::npos) << run.out;
}

TEST_F(NvmlVsSmi, WithoutADriverItExitsTwoBeforeComparing) {
    TempDir dir;
    ChildProcess script(
        {"bash", std::string(EDGETOP_SOURCE_DIR) + "/scripts/device/nvml-vs-smi.sh"},
        {.env = {{"NVIDIA_SMI", std::string(EDGETOP_SOURCE_DIR) + "/tests/nvml_stub/nvidia-smi"},
                 {"EDGETOP", EDGETOP_BINARY},
                 {"EDGETOP_SMI_STUB", dir.file("none")}}});
    RunResult run = script.collect(std::chrono::seconds(30));
    EXPECT_EQ(run.status, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("no NVIDIA GPU or driver here"), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
}

}  // namespace
}  // namespace edgetop::testing::nvml_vs_smi
