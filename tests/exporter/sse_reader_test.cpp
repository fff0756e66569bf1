// The event-stream reader of the board view's feed: the events serve writes (sse_event()), however
// the network cuts them, and the rest of the format a proxy or another server may send.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "exporter/event_stream.hpp"
#include "exporter/http_answer.hpp"
#include "exporter/sse_reader.hpp"

namespace edgetop::exporter {
namespace {

std::vector<SseEvent> read_in_pieces(std::string_view bytes, std::size_t piece,
                                     std::size_t max_event_bytes = 1 << 16) {
    SseReader reader(max_event_bytes);
    std::vector<SseEvent> events;
    while (!bytes.empty()) {
        auto next = bytes.substr(0, piece);
        bytes.remove_prefix(next.size());
        reader.add(next, [&](SseEvent& event) { events.push_back(event); });
    }
    return events;
}

TEST(SseReader, ServesEventsAreReadWholeWhereverTheNetworkCutsThem) {
    const std::string sample = R"({"type":"sample","t":12.5,"power_total_mw":4368})";
    const std::string flag = "{\"flag\":\"gpu_bound\",\"state\":\"raised\",\"message\":\"a\\nb\"}";
    const std::string stream = sse_event("sample", "12.5", sample) + sse_event("flag", "", flag) +
                               sse_event("sample", "13", "line one\nline two");
    for (std::size_t piece = 1; piece <= stream.size(); ++piece) {
        auto events = read_in_pieces(stream, piece);
        ASSERT_EQ(events.size(), 3u) << "pieces of " << piece;
        EXPECT_EQ(events[0].name, "sample");
        EXPECT_EQ(events[0].id, "12.5");
        EXPECT_EQ(events[0].data, sample);
        EXPECT_EQ(events[1].name, "flag");
        EXPECT_EQ(events[1].id, "");
        EXPECT_EQ(events[1].data, flag);
        EXPECT_EQ(events[2].data, "line one\nline two");
    }
}

TEST(SseReader, TheRestOfTheFormat) {
    // CR LF line ends, a comment (a proxy's keep-alive), a field this reader does not keep, a
    // field without a colon, no space after the colon, an event with no data (not delivered), an
    // empty event name (a "message"), data lines kept as they are after the one space.
    auto events = read_in_pieces(
        ": keep-alive\r\n\r\nretry: 3000\r\nevent:sample\r\nid:7\r\n"
        "data:{\"t\":7}\r\n\r\nevent: nothing\r\n\r\n"
        "event:\ndata\ndata:  two spaces\n\n",
        5);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].name, "sample");
    EXPECT_EQ(events[0].id, "7");
    EXPECT_EQ(events[0].data, "{\"t\":7}");
    EXPECT_EQ(events[1].name, "message");
    EXPECT_EQ(events[1].data, "\n two spaces");
    // An event is delivered at its blank line only: the last one is still open.
    EXPECT_TRUE(read_in_pieces("event: sample\ndata: {}\n", 3).empty());
}

TEST(SseReader, AnEventOrALineLargerThanTheBoundIsRefused) {
    std::string many_lines;
    for (int i = 0; i < 100; ++i)
        many_lines += "data: 0123456789\n";
    EXPECT_THROW(read_in_pieces(many_lines + "\n", 7, 1000), HttpAnswerError);
    EXPECT_THROW(read_in_pieces("data: " + std::string(5000, 'x'), 64, 1000), HttpAnswerError);
    // Within the bound, the same event is read.
    EXPECT_EQ(read_in_pieces(many_lines + "\n", 7, 4000).size(), 1u);
    // The bound is per event: many events of a long stream never pass it.
    std::string stream;
    for (int i = 0; i < 1000; ++i)
        stream += sse_event("sample", std::to_string(i), "0123456789");
    EXPECT_EQ(read_in_pieces(stream, 100, 64).size(), 1000u);
}

}  // namespace
}  // namespace edgetop::exporter
