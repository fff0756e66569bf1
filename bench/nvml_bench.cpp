// The cost NVML adds to a sample, with the stand-in libnvidia-ml.so.1 (tests/nvml_stub/): one full
// sample of a fixture with and without an NVML source in the same run, and one NVML poll alone.
// EDGETOP_NVML_LIBRARY, when set, names the library instead (a real driver's, on a GPU machine;
// the script is then ignored).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "sensors/gpu/gpu_nvml.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "sensors/sampler/sampler.hpp"

namespace {

// A discrete GPU with two processes on x86-pc; Thor's iGPU completing its devfreq node on thor.
const char* const kDiscrete =
    "count 1\n0 name NVIDIA RTX A2000 12GB\n0 util 37 12\n0 clock 0 1200\n0 clock 2 6001\n"
    "0 maxclock 0 2100\n0 maxclock 2 6001\n0 temp 54\n0 power 41230\n0 limit 70000\n"
    "0 memory 12884901888 3221225472\n0 compute 4242 2147483648\n0 graphics 4343 268435456\n";
const char* const kThor =
    "count 1\n0 name NVIDIA Thor\n0 util 42 7\n0 clock 0 1386\n0 maxclock 0 1575\n0 temp 47\n"
    "0 power 9120\n";

struct Case {
    const char* board;
    const char* script;
};
constexpr Case kCases[] = {{"x86-pc", kDiscrete}, {"thor", kThor}};

std::string library() {
    const char* path = std::getenv("EDGETOP_NVML_LIBRARY");
    return path && *path ? path : EDGETOP_NVML_STUB;
}

void use_script(const Case& c) {
    std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                       "/edgetop-bench-nvml-" + c.board;
    std::ofstream(path) << c.script;
    setenv("EDGETOP_NVML_STUB_SCRIPT", path.c_str(), 1);
}

edgetop::Sampler sampler(const Case& c, bool with_nvml) {
    edgetop::Root root(std::string(EDGETOP_FIXTURES) + "/" + c.board);
    auto sources = edgetop::make_all_sources(root);
    if (with_nvml) sources.push_back(edgetop::make_nvml_source(library()));
    return edgetop::Sampler(root, std::move(sources));
}

void BM_SampleWithoutNvml(benchmark::State& state) {
    const Case& c = kCases[state.range(0)];
    auto s = sampler(c, false);
    state.SetLabel(c.board);
    for (auto _ : state)
        benchmark::DoNotOptimize(s.sample());
}

void BM_SampleWithNvml(benchmark::State& state) {
    const Case& c = kCases[state.range(0)];
    use_script(c);
    auto s = sampler(c, true);
    state.SetLabel(c.board);
    if (s.sample().gpu.empty()) state.SkipWithError("NVML did not load");
    for (auto _ : state)
        benchmark::DoNotOptimize(s.sample());
}

// One NVML poll alone: every value of every device and both process lists.
void BM_NvmlPoll(benchmark::State& state) {
    const Case& c = kCases[state.range(0)];
    use_script(c);
    auto nvml = edgetop::make_nvml_source(library());
    state.SetLabel(c.board);
    if (!nvml->discover(edgetop::Root(std::string(EDGETOP_FIXTURES) + "/" + c.board)))
        state.SkipWithError("NVML did not load");
    for (auto _ : state) {
        edgetop::Sample sample;
        nvml->poll(sample);
        benchmark::DoNotOptimize(sample);
    }
}

BENCHMARK(BM_SampleWithoutNvml)->DenseRange(0, 1);
BENCHMARK(BM_SampleWithNvml)->DenseRange(0, 1);
BENCHMARK(BM_NvmlPoll)->DenseRange(0, 1);

}  // namespace
