// serve's HTTP server in this process on loopback: statuses, keep-alive, the connection limits
// and timeouts, IPv6. Real sockets; every wait is bounded.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "exporter/metrics_server.hpp"
#include "tests/exporter/fixture_families.hpp"
#include "tests/exporter/loopback_http.hpp"

namespace edgetop::exporter {
namespace {

using namespace std::chrono_literals;
using testing::http_get;
using testing::LoopbackSocket;
using testing::parse_response;

std::shared_ptr<LatestMetrics> orin_metrics() {
    auto metrics = std::make_shared<LatestMetrics>();
    metrics->publish(families_of("agx-orin"));
    return metrics;
}

ListenAddress loopback() {
    return *parse_listen_address("127.0.0.1:0");
}

// Sends `request` on a fresh connection and reads until the server closes it.
testing::HttpResponse request_once(int port, const std::string& request) {
    LoopbackSocket socket(port);
    EXPECT_TRUE(socket.ok());
    socket.send(request);
    bool closed = false;
    std::string raw = socket.read_until_closed(5s, closed);
    EXPECT_TRUE(closed) << request;
    return parse_response(raw);
}

TEST(MetricsServer, AnswersServiceUnavailableUntilTheFirstSample) {
    auto metrics = std::make_shared<LatestMetrics>();
    MetricsServer server(loopback(), metrics);
    auto before = http_get(server.address().port, "/metrics");
    ASSERT_TRUE(before);
    EXPECT_EQ(before->status, 503);
    EXPECT_NE(before->head.find("Retry-After: 1"), std::string::npos) << before->head;
    EXPECT_EQ(before->body, "no sample yet: edgetop serve is starting\n");
    EXPECT_EQ(http_get(server.address().port, "/")->status, 200);  // the landing page is there

    metrics->publish(families_of("agx-orin"));
    auto after = http_get(server.address().port, "/metrics");
    ASSERT_TRUE(after);
    EXPECT_EQ(after->status, 200);
    EXPECT_NE(after->body.find("edgetop_samples_total 2\n"), std::string::npos);
}

TEST(MetricsServer, OtherMethodsAre405WithAllow) {
    MetricsServer server(loopback(), orin_metrics());
    for (const char* method : {"POST", "PUT", "DELETE", "OPTIONS", "get"}) {
        auto response = request_once(server.address().port, std::string(method) +
                                                                " /metrics HTTP/1.0\r\n"
                                                                "Content-Length: 0\r\n\r\n");
        EXPECT_EQ(response.status, 405) << method;
        EXPECT_NE(response.head.find("\r\nAllow: GET, HEAD"), std::string::npos) << response.head;
    }
    EXPECT_EQ(request_once(server.address().port, "POST /nothing HTTP/1.0\r\n\r\n").status, 404);
}

TEST(MetricsServer, MalformedAndOversizedRequestsAreRefusedAndClosed) {
    MetricsServer server(loopback(), orin_metrics());
    int port = server.address().port;
    // Keep-alive was asked for (HTTP/1.1), yet a refused request ends the connection.
    for (const char* bad : {"GARBAGE\r\n\r\n", "GET /metrics HTTP/9.9\r\n\r\n",
                            "GET /metrics HTTP/1.1\r\nBad header\r\n\r\n"}) {
        auto response = request_once(port, bad);
        EXPECT_EQ(response.status, 400) << bad;
        EXPECT_NE(response.head.find("Connection: close"), std::string::npos);
    }
    auto large = request_once(port, "GET /metrics HTTP/1.1\r\nX-Padding: " +
                                        std::string(kMaxHeaderBytes, 'a') + "\r\n\r\n");
    EXPECT_EQ(large.status, 431);
    EXPECT_EQ(http_get(port, "/metrics")->status, 200);
}

TEST(MetricsServer, AbsoluteFormTargetsAreServedAndMalformedOnesAre400) {
    MetricsServer server(loopback(), orin_metrics());
    int port = server.address().port;
    std::string authority = "127.0.0.1:" + std::to_string(port);
    auto metrics = request_once(port, "GET http://" + authority +
                                          "/metrics?x=1 HTTP/1.1\r\nHost: " + authority +
                                          "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(metrics.status, 200) << metrics.head;
    EXPECT_NE(metrics.body.find("edgetop_board_info{"), std::string::npos);
    auto landing = request_once(port, "GET HTTP://" + authority + " HTTP/1.0\r\n\r\n");
    EXPECT_EQ(landing.status, 200);
    EXPECT_NE(landing.body.find("<a href=\"/metrics\">"), std::string::npos);
    EXPECT_EQ(request_once(port, "GET http://" + authority + "/other HTTP/1.0\r\n\r\n").status,
              404);
    for (const std::string& bad :
         {std::string("http:///metrics"), "ftp://" + authority + "/metrics",
          "http://user@" + authority + "/metrics", "http:" + authority})
        EXPECT_EQ(request_once(port, "GET " + bad + " HTTP/1.1\r\nHost: x\r\n\r\n").status, 400)
            << bad;
}

// A client may end its side after the request (shutdown(SHUT_WR), as `nc -N` and some probes
// do): its FIN says it will send nothing more, not that it does not want the answer.
TEST(MetricsServer, AClientThatHalfClosesAfterItsRequestIsAnswered) {
    MetricsServer server(loopback(), orin_metrics());
    int port = server.address().port;
    auto whole = http_get(port, "/metrics");
    ASSERT_TRUE(whole);
    for (int i = 0; i < 10; ++i) {
        LoopbackSocket socket(port);
        ASSERT_TRUE(socket.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
        ASSERT_TRUE(socket.shutdown_write());
        bool closed = false;
        auto response = parse_response(socket.read_until_closed(5s, closed));
        EXPECT_TRUE(closed);
        EXPECT_EQ(response.status, 200) << "request " << i;
        EXPECT_TRUE(response.body == whole->body) << "request " << i << ": " << response.head;
    }

    // Two requests before the FIN: both are answered, then the connection closes.
    LoopbackSocket pipelined(port);
    ASSERT_TRUE(pipelined.send(
        "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
    ASSERT_TRUE(pipelined.shutdown_write());
    for (const char* expected : {"<a href=\"/metrics\">", "edgetop_samples_total"}) {
        auto raw = pipelined.read_response(5s);
        ASSERT_TRUE(raw) << expected;
        EXPECT_EQ(parse_response(*raw).status, 200);
        EXPECT_NE(raw->find(expected), std::string::npos);
    }
    bool closed = false;
    EXPECT_EQ(pipelined.read_until_closed(5s, closed), "");
    EXPECT_TRUE(closed);

    // A FIN in the middle of a head: nothing can complete it, so the connection closes at once
    // (well before the 3 s header timeout) without an answer.
    LoopbackSocket cut(port);
    ASSERT_TRUE(cut.send("GET /metrics HTTP/1.1\r\nHost"));
    ASSERT_TRUE(cut.shutdown_write());
    EXPECT_EQ(cut.read_until_closed(2s, closed), "");
    EXPECT_TRUE(closed);
}

TEST(MetricsServer, HeadSendsTheHeadOfGet) {
    MetricsServer server(loopback(), orin_metrics());
    auto get = http_get(server.address().port, "/metrics");
    auto head = request_once(server.address().port, "HEAD /metrics HTTP/1.0\r\n\r\n");
    ASSERT_TRUE(get);
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.body.empty());
    EXPECT_NE(head.head.find("Content-Length: " + std::to_string(get->body.size())),
              std::string::npos)
        << head.head;
}

TEST(MetricsServer, KeepAliveServesABoundedNumberOfRequestsOnOneConnection) {
    HttpLimits limits;
    limits.max_requests_per_connection = 3;
    MetricsServer server(loopback(), orin_metrics(), limits);
    LoopbackSocket socket(server.address().port);
    ASSERT_TRUE(socket.ok());
    // Two requests at once (pipelined), then one more after the answers.
    ASSERT_TRUE(
        socket.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    for (const char* expected : {"edgetop_samples_total", "<a href=\"/metrics\">"}) {
        auto raw = socket.read_response(5s);
        ASSERT_TRUE(raw);
        auto response = parse_response(*raw);
        EXPECT_EQ(response.status, 200);
        EXPECT_NE(response.head.find("Connection: keep-alive"), std::string::npos);
        EXPECT_NE(response.body.find(expected), std::string::npos);
    }
    ASSERT_TRUE(socket.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
    auto last = socket.read_response(5s);
    ASSERT_TRUE(last);
    EXPECT_NE(last->find("Connection: close"), std::string::npos);
    bool closed = false;
    EXPECT_EQ(socket.read_until_closed(5s, closed), "");
    EXPECT_TRUE(closed);
}

TEST(MetricsServer, SlowAndIdleConnectionsAreClosedOnTime) {
    HttpLimits limits;
    limits.header_timeout = 300ms;
    limits.idle_timeout = 300ms;
    MetricsServer server(loopback(), orin_metrics(), limits);
    LoopbackSocket slow(server.address().port);
    LoopbackSocket idle_after_answer(server.address().port);
    ASSERT_TRUE(slow.send("GET /metrics HTTP/1.1\r\n"));
    ASSERT_TRUE(idle_after_answer.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    ASSERT_TRUE(idle_after_answer.read_response(5s));

    auto start = std::chrono::steady_clock::now();
    bool closed = false;
    EXPECT_EQ(slow.read_until_closed(5s, closed), "");
    EXPECT_TRUE(closed);
    EXPECT_EQ(idle_after_answer.read_until_closed(5s, closed), "");
    EXPECT_TRUE(closed);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
}

TEST(MetricsServer, ANewConnectionOverTheLimitClosesTheLongestIdle) {
    HttpLimits limits;
    limits.max_connections_per_address = 4;
    MetricsServer server(loopback(), orin_metrics(), limits);
    int port = server.address().port;
    std::vector<std::unique_ptr<LoopbackSocket>> idle;
    for (int i = 0; i < 4; ++i) {
        idle.push_back(std::make_unique<LoopbackSocket>(port));
        ASSERT_TRUE(idle.back()->ok());
        // The server has taken this connection before the next one comes.
        ASSERT_TRUE(http_get(port, "/")) << i;
    }
    // A fifth connection from this address: it closes the one idle longest.
    auto scrape = http_get(port, "/metrics", "", 2000ms);
    ASSERT_TRUE(scrape);
    EXPECT_EQ(scrape->status, 200);
    bool closed = false;
    idle.front()->read_until_closed(2s, closed);
    EXPECT_TRUE(closed) << "the longest idle connection is still open";
    idle.back()->read_until_closed(200ms, closed);
    EXPECT_FALSE(closed) << "the newest idle connection was closed";
}

TEST(MetricsServer, ServesIpv6Loopback) {
    std::unique_ptr<MetricsServer> server;
    try {
        server = std::make_unique<MetricsServer>(*parse_listen_address("[::1]:0"), orin_metrics());
    } catch (const std::runtime_error& e) {
        GTEST_SKIP() << "::1 cannot be bound on this machine: " << e.what();
    }
    EXPECT_EQ(server->address().host, "[::1]");
    LoopbackSocket socket(server->address().port, true);
    ASSERT_TRUE(socket.ok());
    ASSERT_TRUE(socket.send("GET /metrics HTTP/1.0\r\n\r\n"));
    bool closed = false;
    auto response = parse_response(socket.read_until_closed(5s, closed));
    EXPECT_TRUE(closed);
    EXPECT_EQ(response.status, 200);
    EXPECT_NE(response.body.find("edgetop_board_info{"), std::string::npos);
}

}  // namespace
}  // namespace edgetop::exporter
