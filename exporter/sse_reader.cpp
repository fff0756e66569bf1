#include "exporter/sse_reader.hpp"

#include <fmt/format.h>

#include "exporter/http_answer.hpp"

namespace edgetop::exporter {

void SseReader::add(std::string_view bytes, const std::function<void(SseEvent&)>& on_event) {
    while (!bytes.empty()) {
        auto end = bytes.find('\n');
        std::string_view part = bytes.substr(0, end);
        if (line_.size() + part.size() > max_event_bytes_ ||
            event_bytes_ + line_.size() + part.size() > max_event_bytes_)
            throw HttpAnswerError(fmt::format("event larger than {} bytes", max_event_bytes_));
        if (end == std::string_view::npos) {
            line_.append(part);
            return;
        }
        bytes.remove_prefix(end + 1);
        if (line_.empty()) {
            take_line(part, on_event);
        } else {
            line_.append(part);
            take_line(line_, on_event);
            line_.clear();
        }
    }
}

void SseReader::take_line(std::string_view line, const std::function<void(SseEvent&)>& on_event) {
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty()) {
        if (has_data_) on_event(event_);
        event_ = SseEvent{};
        has_data_ = false;
        event_bytes_ = 0;
        return;
    }
    event_bytes_ += line.size() + 1;
    if (line.front() == ':') return;
    auto colon = line.find(':');
    std::string_view field = line.substr(0, colon);
    std::string_view value = colon == std::string_view::npos ? "" : line.substr(colon + 1);
    if (value.starts_with(' ')) value.remove_prefix(1);
    if (field == "data") {
        if (has_data_) event_.data += '\n';
        event_.data.append(value);
        has_data_ = true;
    } else if (field == "event") {
        event_.name = value.empty() ? "message" : std::string(value);
    } else if (field == "id") {
        event_.id = std::string(value);
    }
}

}  // namespace edgetop::exporter
