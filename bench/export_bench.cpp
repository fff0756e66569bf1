// `edgetop export` over a generated AGX Orin session of 100,000 and 1,000,000 samples, against
// `edgetop report` on the same file in the same run (the report reads only the fields it
// summarises, the export every field). The output is counted, not written, so the figures are
// the reading and formatting alone. peak_rss_kB is the resident high-water mark of the
// iteration: it must not grow with the session's length.
//
//   edgetop_bench --benchmark_filter='Export'
#include <benchmark/benchmark.h>

#include <string>
#include <string_view>

#include "analysis/rules_config.hpp"
#include "bench/generated_session.hpp"
#include "export/export_sessions.hpp"
#include "report/report_session.hpp"

namespace {

using namespace edgetop::bench;

void export_counters(benchmark::State& state, const GeneratedSession& session, int64_t out) {
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() * session.bytes());
    state.counters["peak_rss_kB"] = peak_rss_kb();
    state.counters["output_MB"] = static_cast<double>(out) / 1e6;
}

void BM_ExportReportBaseline(benchmark::State& state) {
    GeneratedSession session(state.range(0), true);
    edgetop::analysis::RuleConfig rules;
    for (auto _ : state) {
        reset_peak_rss();
        auto report = edgetop::report_session_file(session.path(), rules, {});
        benchmark::DoNotOptimize(report.samples);
    }
    export_counters(state, session, 0);
}

void run_export(benchmark::State& state, edgetop::session_export::Format format) {
    GeneratedSession session(state.range(0), true);
    int64_t bytes = 0;
    for (auto _ : state) {
        reset_peak_rss();
        bytes = 0;
        edgetop::session_export::export_sessions(
            {session.path()}, format,
            [&](std::string_view piece) {
                bytes += static_cast<int64_t>(piece.size());
                benchmark::DoNotOptimize(piece.data());
            },
            [](const std::string&) {});
    }
    export_counters(state, session, bytes);
}

void BM_ExportCsv(benchmark::State& state) {
    run_export(state, edgetop::session_export::Format::csv);
}

void BM_ExportPerfetto(benchmark::State& state) {
    run_export(state, edgetop::session_export::Format::perfetto);
}

void export_sizes(benchmark::internal::Benchmark* b) {
    b->Arg(100000)->Arg(1000000)->ArgName("samples");
    b->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
}
BENCHMARK(BM_ExportReportBaseline)->Apply(export_sizes);
BENCHMARK(BM_ExportCsv)->Apply(export_sizes);
BENCHMARK(BM_ExportPerfetto)->Apply(export_sizes);

}  // namespace
