#include "exporter/event_stream.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>

namespace edgetop::exporter {

std::string sse_event(std::string_view name, std::string_view id, std::string_view data) {
    std::string out;
    out.reserve(data.size() + name.size() + id.size() + 24);
    out += "event: ";
    out += name;
    out += '\n';
    if (!id.empty()) {
        out += "id: ";
        out += id;
        out += '\n';
    }
    // A line break inside the data would end its field: each line is a data field of its own,
    // which the client joins again with '\n'.
    size_t start = 0;
    for (;;) {
        size_t end = data.find('\n', start);
        out += "data: ";
        out += data.substr(start, end == std::string_view::npos ? end : end - start);
        out += '\n';
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    out += '\n';
    return out;
}

EventStream::EventStream(EventStreamLimits limits) : limits_(limits) {
    wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wake_fd_ < 0) throw std::runtime_error("no eventfd for the event stream");
}

EventStream::~EventStream() {
    ::close(wake_fd_);
}

void EventStream::publish(std::string event) {
    {
        std::lock_guard lock(mutex_);
        if (clients_ == 0) return;
        // A loop that does not take the events (stopping, or stuck) must not make the sampler
        // hold them: past one client's bound, the oldest go. (The loop takes them at each
        // wake-up: at a sample an interval, this is the events of many minutes.)
        pending_bytes_ += event.size();
        pending_.push_back(std::make_shared<const std::string>(std::move(event)));
        while (pending_bytes_ > limits_.max_buffered_bytes && pending_.size() > 1) {
            pending_bytes_ -= pending_.front()->size();
            pending_.erase(pending_.begin());
        }
    }
    uint64_t one = 1;
    // A full counter (never in practice) still leaves the descriptor readable.
    [[maybe_unused]] auto written = ::write(wake_fd_, &one, sizeof one);
}

std::vector<StreamEvent> EventStream::take() {
    uint64_t count = 0;
    [[maybe_unused]] auto got = ::read(wake_fd_, &count, sizeof count);
    std::lock_guard lock(mutex_);
    std::vector<StreamEvent> events;
    events.swap(pending_);
    pending_bytes_ = 0;
    return events;
}

bool EventStream::has_clients() {
    std::lock_guard lock(mutex_);
    return clients_ > 0;
}

bool EventStream::attach() {
    std::lock_guard lock(mutex_);
    if (clients_ >= limits_.max_clients) return false;
    ++clients_;
    return true;
}

void EventStream::detach() {
    std::lock_guard lock(mutex_);
    if (clients_ > 0) --clients_;
}

}  // namespace edgetop::exporter
