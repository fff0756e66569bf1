// Report throughput over generated AGX Orin and Nano sessions, against reading the same file raw
// and parsing its lines into nlohmann DOMs (what the reader did before), and the cost of the rules
// per sample against the cost of taking the sample (both on the agx-orin fixture, in the same
// run). The reader parses on several threads, so times are wall-clock times.
//
//   edgetop_bench --benchmark_filter='Report|Read|Rules'
//
// peak_rss_kB is the process's resident high-water mark over the last iteration (reset through
// /proc/self/clear_refs before it): compare it across session lengths.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "analysis/rules_analyzer.hpp"
#include "analysis/rules_config.hpp"
#include "bench/generated_session.hpp"
#include "report/report_event_json.hpp"
#include "report/report_session.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"
#include "support/sample_json.hpp"

namespace {

using namespace edgetop::bench;

void report_counters(benchmark::State& state, const GeneratedSession& session) {
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() * session.bytes());
    state.counters["peak_rss_kB"] = peak_rss_kb();
}

// Baseline: the file read in 1 MB blocks and its lines counted, as `wc -l` does.
void BM_ReadRawLines(benchmark::State& state) {
    GeneratedSession session(state.range(0), false, board_of(state.range(1)));
    std::vector<char> block(1 << 20);
    for (auto _ : state) {
        reset_peak_rss();
        int fd = ::open(session.path().c_str(), O_RDONLY);
        int64_t lines = 0;
        for (ssize_t n; (n = ::read(fd, block.data(), block.size())) > 0;)
            for (const char* p = block.data();
                 (p = static_cast<const char*>(std::memchr(p, '\n', block.data() + n - p))); ++p)
                ++lines;
        ::close(fd);
        benchmark::DoNotOptimize(lines);
    }
    report_counters(state, session);
}

// Baseline: std::getline and a nlohmann DOM per line, the core of the reader before simdjson.
void BM_ReadNlohmannDom(benchmark::State& state) {
    GeneratedSession session(state.range(0), false);
    for (auto _ : state) {
        reset_peak_rss();
        std::ifstream in(session.path(), std::ios::binary);
        std::string line;
        int64_t samples = 0;
        while (std::getline(in, line))
            samples += nlohmann::json::parse(line)["type"] == "sample";
        benchmark::DoNotOptimize(samples);
    }
    report_counters(state, session);
}

// The session reader alone: every line into a reused record. Arguments: samples, board (0 AGX
// Orin, 1 Nano), fields (0 all, 1 what a report summarises), threads besides the caller's.
void BM_ReadSession(benchmark::State& state) {
    GeneratedSession session(state.range(0), false, board_of(state.range(1)));
    for (auto _ : state) {
        reset_peak_rss();
        edgetop::SessionReader reader(session.path());
        reader.set_sample_fields(state.range(2) ? edgetop::SampleFields::summary
                                                : edgetop::SampleFields::all);
        reader.set_workers(static_cast<unsigned>(state.range(3)));
        edgetop::SessionRecord record;
        int64_t samples = 0;
        while (reader.next(record))
            samples += record.kind == edgetop::SessionRecord::Kind::sample;
        benchmark::DoNotOptimize(samples);
    }
    report_counters(state, session);
}

void run_report(benchmark::State& state, const GeneratedSession& session) {
    edgetop::analysis::RuleConfig rules;
    for (auto _ : state) {
        reset_peak_rss();
        auto report = edgetop::report_session_file(session.path(), rules, {});
        benchmark::DoNotOptimize(report.samples);
    }
    report_counters(state, session);
}

// `edgetop report` on a recorded session (flags from its events), by samples and board.
void BM_ReportRecordedSession(benchmark::State& state) {
    run_report(state, GeneratedSession(state.range(0), true, board_of(state.range(1))));
}

// `edgetop report` on a session without recorded flags: the rules run again over every sample.
void BM_ReportSession(benchmark::State& state) {
    run_report(state, GeneratedSession(state.range(0), false));
}

BENCHMARK(BM_ReadRawLines)
    ->ArgsProduct({{100000, 1000000}, {0, 1}})
    ->ArgNames({"samples", "board"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK(BM_ReadNlohmannDom)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(1);
void read_variants(benchmark::internal::Benchmark* b) {
    const auto threads = static_cast<int64_t>(edgetop::LineBatches::default_workers());
    for (int64_t board : {0, 1})
        for (int64_t fields : {0, 1})
            for (int64_t workers : {int64_t{0}, threads})
                b->Args({100000, board, fields, workers});
    b->ArgNames({"samples", "board", "summary", "workers"});
    b->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
}
BENCHMARK(BM_ReadSession)->Apply(read_variants);
BENCHMARK(BM_ReportRecordedSession)
    ->ArgsProduct({{100000, 1000000}, {0, 1}})
    ->ArgNames({"samples", "board"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK(BM_ReportSession)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

// One sample of the agx-orin fixture: what every interval costs before the rules run.
void BM_RulesSamplerSample(benchmark::State& state) {
    edgetop::Sampler sampler{edgetop::Root(orin_root())};
    for (auto _ : state)
        benchmark::DoNotOptimize(sampler.sample());
}
BENCHMARK(BM_RulesSamplerSample)->Unit(benchmark::kMicrosecond);

// Analyzer::update on samples of the same fixture, 100 ms apart (a full window after warm-up).
void BM_RulesAnalyzerUpdate(benchmark::State& state) {
    edgetop::Sampler sampler{edgetop::Root(orin_root())};
    edgetop::Sample sample = sampler.sample();
    edgetop::analysis::Analyzer analyzer(sampler.board());
    double t = 0;
    for (auto _ : state) {
        sample.t_s = t += 0.1;
        benchmark::DoNotOptimize(analyzer.update(sample));
    }
}
BENCHMARK(BM_RulesAnalyzerUpdate)->Unit(benchmark::kMicrosecond);

}  // namespace
