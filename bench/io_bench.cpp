// The disk (/proc/diskstats) and network (/proc/net/dev) readers on the AGX Orin fixture:
//   BM_SampleIo/<0 without|1 with>: one full sample (every reader, rates) without and with them,
//     the share they add to a sample (issue #16 allows 15 %);
//   BM_IoReaders vs BM_IoPreadFloor: the two readers with their rates against only pread-ing the
//     same two files, the overhead of parsing and filling the model.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "sensors/sampler/sampler.hpp"

namespace {

std::string orin_fixture() {
    return std::string(EDGETOP_FIXTURES) + "/agx-orin";
}

bool is_io(const edgetop::SourcePtr& source) {
    return source->name() == "disk" || source->name() == "net";
}

void BM_SampleIo(benchmark::State& state) {
    edgetop::Root root(orin_fixture());
    auto sources = edgetop::make_all_sources(root);
    if (state.range(0) == 0) std::erase_if(sources, is_io);
    edgetop::Sampler sampler{root, std::move(sources)};
    state.SetLabel(state.range(0) == 0 ? "without disk/net" : "with disk/net");
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}

void BM_IoReaders(benchmark::State& state) {
    edgetop::Root root(orin_fixture());
    auto sources = edgetop::make_all_sources(root);
    std::erase_if(sources, [](const edgetop::SourcePtr& s) { return !is_io(s); });
    edgetop::Sampler sampler{root, std::move(sources)};
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}

void BM_IoPreadFloor(benchmark::State& state) {
    std::array<int, 2> fds = {open((orin_fixture() + "/proc/diskstats").c_str(), O_RDONLY),
                              open((orin_fixture() + "/proc/net/dev").c_str(), O_RDONLY)};
    std::vector<char> buffer(4096);
    for (auto _ : state) {
        for (int fd : fds) {
            off_t offset = 0;
            ssize_t n;
            while ((n = pread(fd, buffer.data(), buffer.size(), offset)) > 0)
                offset += n;
            benchmark::DoNotOptimize(offset);
        }
    }
    for (int fd : fds)
        close(fd);
}

BENCHMARK(BM_SampleIo)->DenseRange(0, 1);
BENCHMARK(BM_IoReaders);
BENCHMARK(BM_IoPreadFloor);

}  // namespace
