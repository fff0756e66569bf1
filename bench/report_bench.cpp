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
#include "report/report_event_json.hpp"
#include "report/report_session.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_json.hpp"

namespace {

constexpr int kPhases = 600;  // one minute of load cycle at 100 ms

std::string fixture_root(const char* board) {
    return std::string(EDGETOP_FIXTURES) + "/" + board;
}

std::string orin_root() {
    return fixture_root("agx-orin");
}

// Board of the generated sessions, by benchmark argument: AGX Orin lines (12 cores, 11 engines,
// 4 rails, 11 zones: 4.7 kB) and Nano lines (4 cores, 3 rails: 2.6 kB).
const char* board_of(int64_t arg) {
    return arg == 0 ? "agx-orin" : "nano";
}

// A session of n samples of a fixture board (its sample with moving load, power and temperature)
// at a jittered 100 ms, written to a temporary file that is removed afterwards. The session
// writer serialises one line per phase of the load cycle; each line is then that text with its
// own "t" (the writer puts "type" and "t" first). A recorded session is one as `edgetop record`
// writes it: its header lists the rules that ran, and an event line follows the first sample as
// when a flag was raised; its report does not rerun the rules. Without, the report reruns them.
class GeneratedSession {
  public:
    GeneratedSession(int64_t n, bool recorded, const char* board = "agx-orin") {
        char name[] = "/tmp/edgetop-report-bench-XXXXXX";
        int fd = mkstemp(name);
        ::close(fd);
        path_ = name;
        edgetop::Sampler sampler{edgetop::Root(fixture_root(board))};
        edgetop::Sample sample = sampler.sample();
        edgetop::SessionHeader header;
        header.interval_ms = 100;
        header.board = sampler.board();
        if (recorded) header.rules = edgetop::analysis::RuleConfig{}.enabled_ids();
        std::vector<std::string> tails;  // each phase's line after the value of "t"
        for (int p = 0; p < kPhases; ++p) {
            double phase = static_cast<double>(p) / kPhases;
            sample.t_s = 0.5;
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
            std::string line = edgetop::sample_to_json(sample).dump();
            const std::string head = R"({"type":"sample","t":0.5)";
            if (!line.starts_with(head)) std::abort();
            tails.push_back(line.substr(head.size()) + "\n");
        }
        std::ofstream out(path_, std::ios::binary);
        out << edgetop::header_to_json(header).dump() << "\n";
        for (int64_t i = 0; i < n; ++i) {
            double t =
                static_cast<double>(i) * 0.1 + 0.003 * std::sin(static_cast<double>(i)) + 0.01;
            out << fmt::format(R"({{"type":"sample","t":{:.6f})", t) << tails[i % kPhases];
            if (recorded && i == 0)
                out << edgetop::analysis::event_to_line({t, "thermal_throttle",
                                                         edgetop::analysis::EventState::raised,
                                                         "recorded", nlohmann::json::object()})
                           .dump()
                    << "\n";
        }
        out << edgetop::end_to_json({static_cast<double>(n) * 0.1, n, edgetop::EndReason::count})
                   .dump()
            << "\n";
    }
    ~GeneratedSession() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }
    int64_t bytes() const { return static_cast<int64_t>(std::filesystem::file_size(path_)); }

  private:
    std::string path_;
};

void reset_peak_rss() {
    std::ofstream("/proc/self/clear_refs") << "5";
}

double peak_rss_kb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with("VmHWM:")) return std::stod(line.substr(6));
    return 0;
}

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
