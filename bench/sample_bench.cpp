// Cost of one full sample per fixture, against a floor that only preads the files the sampler
// holds open. The ratio sample/floor is the overhead of parsing and filling the model. And the cost
// of the sampler's periodic look for sources that came or went, against a full sample.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "sensors/sampler/sampler.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::array kBoards = {"nano",     "tx2",       "xavier-nx", "agx-xavier",
                                "agx-orin", "orin-nano", "thor",      "x86-pc"};

std::string fixture(int index) {
    return std::string(EDGETOP_FIXTURES) + "/" + kBoards[index];
}

// The descriptors this process holds open on files under root: exactly what the sampler polls.
std::vector<int> open_files_under(const std::string& root) {
    std::vector<int> fds;
    std::error_code ec;
    std::string canonical_root = fs::canonical(root, ec).string();
    for (const auto& entry : fs::directory_iterator("/proc/self/fd", ec)) {
        auto target = fs::read_symlink(entry.path(), ec);
        if (ec || !target.string().starts_with(canonical_root)) continue;
        fds.push_back(std::stoi(entry.path().filename().string()));
    }
    return fds;
}

void BM_FullSample(benchmark::State& state) {
    edgetop::Sampler sampler{edgetop::Root(fixture(static_cast<int>(state.range(0))))};
    state.SetLabel(kBoards[state.range(0)]);
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}

void BM_PreadFloor(benchmark::State& state) {
    std::string root = fixture(static_cast<int>(state.range(0)));
    edgetop::Sampler sampler{edgetop::Root(root)};
    std::vector<int> fds = open_files_under(root);
    std::vector<char> buffer(4096);
    state.SetLabel(std::string(kBoards[state.range(0)]) + " files=" + std::to_string(fds.size()));
    for (auto _ : state) {
        for (int fd : fds) {
            off_t offset = 0;
            ssize_t n;
            while ((n = pread(fd, buffer.data(), buffer.size(), offset)) > 0)
                offset += n;
            benchmark::DoNotOptimize(offset);
        }
    }
}

// One look for sources that came or went (Sampler::rediscover() on a tree that did not change: a
// readdir per glob and a stat per path the sources resolved), which sample() makes every
// kRediscoverEvery; to be read against BM_FullSample of the same board in the same run.
void BM_RediscoveryLook(benchmark::State& state) {
    edgetop::Sampler sampler{edgetop::Root(fixture(static_cast<int>(state.range(0))))};
    sampler.sample();
    state.SetLabel(std::string(kBoards[state.range(0)]) +
                   " globs+paths=" + std::to_string(sampler.layout_size()));
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.rediscover());
}

BENCHMARK(BM_FullSample)->DenseRange(0, kBoards.size() - 1);
BENCHMARK(BM_PreadFloor)->DenseRange(0, kBoards.size() - 1);
BENCHMARK(BM_RediscoveryLook)->DenseRange(0, kBoards.size() - 1);

}  // namespace
