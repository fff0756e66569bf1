// edgetop serve on the AGX Orin fixture: the cost of one scrape against the cost of one sample,
// measured in the same run. Each sample is serialized once (text format and OpenMetrics) on the
// sampling thread; a scrape takes the latest bodies and writes one over loopback through
// edgetop's own HTTP server.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "analysis/rules_analyzer.hpp"
#include "analysis/rules_config.hpp"
#include "exporter/export_model.hpp"
#include "exporter/gzip.hpp"
#include "exporter/latest_metrics.hpp"
#include "exporter/metrics_server.hpp"
#include "exporter/openmetrics_serializer.hpp"
#include "exporter/text_exposition.hpp"
#include "sensors/sampler/sampler.hpp"

namespace {

using namespace edgetop;

std::string orin() {
    return std::string(EDGETOP_FIXTURES) + "/agx-orin";
}

// A sampler and a model that have seen two samples (rates present), as a running serve has.
struct Running {
    Sampler sampler{Root(orin())};
    exporter::ExportModel model{sampler.board(), analysis::RuleConfig().enabled_ids(), 100};
    exporter::Families families;
    Running() {
        model.add(sampler.sample());
        families = model.add(sampler.sample());
    }
};

void sample_with_rules(benchmark::State& state, const std::string& root) {
    Sampler sampler{Root(root)};
    analysis::Analyzer analyzer(sampler.board());
    for (auto _ : state) {
        Sample sample = sampler.sample();
        benchmark::DoNotOptimize(analyzer.update(sample));
        analyzer.annotate(sample);
    }
}

// The baseline: one sample with the rules, as serve takes it every interval.
void BM_ServeSampleWithRules(benchmark::State& state) {
    sample_with_rules(state, orin());
}

// For scale: one sample of the machine running the benchmark (with its process table), the
// cost a serve on a real board pays every interval.
void BM_ServeSampleThisMachine(benchmark::State& state) {
    sample_with_rules(state, "/");
}

// What serve adds to each sample: every family built from it (then published).
void BM_ServeBuildFamilies(benchmark::State& state) {
    Running running;
    const Sample& sample = running.sampler.sample();
    for (auto _ : state)
        benchmark::DoNotOptimize(running.model.add(sample));
}

// What the sampling thread adds to each sample after building the families: both bodies.
void BM_ServePublish(benchmark::State& state) {
    Running running;
    exporter::LatestMetrics metrics;
    for (auto _ : state)
        metrics.publish(running.families);
}

void BM_ServeSerializeText(benchmark::State& state) {
    Running running;
    for (auto _ : state)
        benchmark::DoNotOptimize(exporter::write_text_exposition(running.families));
    state.counters["bytes"] =
        static_cast<double>(exporter::write_text_exposition(running.families).size());
}

void BM_ServeSerializeOpenMetrics(benchmark::State& state) {
    Running running;
    for (auto _ : state)
        benchmark::DoNotOptimize(exporter::serialize_openmetrics(running.families));
    state.counters["bytes"] =
        static_cast<double>(exporter::serialize_openmetrics(running.families).size());
}

// The compression the first gzip scrape of a sample pays (later ones share its result).
void BM_ServeGzipOpenMetrics(benchmark::State& state) {
    Running running;
    std::string body = exporter::serialize_openmetrics(running.families);
    for (auto _ : state)
        benchmark::DoNotOptimize(exporter::gzip_compress(body));
    state.counters["bytes"] = static_cast<double>(exporter::gzip_compress(body)->size());
}

// What a scrape does before writing: take the latest exposition.
void BM_ServeScrapeCurrent(benchmark::State& state) {
    Running running;
    exporter::LatestMetrics metrics;
    metrics.publish(running.families);
    for (auto _ : state)
        benchmark::DoNotOptimize(metrics.current());
}

// One whole GET /metrics over loopback: connect, request, read to the close.
std::size_t scrape(int port, bool gzip, bool openmetrics) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::size_t total = 0;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        std::string request = "GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n";
        if (gzip) request += "Accept-Encoding: gzip\r\n";  // as Prometheus asks
        if (openmetrics)                                   // as Prometheus 2.42 asks
            request +=
                "Accept: application/openmetrics-text;version=1.0.0,application/"
                "openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,"
                "*/*;q=0.1\r\n";
        request += "\r\n";
        if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) > 0) {
            char buffer[65536];
            ssize_t n;
            while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
                total += static_cast<std::size_t>(n);
        }
    }
    ::close(fd);
    return total;
}

double cpu_s(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Most of a scrape happens in the server's threads, so the time is wall time; server_cpu_us is
// the CPU time of every thread of the process but this (client) one, per scrape. Arguments:
// with edgetop's families (1) or none (0: a 503, the floor of the HTTP path), the request accepts
// gzip, the request asks for OpenMetrics. The gzip copy is made by the first scrape and shared
// after.
void BM_ServeScrapeHttp(benchmark::State& state) {
    auto metrics = std::make_shared<exporter::LatestMetrics>();
    if (state.range(0) == 1) {
        Running running;
        metrics->publish(running.families);
    }
    bool gzip = state.range(1) == 1;
    bool openmetrics = state.range(2) == 1;
    exporter::MetricsServer server(*exporter::parse_listen_address("127.0.0.1:0"), metrics);
    std::size_t bytes = 0;
    double process_start = cpu_s(CLOCK_PROCESS_CPUTIME_ID);
    double client_start = cpu_s(CLOCK_THREAD_CPUTIME_ID);
    for (auto _ : state)
        bytes = scrape(server.address().port, gzip, openmetrics);
    double client = cpu_s(CLOCK_THREAD_CPUTIME_ID) - client_start;
    double process = cpu_s(CLOCK_PROCESS_CPUTIME_ID) - process_start;
    state.SetLabel(std::string(state.range(0) ? "orin" : "empty") +
                   (openmetrics ? " openmetrics" : " text") + (gzip ? " gzip" : ""));
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["server_cpu_us"] =
        (process - client) * 1e6 / static_cast<double>(state.iterations());
}

}  // namespace

BENCHMARK(BM_ServeSampleWithRules);
BENCHMARK(BM_ServeSampleThisMachine);
BENCHMARK(BM_ServeBuildFamilies);
BENCHMARK(BM_ServePublish);
BENCHMARK(BM_ServeSerializeText);
BENCHMARK(BM_ServeSerializeOpenMetrics);
BENCHMARK(BM_ServeGzipOpenMetrics);
BENCHMARK(BM_ServeScrapeCurrent);
BENCHMARK(BM_ServeScrapeHttp)->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})->UseRealTime();
