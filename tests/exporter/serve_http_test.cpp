// edgetop serve over real HTTP: the landing page, /metrics, bad requests and slow clients that
// must not stop sampling or other scrapers, the session file of --log, and a clean stop.
#include <gtest/gtest.h>

#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include <zlib.h>
#include <nlohmann/json.hpp>

#include "tests/exporter/openmetrics_check.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"
#include "tests/support/large_tree.hpp"

namespace edgetop::testing {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> orin_args() {
    return {"--root", fixture_path("agx-orin"), "--interval", "100"};
}

// The samples counter of /metrics; waits for the first families (the server answers 503 before
// the sampler has discovered the board).
std::optional<double> samples_taken(ServeProcess& serve) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        auto response = serve.get("/metrics");
        if (response && response->status == 503) {
            std::this_thread::sleep_for(50ms);
            continue;
        }
        if (!response || response->status != 200) return std::nullopt;
        if (auto samples = ServeProcess::value_of(response->body, "edgetop_samples_total"))
            return samples;
        std::this_thread::sleep_for(50ms);
    }
    return std::nullopt;
}

// Polls /metrics until more samples than `after` were taken (sampling goes on).
bool sampling_continues(ServeProcess& serve, double after) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        auto samples = samples_taken(serve);
        if (samples && *samples > after) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

TEST(ServeHttp, LandingPageLinksToMetricsAndUnknownPathsAre404) {
    TempDir dir;
    ServeProcess serve(dir, orin_args());
    ASSERT_NE(serve.port(), 0) << serve.child().log();

    auto page = serve.get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_NE(page->head.find("text/html"), std::string::npos) << page->head;
    EXPECT_NE(page->body.find("<a href=\"/metrics\">"), std::string::npos) << page->body;

    auto unknown = serve.get("/no/such/page");
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->status, 404);

    ASSERT_TRUE(samples_taken(serve));
    auto metrics = serve.get("/metrics");
    ASSERT_TRUE(metrics);
    EXPECT_EQ(metrics->status, 200);
    EXPECT_NE(metrics->head.find("text/plain"), std::string::npos) << metrics->head;
    EXPECT_NE(metrics->body.find("edgetop_board_info{"), std::string::npos);
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

std::string gunzip(const std::string& data) {
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 16) != Z_OK) return "";
    std::string out;
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream.avail_in = static_cast<uInt>(data.size());
    int status = Z_OK;
    while (status == Z_OK) {
        char buffer[65536];
        stream.next_out = reinterpret_cast<Bytef*>(buffer);
        stream.avail_out = sizeof buffer;
        status = inflate(&stream, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - stream.avail_out);
    }
    inflateEnd(&stream);
    return status == Z_STREAM_END ? out : "";
}

TEST(ServeHttp, TheScraperChoosesTextOrOpenMetricsAndGzip) {
    TempDir dir;
    // A long interval: every request below sees the same sample.
    ServeProcess serve(dir, {"--root", fixture_path("agx-orin"), "--interval", "60000"});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(sampling_continues(serve, 0));

    auto text = serve.get("/metrics");
    ASSERT_TRUE(text);
    EXPECT_NE(text->head.find("Content-Type: text/plain; version=0.0.4; charset=utf-8"),
              std::string::npos)
        << text->head;
    EXPECT_NE(text->body.find("# TYPE edgetop_samples_total counter\n"), std::string::npos);
    EXPECT_EQ(text->body.find("# EOF"), std::string::npos);

    // As Prometheus 2.42 asks.
    std::string accept =
        "Accept: application/openmetrics-text;version=1.0.0,application/openmetrics-text;"
        "version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1\r\n";
    auto openmetrics = serve.get("/metrics", accept);
    ASSERT_TRUE(openmetrics);
    EXPECT_EQ(openmetrics->status, 200);
    EXPECT_NE(openmetrics->head.find(
                  "Content-Type: application/openmetrics-text; version=1.0.0; charset=utf-8"),
              std::string::npos)
        << openmetrics->head;
    EXPECT_TRUE(openmetrics->body.ends_with("\n# EOF\n"));
    EXPECT_NE(openmetrics->body.find("# TYPE edgetop_samples counter\nedgetop_samples_total 1\n"),
              std::string::npos)
        << openmetrics->body;
    auto check = check_openmetrics(openmetrics->body);
    EXPECT_TRUE(check.problems.empty()) << ::testing::PrintToString(check.problems);
    auto text_series = text_format_series(text->body);
    EXPECT_EQ(check.series.size(), text_series.size());
    for (const auto& [series, value] : text_series)
        EXPECT_EQ(check.series.count(series), 1u) << series;

    auto compressed = serve.get("/metrics", accept + "Accept-Encoding: gzip\r\n");
    ASSERT_TRUE(compressed);
    EXPECT_NE(compressed->head.find("Content-Encoding: gzip"), std::string::npos);
    EXPECT_LT(compressed->body.size(), openmetrics->body.size() / 4);
    EXPECT_EQ(gunzip(compressed->body), openmetrics->body);
    auto text_compressed = serve.get("/metrics", "Accept-Encoding: gzip\r\n");
    ASSERT_TRUE(text_compressed);
    EXPECT_EQ(gunzip(text_compressed->body), text->body);

    auto not_metrics = serve.get("/metrics/more");
    ASSERT_TRUE(not_metrics);
    EXPECT_EQ(not_metrics->status, 404);
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

TEST(ServeHttp, HugeHeadersAreRefusedAndServingGoesOn) {
    TempDir dir;
    ServeProcess serve(dir, orin_args());
    ASSERT_NE(serve.port(), 0) << serve.child().log();

    LoopbackSocket socket(serve.port());
    ASSERT_TRUE(socket.ok());
    std::string huge = "GET /metrics HTTP/1.0\r\nX-Padding: " + std::string(1 << 20, 'a');
    socket.send(huge + "\r\n\r\n");  // the server may close before taking it all
    bool closed = false;
    std::string reply = socket.read_until_closed(15s, closed);
    EXPECT_TRUE(closed) << "the server kept a 1 MiB header open";
    if (!reply.empty()) {
        EXPECT_GE(parse_response(reply).status, 400) << reply.substr(0, 200);
    }

    auto samples = samples_taken(serve);
    ASSERT_TRUE(samples);
    EXPECT_TRUE(sampling_continues(serve, *samples));
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

TEST(ServeHttp, SlowClientsAreDroppedWhileOthersAreServed) {
    TempDir dir;
    ServeProcess serve(dir, orin_args());
    ASSERT_NE(serve.port(), 0) << serve.child().log();

    // Three clients that send half a request line and then nothing (slowloris).
    std::vector<std::unique_ptr<LoopbackSocket>> slow;
    for (int i = 0; i < 3; ++i) {
        slow.push_back(std::make_unique<LoopbackSocket>(serve.port()));
        ASSERT_TRUE(slow.back()->ok());
        ASSERT_TRUE(slow.back()->send("GET /metr"));
    }
    // Meanwhile scrapes are answered and the samples keep coming.
    auto samples = samples_taken(serve);
    ASSERT_TRUE(samples) << "a scrape failed while slow clients were connected";
    EXPECT_TRUE(sampling_continues(serve, *samples));

    // The server ends each slow request on its own (request timeout), without an answer to it.
    for (auto& socket : slow) {
        bool closed = false;
        std::string reply = socket->read_until_closed(20s, closed);
        EXPECT_TRUE(closed) << "a slow client was kept forever";
        EXPECT_EQ(reply.find("edgetop_"), std::string::npos);
    }
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

// The attack of issue 13 that starved the thread pool of the server serve had before: 300 idle
// sockets and 50 slowloris clients that keep adding header lines (and reconnect when dropped).
TEST(ServeHttp, AScrapeIsAnsweredWithinASecondWhileIdleAndSlowClientsAreConnected) {
    TempDir dir;
    ServeProcess serve(dir, orin_args());
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(samples_taken(serve));

    std::vector<std::unique_ptr<LoopbackSocket>> idle;
    for (int i = 0; i < 300; ++i) {
        idle.push_back(std::make_unique<LoopbackSocket>(serve.port()));
        ASSERT_TRUE(idle.back()->ok()) << "connection " << i;
    }
    auto slowloris = [&] {
        auto socket = std::make_unique<LoopbackSocket>(serve.port());
        socket->send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        return socket;
    };
    std::vector<std::unique_ptr<LoopbackSocket>> slow;
    for (int i = 0; i < 50; ++i)
        slow.push_back(slowloris());

    int scrapes = 0;
    for (int round = 0; round < 12; ++round) {
        for (auto& socket : slow)
            if (!socket->send("X-Slow: 1\r\n")) socket = slowloris();
        if (round % 2 == 1) {
            auto start = std::chrono::steady_clock::now();
            auto response = http_get(serve.port(), "/metrics", "", 1000ms);
            auto took = std::chrono::steady_clock::now() - start;
            ASSERT_TRUE(response) << "no complete answer within 1 s in round " << round;
            EXPECT_EQ(response->status, 200);
            EXPECT_TRUE(ServeProcess::value_of(response->body, "edgetop_samples_total"));
            EXPECT_LT(took, 1s);
            ++scrapes;
        }
        std::this_thread::sleep_for(250ms);
    }
    EXPECT_EQ(scrapes, 6);
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

TEST(ServeHttp, TenConcurrentScrapersAllGetTheSameCompleteExposition) {
    TempDir dir;
    // A long interval: every scrape in the burst sees the same sample.
    ServeProcess serve(dir, {"--root", fixture_path("agx-orin"), "--interval", "60000"});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(sampling_continues(serve, 0));

    std::vector<std::future<std::optional<HttpResponse>>> scrapes;
    for (int i = 0; i < 10; ++i)
        scrapes.push_back(std::async(std::launch::async, [&] { return serve.get("/metrics"); }));
    for (auto& scrape : scrapes) {
        auto response = scrape.get();
        ASSERT_TRUE(response);
        EXPECT_EQ(response->status, 200);
        EXPECT_EQ(ServeProcess::value_of(response->body, "edgetop_samples_total"), 1.0);
        EXPECT_NE(response->body.find("edgetop_temperature_celsius{zone=\"CPU\"} 52.625"),
                  std::string::npos);
    }
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

// On a machine with hundreds of sensors the first sample takes a while after the board is
// known: /metrics stays 503 until it is complete, and its first 200 is that sample, never the
// board's identity without measurements.
TEST(ServeHttp, MetricsAreUnavailableUntilTheFirstSampleIsComplete) {
    FixtureTree tree;
    write_large_tree(tree, 100);
    TempDir dir;
    ServeProcess serve(dir, {"--root", tree.root(), "--interval", "1000"});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::optional<HttpResponse> first;
    int unavailable = 0;
    auto deadline = std::chrono::steady_clock::now() + 30s;
    while (!first && std::chrono::steady_clock::now() < deadline) {
        auto response = serve.get("/metrics");
        ASSERT_TRUE(response);
        if (response->status == 503) {
            ++unavailable;
            EXPECT_NE(response->head.find("Retry-After: 1"), std::string::npos);
            std::this_thread::sleep_for(2ms);  // polls often enough to see any early page
        } else {
            first = response;
        }
    }
    ASSERT_TRUE(first) << "no answer but 503 in 30 s\n" << serve.child().log();
    EXPECT_EQ(first->status, 200);
    EXPECT_GE(ServeProcess::value_of(first->body, "edgetop_samples_total").value_or(0), 1.0)
        << "after " << unavailable << " answers 503";
    EXPECT_TRUE(ServeProcess::value_of(first->body, "edgetop_last_sample_timestamp_seconds"));
    EXPECT_NE(first->body.find("edgetop_temperature_celsius{zone=\"cpu"), std::string::npos);
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

TEST(ServeHttp, LogWritesTheSessionFileOfRecordAndSigtermEndsIt) {
    TempDir dir;
    std::string log = dir.file("session.jsonl");
    auto args = orin_args();
    args.insert(args.end(), {"--log", log});
    ServeProcess serve(dir, args);
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(sampling_continues(serve, 2));
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
    EXPECT_FALSE(serve.child().was_killed());

    std::ifstream in(log);
    std::vector<nlohmann::json> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(nlohmann::json::parse(line));
    ASSERT_GE(lines.size(), 5u);  // header, three samples or more, end line
    EXPECT_EQ(lines.front()["board"]["soc"], "tegra234");
    EXPECT_EQ(lines.back()["reason"], "signal") << lines.back().dump();
    EXPECT_GE(lines.back()["samples"].get<int>(), 3);
}

TEST(ServeHttp, LogDashWritesTheSessionToStandardOutput) {
    // "-" is standard output for --log as for record -o (it once meant no log at all).
    TempDir dir;
    auto args = orin_args();
    args.insert(args.end(), {"--log", "-"});
    ServeProcess serve(dir, args);
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    ASSERT_TRUE(sampling_continues(serve, 2));
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
    std::string out = serve.child().log();  // standard output and error, as written
    EXPECT_NE(out.find("\"soc\":\"tegra234\""), std::string::npos) << out;
    EXPECT_NE(out.find("\"reason\":\"signal\""), std::string::npos) << out;
}

TEST(ServeHttp, AnAddressInUseIsAnErrorNotAHang) {
    TempDir dir;
    ServeProcess first(dir, orin_args());
    ASSERT_NE(first.port(), 0) << first.child().log();
    ChildProcess second({EDGETOP_BINARY, "serve", "--root", fixture_path("agx-orin"), "--listen",
                         "127.0.0.1:" + std::to_string(first.port())},
                        {.log_path = dir.file("second.log")});
    auto message = second.wait_for_log(std::regex("(cannot listen on 127\\.0\\.0\\.1:\\d+)"), 20s);
    EXPECT_TRUE(message) << second.log();
    EXPECT_EQ(second.wait(10s), 1) << second.log();
    EXPECT_EQ(first.child().stop(10s), 0) << first.child().log();
}

}  // namespace
}  // namespace edgetop::testing
