// tegrastats import speed: lines per second over the real captures, repeated in memory to a
// buffer of several megabytes. ParseLine is the parser alone (a new Sample per line, and
// ParseLineReused into one Sample); Stream adds the line reader;
// ToSession is the whole import (lines read, samples timed and written to /dev/null).
// SampleLine* is the writing of one sample line: "JsonDocument" builds the nlohmann document and
// dumps it (the baseline), "Direct" appends the line to a reused string, on the imported samples
// and on a sample of the agx-orin fixture (what `record` writes each interval).
//
//   edgetop_bench --benchmark_filter='Tegrastats|SampleLine'
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "import/import_samples.hpp"
#include "import/tegrastats/tegrastats_importer.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_sample_json.hpp"
#include "session/session_sample_line.hpp"
#include "session/session_writer.hpp"

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

// Calls parse(importer, line, number) for every line of the buffer, with a new importer on each
// iteration.
template <class Parse>
void parse_every_line(benchmark::State& state, Parse&& parse) {
    const std::string& text = buffer();
    std::size_t lines = 0;
    for (auto _ : state) {
        edgetop::TegrastatsImporter importer;
        std::string_view rest = text;
        std::size_t number = 0;
        while (!rest.empty()) {
            std::size_t end = rest.find('\n');
            parse(importer, rest.substr(0, end), ++number);
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        }
        lines += number;
    }
    state.SetItemsProcessed(static_cast<int64_t>(lines));
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_TegrastatsParseLine(benchmark::State& state) {
    parse_every_line(state, [](edgetop::TegrastatsImporter& importer, std::string_view line,
                               std::size_t number) {
        benchmark::DoNotOptimize(importer.parse_line(line, number));
    });
}
BENCHMARK(BM_TegrastatsParseLine)->Unit(benchmark::kMillisecond);

// The parser into one Sample reused line after line, as the import does.
void BM_TegrastatsParseLineReused(benchmark::State& state) {
    edgetop::Sample sample;
    parse_every_line(state, [&](edgetop::TegrastatsImporter& importer, std::string_view line,
                                std::size_t number) {
        benchmark::DoNotOptimize(importer.parse_line(line, number, sample));
    });
}
BENCHMARK(BM_TegrastatsParseLineReused)->Unit(benchmark::kMillisecond);

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

// Reused between lines, as SessionWriter does.
struct LineBuffers {
    std::string text;
    fmt::memory_buffer buffer;
};

// The line as sample_to_json(sample).dump() made it before the direct writer.
std::string_view json_document_line(LineBuffers& line, const edgetop::Sample& sample) {
    line.text = edgetop::sample_to_json(sample).dump(
        -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    return line.text;
}

std::string_view direct_line(LineBuffers& line, const edgetop::Sample& sample) {
    line.buffer.clear();
    edgetop::append_sample_line(line.buffer, sample);
    return {line.buffer.data(), line.buffer.size()};
}

// The whole import into /dev/null, with the sample lines written as the import command wrote
// them before the direct writer (a JSON document per sample), or as it writes them now.
void BM_TegrastatsToSession(benchmark::State& state, bool direct) {
    const std::string& text = buffer();
    int fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    std::size_t lines = 0;
    for (auto _ : state) {
        std::istringstream in(text);
        edgetop::ImportedSamples samples(in, edgetop::ImportOptions{});
        edgetop::SessionWriter writer(fd);
        if (direct) {
            // As the import command does: each sample written where it was parsed.
            while (const edgetop::Sample* sample = samples.next_in_place())
                writer.write_sample(*sample);
        } else {
            edgetop::Sample sample;
            while (samples.next(sample))
                writer.write_line(edgetop::sample_to_json(sample));
        }
        lines += samples.lines();
    }
    ::close(fd);
    state.SetItemsProcessed(static_cast<int64_t>(lines));
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK_CAPTURE(BM_TegrastatsToSession, JsonDocument, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TegrastatsToSession, Direct, true)->Unit(benchmark::kMillisecond);

// The samples of one pass over the captures.
std::vector<edgetop::Sample> imported_samples() {
    const std::string& text = buffer();
    std::istringstream in(text.substr(0, std::min<std::size_t>(text.size(), 1u << 20)));
    edgetop::ImportedSamples samples(in, edgetop::ImportOptions{});
    std::vector<edgetop::Sample> out;
    for (edgetop::Sample sample; samples.next(sample);)
        out.push_back(sample);
    return out;
}

template <std::string_view (*make_line)(LineBuffers&, const edgetop::Sample&)>
void BM_SampleLineImported(benchmark::State& state) {
    const auto samples = imported_samples();
    LineBuffers line;
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& sample : samples)
            bytes += make_line(line, sample).size();
        benchmark::DoNotOptimize(line);
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * samples.size()));
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_SampleLineImported<json_document_line>)->Name("BM_SampleLineImported/JsonDocument");
BENCHMARK(BM_SampleLineImported<direct_line>)->Name("BM_SampleLineImported/Direct");

// A sample of the agx-orin fixture with its rates: one interval of `record`.
template <std::string_view (*make_line)(LineBuffers&, const edgetop::Sample&)>
void BM_SampleLineRecorded(benchmark::State& state) {
    edgetop::Sampler sampler{edgetop::Root(std::string(EDGETOP_FIXTURES) + "/agx-orin")};
    sampler.sample();
    const edgetop::Sample sample = sampler.sample();
    LineBuffers line;
    std::size_t size = 0;
    for (auto _ : state) {
        size = make_line(line, sample).size();
        benchmark::DoNotOptimize(line);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
}
BENCHMARK(BM_SampleLineRecorded<json_document_line>)->Name("BM_SampleLineRecorded/JsonDocument");
BENCHMARK(BM_SampleLineRecorded<direct_line>)->Name("BM_SampleLineRecorded/Direct");

}  // namespace
