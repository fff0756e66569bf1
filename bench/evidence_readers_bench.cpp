// What the evidence readers (pressure stalls, vmstat, cooling devices, disks, network) add to one
// full sample, on the AGX Orin fixture: a full sample with and without all five, and the five
// alone against the pread floor of the very files they hold open. The ratio with/without is the
// share they add (issue #16 allows 15 %); io_bench.cpp has the disk and network readers alone.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "sensors/sampler/sampler.hpp"

namespace {

namespace fs = std::filesystem;

std::string orin() {
    return std::string(EDGETOP_FIXTURES) + "/agx-orin";
}

bool is_new_reader(const edgetop::Source& source) {
    const std::string name = source.name();
    return name == "pressure" || name == "vmstat" || name == "cooling" || name == "disk" ||
           name == "net";
}

// Every source of a full sample, with or without the five readers.
std::vector<edgetop::SourcePtr> sources(const edgetop::Root& root, bool with_new, bool only_new) {
    std::vector<edgetop::SourcePtr> kept;
    for (auto& source : edgetop::make_all_sources(root)) {
        const bool is_new = is_new_reader(*source);
        if ((only_new && is_new) || (!only_new && (with_new || !is_new)))
            kept.push_back(std::move(source));
    }
    return kept;
}

void BM_OrinSampleWithoutEvidenceReaders(benchmark::State& state) {
    edgetop::Root root(orin());
    edgetop::Sampler sampler{root, sources(root, false, false)};
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}

void BM_OrinSampleWithEvidenceReaders(benchmark::State& state) {
    edgetop::Root root(orin());
    edgetop::Sampler sampler{root, sources(root, true, false)};
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}

void BM_OrinEvidenceReadersAlone(benchmark::State& state) {
    edgetop::Root root(orin());
    edgetop::Sampler sampler{root, sources(root, true, true)};
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}

// The files the five readers hold open, read with pread and nothing else.
void BM_OrinEvidenceReadersPreadFloor(benchmark::State& state) {
    edgetop::Root root(orin());
    edgetop::Sampler sampler{root, sources(root, true, true)};
    std::vector<int> fds;
    std::error_code ec;
    const std::string canonical_root = fs::canonical(orin(), ec).string();
    for (const auto& entry : fs::directory_iterator("/proc/self/fd", ec)) {
        auto target = fs::read_symlink(entry.path(), ec);
        if (ec || !target.string().starts_with(canonical_root)) continue;
        fds.push_back(std::stoi(entry.path().filename().string()));
    }
    std::vector<char> buffer(4096);
    state.SetLabel("files=" + std::to_string(fds.size()));
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

BENCHMARK(BM_OrinSampleWithoutEvidenceReaders);
BENCHMARK(BM_OrinSampleWithEvidenceReaders);
BENCHMARK(BM_OrinEvidenceReadersAlone);
BENCHMARK(BM_OrinEvidenceReadersPreadFloor);

}  // namespace
