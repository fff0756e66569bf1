// `edgetop report --html` over a generated AGX Orin session (recorded form) of 100,000 and
// 1,000,000 samples, against the text report of the same file in the same run: the session is
// generated once per length and both variants read it. The page is written to a temporary file
// as the command writes it. peak_rss_kB is the resident high-water mark of the iteration: it
// must not grow with the session's length, and page_kB (the size of the page) neither.
//
//   edgetop_bench --benchmark_filter='ReportHtml'
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>

#include "analysis/rules_config.hpp"
#include "bench/generated_session.hpp"
#include "commands/replacing_file.hpp"
#include "report/html/html_report.hpp"
#include "report/html/html_session.hpp"
#include "report/report_session.hpp"
#include "report/report_text.hpp"

namespace {

using namespace edgetop::bench;

// One generated session at a time (4.7 GB at 1M samples), shared by the two variants.
const GeneratedSession& session_of(int64_t samples) {
    static std::unique_ptr<GeneratedSession> session;
    static int64_t length = -1;
    if (length != samples) {
        session.reset();
        session = std::make_unique<GeneratedSession>(samples, true);
        length = samples;
    }
    return *session;
}

// Arguments: samples; 0 the text report (baseline), 1 the HTML page.
void BM_ReportHtml(benchmark::State& state) {
    const GeneratedSession& session = session_of(state.range(0));
    edgetop::analysis::RuleConfig rules;
    std::string out = fmt::format("/tmp/edgetop-report-html-bench-{}.html", ::getpid());
    std::size_t page_bytes = 0;
    for (auto _ : state) {
        reset_peak_rss();
        if (state.range(1) == 0) {
            auto text =
                edgetop::format_report(edgetop::report_session_file(session.path(), rules, {}));
            page_bytes = text.size();
            benchmark::DoNotOptimize(text.data());
        } else {
            std::vector<edgetop::html::HtmlSession> sessions;
            sessions.push_back(edgetop::html::read_html_session({session.path()}, rules, {}));
            auto page = edgetop::html::render_html_report(sessions);
            edgetop::write_file_replacing(out, page);
            page_bytes = page.size();
        }
    }
    std::remove(out.c_str());
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() * session.bytes());
    state.counters["peak_rss_kB"] = peak_rss_kb();
    state.counters["page_kB"] = static_cast<double>(page_bytes) / 1e3;
}

BENCHMARK(BM_ReportHtml)
    ->ArgsProduct({{100000, 1000000}, {0, 1}})
    ->ArgNames({"samples", "html"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

}  // namespace
