// Server-Sent Events from serve's HTTP server: every published event reaches every client in
// order, a client that does not read is dropped alone once its unsent bytes pass the bound, and
// clients beyond the bound in number are answered 503. Real loopback sockets; every wait bounded.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "exporter/http_server.hpp"
#include "exporter/metrics_server.hpp"
#include "tests/exporter/loopback_http.hpp"

namespace edgetop::exporter {
namespace event_stream_tests {

using namespace std::chrono_literals;
using testing::LoopbackSocket;

TEST(EventStream, EventsAreTheSseFormatWithALineOfDataEach) {
    EXPECT_EQ(sse_event("sample", "12.5", R"({"type":"sample","t":12.5})"),
              "event: sample\nid: 12.5\ndata: {\"type\":\"sample\",\"t\":12.5}\n\n");
    EXPECT_EQ(sse_event("flag", "", "a\nb"), "event: flag\ndata: a\ndata: b\n\n");
}

// A server whose every path is the stream.
struct StreamServer {
    explicit StreamServer(EventStreamLimits limits, HttpLimits http = {})
        : stream(std::make_shared<EventStream>(limits)),
          server(
              *parse_listen_address("127.0.0.1:0"),
              [s = stream](const HttpRequest& request) {
                  return answer_stream_request(request, s);
              },
              http) {}
    std::shared_ptr<EventStream> stream;
    HttpServer server;
};

// Connects and asks for the stream; the answer's head is read by the caller.
std::unique_ptr<LoopbackSocket> subscribe(int port, int receive_buffer = 0) {
    auto client = std::make_unique<LoopbackSocket>(port, "127.0.0.1", receive_buffer);
    if (client->ok()) client->send("GET /api/v1/stream HTTP/1.1\r\nHost: x\r\n\r\n");
    return client;
}

// Waits until the stream has clients (`any`) or none.
bool wait_for_clients(EventStream& stream, bool any) {
    for (int i = 0; i < 400; ++i) {
        if (stream.has_clients() == any) return true;
        std::this_thread::sleep_for(5ms);
    }
    return false;
}

// The ids of the events in `text`, in order.
std::vector<std::string> ids_in(const std::string& text) {
    std::vector<std::string> ids;
    for (size_t at = text.find("\nid: "); at != std::string::npos; at = text.find("\nid: ", at + 1))
        ids.push_back(text.substr(at + 5, text.find('\n', at + 5) - at - 5));
    return ids;
}

TEST(EventStream, ASlowClientIsDroppedAloneAndTheOthersGetEveryEventInOrder) {
    constexpr int kEvents = 400;
    const std::string data(2000, 'x');  // 800 kB in all: more than the slow client's buffers
    EventStreamLimits limits{8, 64 * 1024};
    StreamServer served(limits);
    int port = served.server.port();
    std::vector<std::unique_ptr<LoopbackSocket>> readers;
    for (int i = 0; i < 3; ++i)
        readers.push_back(subscribe(port));
    auto slow = subscribe(port, 4096);
    ASSERT_TRUE(slow->ok());
    for (auto& reader : readers)
        ASSERT_TRUE(reader->answer_begins_within(5s));
    ASSERT_TRUE(slow->answer_begins_within(5s));
    ASSERT_TRUE(wait_for_clients(*served.stream, true));

    // The readers read as the events come, each on a thread of its own.
    std::vector<std::string> received(readers.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < readers.size(); ++i)
        threads.emplace_back([&, i] {
            bool closed = false;
            auto deadline = std::chrono::steady_clock::now() + 20s;
            while (ids_in(received[i]).size() < kEvents && !closed &&
                   std::chrono::steady_clock::now() < deadline)
                received[i] += readers[i]->read_until_closed(20ms, closed);
        });
    for (int n = 0; n < kEvents; ++n) {
        served.stream->publish(sse_event("sample", std::to_string(n), data));
        std::this_thread::sleep_for(1ms);  // the sampler's pace (an event an interval), faster
    }
    for (auto& thread : threads)
        thread.join();

    std::vector<std::string> expected;
    for (int n = 0; n < kEvents; ++n)
        expected.push_back(std::to_string(n));
    for (size_t i = 0; i < readers.size(); ++i) {
        EXPECT_TRUE(received[i].starts_with("HTTP/1.1 200 OK\r\n")) << i;
        EXPECT_NE(received[i].find("Content-Type: text/event-stream"), std::string::npos);
        EXPECT_EQ(received[i].find("Content-Length"), std::string::npos);
        EXPECT_EQ(ids_in(received[i]), expected) << "reader " << i;
    }
    // The slow client got what its buffers held, then the end of the connection.
    bool closed = false;
    std::string got = slow->read_until_closed(5s, closed);
    EXPECT_TRUE(closed);
    auto slow_ids = ids_in(got);
    EXPECT_LT(slow_ids.size(), static_cast<size_t>(kEvents));
    EXPECT_GT(slow_ids.size(), 0u);
}

TEST(EventStream, ClientsBeyondTheBoundAre503AndALeavingClientFreesItsPlace) {
    StreamServer served(EventStreamLimits{2, 64 * 1024});
    int port = served.server.port();
    auto first = subscribe(port);
    auto second = subscribe(port);
    ASSERT_TRUE(first->answer_begins_within(5s));
    ASSERT_TRUE(second->answer_begins_within(5s));
    auto third = subscribe(port);
    bool closed = false;
    std::string refused = third->read_until_closed(5s, closed);
    EXPECT_TRUE(refused.starts_with("HTTP/1.1 503 Service Unavailable\r\n")) << refused;
    EXPECT_TRUE(closed);

    first.reset();  // its end frees a place
    for (int attempt = 0; attempt < 100; ++attempt) {
        auto next = subscribe(port);
        bool ended = false;
        std::string head =
            next->answer_begins_within(5s) ? next->read_until_closed(50ms, ended) : "";
        if (head.starts_with("HTTP/1.1 200")) return;
        std::this_thread::sleep_for(10ms);
    }
    ADD_FAILURE() << "no place came free after a client left";
}

}  // namespace event_stream_tests
}  // namespace edgetop::exporter
