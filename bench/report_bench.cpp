// Report throughput over a generated AGX Orin session, and the cost of the rules per sample
// against the cost of taking the sample (both on the agx-orin fixture, in the same run).
//
//   edgetop_bench --benchmark_filter='Report|Rules'      (the session sizes are the ranges below)
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "analysis/rules_analyzer.hpp"
#include "app/report_session.hpp"
#include "sensors/sampler.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_json.hpp"
#include "session/session_writer.hpp"

namespace {

std::string orin_root() {
    return std::string(EDGETOP_FIXTURES) + "/agx-orin";
}

// A session of n AGX Orin samples (the fixture's sample with moving load, power and temperature)
// at a jittered 100 ms, written to a temporary file that is removed afterwards.
class GeneratedSession {
  public:
    explicit GeneratedSession(int64_t n) {
        char name[] = "/tmp/edgetop-report-bench-XXXXXX";
        int fd = mkstemp(name);
        path_ = name;
        edgetop::Sampler sampler{edgetop::Root(orin_root())};
        edgetop::Sample sample = sampler.sample();
        edgetop::SessionHeader header;
        header.interval_ms = 100;
        header.board = sampler.board();
        edgetop::SessionWriter writer(fd);
        writer.write_line(edgetop::header_to_json(header));
        for (int64_t i = 0; i < n; ++i) {
            double phase = static_cast<double>(i % 600) / 600;
            sample.t_s = static_cast<double>(i) * 0.1 + 0.003 * std::sin(static_cast<double>(i));
            sample.cpu.util_pct = 100 * phase;
            for (auto& core : sample.cpu.cores)
                if (core.online) core.util_pct = 100 * phase;
            for (auto& gpu : sample.gpu)
                gpu.load_pct = 100 * (1 - phase);
            for (auto& rail : sample.rails)
                if (rail.power_mw) rail.power_mw = 400 + 5000 * phase;
            sample.power_total_mw = 6000 + 20000 * phase;
            for (auto& zone : sample.thermal)
                if (zone.temp_c) zone.temp_c = 45 + 20 * phase;
            writer.write_line(edgetop::sample_to_json(sample));
        }
        ::close(fd);
    }
    ~GeneratedSession() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

void BM_ReportSession(benchmark::State& state) {
    GeneratedSession session(state.range(0));
    edgetop::analysis::RuleConfig rules;
    for (auto _ : state) {
        auto report = edgetop::report_session_file(session.path(), rules, {});
        benchmark::DoNotOptimize(report.samples);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() *
                            static_cast<int64_t>(std::filesystem::file_size(session.path())));
}
BENCHMARK(BM_ReportSession)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

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
