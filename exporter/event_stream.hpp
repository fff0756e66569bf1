// The events of /api/v1/stream (Server-Sent Events): the sampling thread publishes each event
// once; the HTTP server's loop writes it to every streaming client (http_server.cpp).
//
// Publishing never blocks on a client: it queues the event (shared by every client, not copied)
// and wakes the loop through an eventfd. The loop gives each client the events in order; a
// client whose unsent bytes would pass max_buffered_bytes is dropped alone, the others go on.
// Clients are bounded in number: the answer to one more is 503. Nothing is queued while no
// client listens.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop::exporter {

struct EventStreamLimits {
    int max_clients = 128;
    size_t max_buffered_bytes = size_t{1} << 20;  // per client, beyond the socket's own buffer
};

using StreamEvent = std::shared_ptr<const std::string>;

// One event in the text/event-stream format: "event: NAME", "id: ID" (when not empty), a "data:"
// line per line of data, and the blank line that ends it.
std::string sse_event(std::string_view name, std::string_view id, std::string_view data);

class EventStream {
  public:
    explicit EventStream(EventStreamLimits limits = {});
    ~EventStream();
    EventStream(const EventStream&) = delete;
    EventStream& operator=(const EventStream&) = delete;

    // Any thread: queues one event (sse_event's text) for every client.
    void publish(std::string event);
    // Whether a client listens (an event published now would reach one).
    bool has_clients();

    // The loop's side. The descriptor becomes readable when events were published.
    int wake_fd() const { return wake_fd_; }
    // The events published since the last call, oldest first (clears the wake-up).
    std::vector<StreamEvent> take();
    // Whether one more client may attach; counts it when so.
    bool attach();
    void detach();
    const EventStreamLimits& limits() const { return limits_; }

  private:
    EventStreamLimits limits_;
    int wake_fd_ = -1;
    std::mutex mutex_;
    std::vector<StreamEvent> pending_;
    size_t pending_bytes_ = 0;
    int clients_ = 0;
};

}  // namespace edgetop::exporter
