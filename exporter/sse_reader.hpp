// Reading a text/event-stream (Server-Sent Events, as /api/v1/stream writes it) as its bytes
// arrive, apart from the connection, so that it is bounded and fuzzed without a socket. Lines end
// with LF or CR LF (a lone CR, which the format also allows, is kept in the line: no server of
// ours writes one); "event", "data" (joined with LF when repeated) and "id" are kept, comments
// (":...") and other fields are skipped, and a blank line ends the event.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace edgetop::exporter {

struct SseEvent {
    std::string name = "message";
    std::string id;
    std::string data;
};

class SseReader {
  public:
    // An event, or a line, longer than max_event_bytes throws HttpAnswerError.
    explicit SseReader(std::size_t max_event_bytes) : max_event_bytes_(max_event_bytes) {}

    // Takes the next bytes and hands each event they complete to on_event.
    void add(std::string_view bytes, const std::function<void(SseEvent&)>& on_event);

  private:
    void take_line(std::string_view line, const std::function<void(SseEvent&)>& on_event);

    std::size_t max_event_bytes_;
    std::string line_;
    SseEvent event_;
    bool has_data_ = false;
    std::size_t event_bytes_ = 0;
};

}  // namespace edgetop::exporter
