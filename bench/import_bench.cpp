// tegrastats import speed: lines per second over the real captures, repeated in memory to a
// buffer of several megabytes. ParseLine is the parser alone; Stream adds the line reader.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "import/tegrastats_importer.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kBufferBytes = 16u << 20;

// Every capture's sample lines, concatenated and repeated up to kBufferBytes.
std::string capture_buffer() {
    std::string once;
    std::vector<fs::path> logs;
    for (const auto& entry :
         fs::directory_iterator(std::string(EDGETOP_FIXTURES) + "/../import/data"))
        if (entry.path().extension() == ".log") logs.push_back(entry.path());
    std::sort(logs.begin(), logs.end());
    for (const auto& path : logs) {
        std::ifstream in(path);
        for (std::string line; std::getline(in, line);)
            if (line.find("RAM ") != std::string::npos) once += line + "\n";
    }
    std::string buffer;
    if (once.empty()) return buffer;
    while (buffer.size() < kBufferBytes)
        buffer += once;
    return buffer;
}

const std::string& buffer() {
    static const std::string text = capture_buffer();
    return text;
}

void BM_TegrastatsParseLine(benchmark::State& state) {
    const std::string& text = buffer();
    std::size_t lines = 0;
    for (auto _ : state) {
        edgetop::TegrastatsImporter importer;
        std::string_view rest = text;
        std::size_t number = 0;
        while (!rest.empty()) {
            std::size_t end = rest.find('\n');
            auto sample = importer.parse_line(rest.substr(0, end), ++number);
            benchmark::DoNotOptimize(sample);
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        }
        lines += number;
    }
    state.SetItemsProcessed(static_cast<int64_t>(lines));
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_TegrastatsParseLine)->Unit(benchmark::kMillisecond);

void BM_TegrastatsStream(benchmark::State& state) {
    const std::string& text = buffer();
    std::size_t lines = 0;
    for (auto _ : state) {
        std::istringstream in(text);
        edgetop::TegrastatsImporter importer;
        auto stats = edgetop::import_tegrastats(
            in, importer, [](edgetop::Sample&& sample) { benchmark::DoNotOptimize(sample); });
        lines += stats.lines;
    }
    state.SetItemsProcessed(static_cast<int64_t>(lines));
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_TegrastatsStream)->Unit(benchmark::kMillisecond);

}  // namespace
