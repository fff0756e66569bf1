// serve's HTTP server under the limits its documentation claims and no other test reaches: the
// overall connection cap when every client has an address of its own (so the per-address cap
// never acts), the write timeout of an answer nobody reads, and the linger that lets a client
// which sends more than its request still read the whole answer.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "exporter/http_server.hpp"
#include "tests/exporter/loopback_http.hpp"

namespace edgetop::exporter {
namespace {

using namespace std::chrono_literals;
using testing::LoopbackSocket;
using testing::parse_response;

const std::string kSmall = "edgetop_samples_total 7\n";

HttpHandler small_or_big(const std::string& big) {
    return [&big](const HttpRequest& request) {
        HttpAnswer answer;
        answer.content_type = "text/plain";
        answer.body = request.path == "/big" ? std::string_view(big) : std::string_view(kSmall);
        return answer;
    };
}

std::string address_number(int n) {
    return "127.0.0." + std::to_string(n);
}

TEST(HttpDeadlines, TheOverallCapClosesTheLongestIdleWhenEveryClientHasItsOwnAddress) {
    std::string big;
    HttpLimits limits;
    limits.max_connections = 12;
    limits.max_connections_per_address = 64;  // never reached: one connection per address
    HttpServer server(*parse_listen_address("127.0.0.1:0"), small_or_big(big), limits);
    int port = server.port();
    if (!LoopbackSocket(port, "127.0.0.2").ok())
        GTEST_SKIP() << "127.0.0.2 cannot be bound on this machine";

    // Twelve idle clients, 127.0.0.10 to 127.0.0.21, each answered once (so the server holds
    // each connection, waiting for its next request) before the next one comes.
    std::vector<std::unique_ptr<LoopbackSocket>> idle;
    for (int n = 0; n < 12; ++n) {
        idle.push_back(std::make_unique<LoopbackSocket>(port, address_number(10 + n).c_str()));
        ASSERT_TRUE(idle.back()->ok());
        ASSERT_TRUE(idle.back()->send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
        ASSERT_TRUE(idle.back()->read_response(5s)) << n;
    }
    // A thirteenth address: served, and the connection idle longest (the first) made room.
    LoopbackSocket scraper(port, address_number(30).c_str());
    ASSERT_TRUE(scraper.send("GET /metrics HTTP/1.0\r\n\r\n"));
    bool closed = false;
    auto response = parse_response(scraper.read_until_closed(5s, closed));
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, kSmall);
    idle.front()->read_until_closed(2s, closed);
    EXPECT_TRUE(closed) << "the connection idle longest is still open";
    for (size_t n = 1; n < idle.size(); ++n) {
        idle[n]->read_until_closed(50ms, closed);
        EXPECT_FALSE(closed) << "connection " << n << " was closed, not the longest idle";
    }
}

TEST(HttpDeadlines, AnAnswerNobodyReadsIsClosedAfterTheWriteTimeout) {
    const std::string big(8 << 20, 'x');  // more than the socket buffers of both ends take
    HttpLimits limits;
    limits.write_timeout = 300ms;
    HttpServer server(*parse_listen_address("127.0.0.1:0"), small_or_big(big), limits);
    LoopbackSocket reader_that_stops(server.port(), "127.0.0.1", 4096);
    ASSERT_TRUE(reader_that_stops.ok());
    ASSERT_TRUE(reader_that_stops.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n"));
    ASSERT_TRUE(reader_that_stops.answer_begins_within(5s));
    // The client reads nothing for three write timeouts: the server gives up on it.
    std::this_thread::sleep_for(900ms);
    bool closed = false;
    std::string got = reader_that_stops.read_until_closed(5s, closed);
    EXPECT_TRUE(closed);
    EXPECT_LT(got.size(), big.size()) << "the whole answer went out: the timeout never acted";

    // Meanwhile and after, others are served.
    LoopbackSocket scraper(server.port());
    ASSERT_TRUE(scraper.send("GET /metrics HTTP/1.0\r\n\r\n"));
    EXPECT_EQ(parse_response(scraper.read_until_closed(5s, closed)).body, kSmall);
}

TEST(HttpDeadlines, AClientSendingMoreThanItsRequestStillReadsTheWholeAnswer) {
    // A client with a small receive buffer asks for 1 MiB and, while the answer comes, sends
    // 64 KiB more. When the server has handed the last of the answer to its kernel, much of it
    // still waits in the server's send buffer; closing with the client's bytes unread would
    // reset the connection and drop that part. The server reads them for a moment first (its
    // linger), so the whole answer arrives.
    const std::string big(1 << 20, 'y');
    HttpServer server(*parse_listen_address("127.0.0.1:0"), small_or_big(big));
    LoopbackSocket client(server.port(), "127.0.0.1", 4096);
    ASSERT_TRUE(client.ok());
    ASSERT_TRUE(client.send("GET /big HTTP/1.0\r\n\r\n"));
    ASSERT_TRUE(client.answer_begins_within(5s));
    ASSERT_TRUE(client.send(std::string(64 << 10, 'z')));
    bool closed = false;
    auto response = parse_response(client.read_until_closed(10s, closed));
    EXPECT_TRUE(closed);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body.size(), big.size());
}

}  // namespace
}  // namespace edgetop::exporter
