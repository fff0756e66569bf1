// `edgetop serve` on the live machine with the stand-in NVML library: a discrete GPU's values are
// scraped as edgetop_gpu_* series with the GPU's name as the `gpu` label, in base units.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "tests/exporter/serve_process.hpp"
#include "tests/support/nvml_stub.hpp"

namespace edgetop::testing {
namespace {

using namespace std::chrono_literals;

// The body of the first /metrics answer that has a GPU series.
std::string metrics_with_gpu(ServeProcess& serve) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        auto response = serve.get("/metrics");
        if (response && response->status == 200 &&
            response->body.find("edgetop_gpu_load_ratio{") != std::string::npos)
            return response->body;
        std::this_thread::sleep_for(50ms);
    }
    return "";
}

TEST(ServeNvml, ADiscreteGpuIsServedInBaseUnitsWithItsNameAsLabel) {
#ifdef EDGETOP_STATIC
    GTEST_SKIP() << "the static build has no NVML";
#endif
    TempDir dir;
    NvmlScript script(kDiscreteGpuScript);
    setenv("EDGETOP_NVML_LIBRARY", kNvmlStub.c_str(), 1);
    ServeProcess serve(dir, {"--interval", "100"});
    unsetenv("EDGETOP_NVML_LIBRARY");
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::string body = metrics_with_gpu(serve);
    ASSERT_FALSE(body.empty()) << serve.child().log();
    const std::string gpu = "{gpu=\"NVIDIA RTX A2000 12GB\"}";
    auto value = [&](const std::string& name) { return ServeProcess::value_of(body, name + gpu); };
    auto expect = [&](const std::string& name, double want) {
        auto got = value(name);
        ASSERT_TRUE(got) << name << " missing in\n" << body;
        EXPECT_NEAR(*got, want, want * 1e-9) << name;
    };
    expect("edgetop_gpu_load_ratio", 0.37);
    expect("edgetop_gpu_memory_utilization_ratio", 0.12);
    expect("edgetop_gpu_frequency_hertz", 1.2e9);
    expect("edgetop_gpu_memory_frequency_hertz", 6.001e9);
    expect("edgetop_gpu_memory_frequency_max_hertz", 6.001e9);
    expect("edgetop_gpu_temperature_celsius", 54);
    expect("edgetop_gpu_power_watts", 41.23);
    expect("edgetop_gpu_power_limit_watts", 70);
    expect("edgetop_gpu_memory_total_bytes", 12884901888.0);
    expect("edgetop_gpu_memory_used_bytes", 3221225472.0);
    EXPECT_FALSE(value("edgetop_gpu_frequency_min_hertz"));  // NVML has no devfreq bounds
}

TEST(ServeNvml, ADiscreteGpusVideoEnginesAreServedAsEngineLoads) {
#ifdef EDGETOP_STATIC
    GTEST_SKIP() << "the static build has no NVML";
#endif
    TempDir dir;
    NvmlScript script(kDiscreteGpuScript);
    setenv("EDGETOP_NVML_LIBRARY", kNvmlStub.c_str(), 1);
    ServeProcess serve(dir, {"--interval", "100"});
    unsetenv("EDGETOP_NVML_LIBRARY");
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::string body = metrics_with_gpu(serve);
    ASSERT_FALSE(body.empty()) << serve.child().log();
    auto load = ServeProcess::value_of(body, "edgetop_engine_load_ratio{engine=\"GPU0 NVENC\"}");
    ASSERT_TRUE(load) << body;
    EXPECT_NEAR(*load, 0.23, 1e-9);
    auto period =
        ServeProcess::value_of(body, "edgetop_engine_load_period_seconds{engine=\"GPU0 NVDEC\"}");
    ASSERT_TRUE(period) << body;
    EXPECT_NEAR(*period, 0.166666, 1e-9);
    EXPECT_FALSE(ServeProcess::value_of(body, "edgetop_engine_load_ratio{engine=\"GPU0 NVJPG\"}"));
}

}  // namespace
}  // namespace edgetop::testing
