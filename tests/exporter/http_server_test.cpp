// serve's HTTP server with a handler of the test's own: clients that ask for an answer and never
// read it must not keep a scrape out. Real loopback sockets from several local addresses; every
// wait is bounded.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "exporter/http_server.hpp"
#include "tests/exporter/loopback_http.hpp"

namespace edgetop::exporter {
namespace {

using namespace std::chrono_literals;
using testing::LoopbackSocket;
using testing::parse_response;

TEST(HttpServer, ClientsThatNeverReadTheirAnswerCannotKeepAScrapeOut) {
    // More than the socket buffers of a client that reads nothing can take, even where the
    // kernel grows them (up to 4 MiB by default, and loopback's 64 KiB segments grow them fast):
    // its answer stalls.
    const std::string big(8 << 20, 'x');
    const std::string small = "edgetop_samples_total 7\n";
    HttpLimits limits;
    limits.max_connections = 32;
    limits.max_connections_per_address = 4;
    limits.write_timeout = 60s;  // no stall ends by itself during the test
    HttpServer server(
        *parse_listen_address("127.0.0.1:0"),
        [&](const HttpRequest& request) {
            HttpAnswer answer;
            answer.content_type = "text/plain";
            answer.body = request.path == "/big" ? big : small;
            return answer;
        },
        limits);
    int port = server.port();

    // The n-th client that never reads, from 127.0.0.2 to 127.0.0.9 in turn; true once its
    // answer has begun (the server is then stalled writing it).
    std::vector<std::unique_ptr<LoopbackSocket>> stalled;
    auto stall = [&](int n) {
        std::string from = "127.0.0." + std::to_string(2 + n % 8);
        auto client = std::make_unique<LoopbackSocket>(port, from.c_str(), 4096);
        bool began = client->ok() && client->send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n") &&
                     client->answer_begins_within(5s);
        stalled.push_back(std::move(client));
        return began;
    };
    if (!LoopbackSocket(port, "127.0.0.2").ok())
        GTEST_SKIP() << "127.0.0.2 cannot be bound on this machine";
    // As many as the server has room for, its limit from each of the eight addresses.
    for (int n = 0; n < 32; ++n)
        ASSERT_TRUE(stall(n)) << "client " << n << " got no answer";

    for (int scrape = 0; scrape < 16; ++scrape) {
        // A ninth address, then addresses whose every slot holds a stalled answer.
        std::string from =
            scrape % 2 == 0 ? "127.0.0.1" : "127.0.0." + std::to_string(2 + scrape % 8);
        LoopbackSocket scraper(port, from.c_str());
        ASSERT_TRUE(scraper.ok());
        auto start = std::chrono::steady_clock::now();
        ASSERT_TRUE(scraper.send("GET /metrics HTTP/1.0\r\n\r\n"));
        bool closed = false;
        auto response = parse_response(scraper.read_until_closed(5s, closed));
        auto took = std::chrono::steady_clock::now() - start;
        EXPECT_TRUE(closed);
        EXPECT_EQ(response.status, 200) << "scrape " << scrape << " from " << from;
        EXPECT_EQ(response.body, small) << "scrape " << scrape << " from " << from;
        EXPECT_LT(took, 1s) << "scrape " << scrape << " from " << from;
        // The slot the scrape freed is taken by a stalled answer again before the next one.
        ASSERT_TRUE(stall(32 + scrape)) << "scrape " << scrape;
    }
}

}  // namespace
}  // namespace edgetop::exporter
