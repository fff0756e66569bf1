// The JSON API of edgetop serve against /metrics, on the AGX Orin fixture and in the same run:
// what the sampling thread adds to publish the sample line, what a GET of /api/v1/sample costs
// the server next to a scrape of /metrics for the same sample (whole requests over loopback
// through edgetop's own HTTP server, server_cpu_us being the CPU time of every thread but the
// client's), and the memory of the history (serve --history) at one sample a second for ten
// minutes, from the ring's own accounting.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <memory>
#include <string>

#include "analysis/rules_analyzer.hpp"
#include "analysis/rules_config.hpp"
#include "commands/api_documents.hpp"
#include "exporter/api_store.hpp"
#include "exporter/export_model.hpp"
#include "exporter/latest_metrics.hpp"
#include "exporter/metrics_server.hpp"
#include "sensors/sampler/sampler.hpp"

namespace {

using namespace edgetop;

// Two samples taken (rates present), as a running serve has them, with the rules' flags.
struct ApiRunning {
    Sampler sampler;
    analysis::Analyzer analyzer{sampler.board()};
    exporter::ExportModel model{sampler.board(), analysis::RuleConfig().enabled_ids(), 100};
    Sample sample;
    explicit ApiRunning(const std::string& root) : sampler(Root(root)) { next(); }
    void next() {
        sample = sampler.sample();
        analyzer.update(sample);
        analyzer.annotate(sample);
    }
};

std::string orin_root() {
    return std::string(EDGETOP_FIXTURES) + "/agx-orin";
}

// The sampling thread's part: the line written and published (gzip is left to the first
// request that asks for it).
void BM_ApiPublishSample(benchmark::State& state) {
    ApiRunning running(orin_root());
    exporter::ApiStore api(600);
    fmt::memory_buffer line;
    double t = running.sample.t_s;
    for (auto _ : state) {
        running.sample.t_s = (t += 1);
        write_api_sample_line(line, running.sample, false);
        api.publish_sample(std::string_view(line.data(), line.size()));
    }
    state.counters["bytes"] = static_cast<double>(line.size());
}

// The same part for /metrics: every family built, both bodies serialized.
void BM_ApiMetricsPublish(benchmark::State& state) {
    ApiRunning running(orin_root());
    exporter::LatestMetrics metrics;
    for (auto _ : state)
        metrics.publish(running.model.add(running.sample));
}

std::size_t get(int port, const std::string& path, bool gzip) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::size_t total = 0;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        std::string request = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n";
        if (gzip) request += "Accept-Encoding: gzip\r\n";
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

double cpu_seconds(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Arguments: the path (0 /metrics, 1 /api/v1/sample, 2 /api/v1/samples?since=10m with 600
// samples kept), gzip asked for (1) or not. Both documents come from the same sample.
void BM_ApiGetHttp(benchmark::State& state) {
    ApiRunning running(orin_root());
    auto metrics = std::make_shared<exporter::LatestMetrics>();
    auto api = std::make_shared<exporter::ApiStore>(600);
    fmt::memory_buffer line;
    int history = state.range(0) == 2 ? 600 : 1;
    for (int i = 0; i < history; ++i) {
        running.sample.t_s = i + 1.0;
        write_api_sample_line(line, running.sample, false);
        api->publish_sample(std::string_view(line.data(), line.size()));
    }
    metrics->publish(running.model.add(running.sample));
    exporter::MetricsServer server(*exporter::parse_listen_address("127.0.0.1:0"), metrics, {}, {},
                                   api);
    static const char* const kPaths[] = {"/metrics", "/api/v1/sample", "/api/v1/samples?since=10m"};
    std::string path = kPaths[state.range(0)];
    bool gzip = state.range(1) == 1;
    std::size_t bytes = 0;
    double process_start = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
    double client_start = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
    for (auto _ : state)
        bytes = get(server.address().port, path, gzip);
    double client = cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - client_start;
    double process = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - process_start;
    state.SetLabel(path + (gzip ? " gzip" : ""));
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["server_cpu_us"] =
        (process - client) * 1e6 / static_cast<double>(state.iterations());
}

// The history of 10 minutes at 1 Hz (600 lines, the default --history at the default interval):
// its bytes, on the Orin fixture (0) and on this machine with its process table (1: as served
// without --api-processes, 2: with it).
void BM_ApiHistoryMemory(benchmark::State& state) {
    ApiRunning running(state.range(0) == 0 ? orin_root() : "/");
    running.next();
    exporter::ApiStore api(600);
    fmt::memory_buffer line;
    double t = 0;
    for (auto _ : state) {
        for (int i = 0; i < 600; ++i) {
            running.sample.t_s = (t += 1);
            write_api_sample_line(line, running.sample, state.range(0) == 2);
            api.publish_sample(std::string_view(line.data(), line.size()));
        }
    }
    state.counters["line_bytes"] = static_cast<double>(line.size());
    state.counters["history_bytes"] = static_cast<double>(api.history_memory_bytes());
}

}  // namespace

BENCHMARK(BM_ApiPublishSample);
BENCHMARK(BM_ApiMetricsPublish);
BENCHMARK(BM_ApiGetHttp)->ArgsProduct({{0, 1, 2}, {0, 1}})->UseRealTime();
BENCHMARK(BM_ApiHistoryMemory)->Arg(0)->Arg(1)->Arg(2)->Iterations(1);
