#include "commands/serve_publisher.hpp"

#include <utility>

#include <fmt/format.h>

#include "report/report_event_json.hpp"
#include "session/session_sample_line.hpp"

namespace edgetop {

namespace {

// The value of the line's "t" (the session time, as the line writes it): the event's id.
std::string_view time_of(std::string_view line) {
    constexpr std::string_view key = "\"t\":";
    auto at = line.find(key);
    if (at == std::string_view::npos) return {};
    at += key.size();
    return line.substr(at, line.find_first_of(",}", at) - at);
}

}  // namespace

ServePublisher::ServePublisher(std::shared_ptr<exporter::LatestMetrics> metrics,
                               std::vector<std::string> flag_ids, double ticks_per_s, bool logging)
    : metrics_(std::move(metrics)),
      flag_ids_(std::move(flag_ids)),
      ticks_per_s_(ticks_per_s),
      logging_(logging) {}

// Nothing is published before the first sample: until then /metrics answers 503, never a page
// without measurements.
void ServePublisher::on_start(const SessionHeader& header) {
    model_.emplace(header.board, flag_ids_, ticks_per_s_);
    if (logging_) model_->set_log_state(0, 0);
}

void ServePublisher::on_log_state(uint64_t failed_writes, uint64_t bytes_written) {
    if (model_) model_->set_log_state(failed_writes, bytes_written);
}

void ServePublisher::on_sample(const Sample& sample) {
    if (model_) metrics_->publish(model_->add(sample));
    if (!stream_ || !stream_->has_clients()) return;
    fmt::memory_buffer line;
    // Process names, command lines and users say what runs on the board: the stream leaves the
    // busiest processes out (their counts stay).
    if (sample.procs && !sample.procs->top.empty()) {
        Sample shared = sample;
        shared.procs->top.clear();
        append_sample_line(line, shared);
    } else {
        append_sample_line(line, sample);
    }
    std::string_view text(line.data(), line.size());
    stream_->publish(exporter::sse_event("sample", time_of(text), text));
}

void ServePublisher::on_event(const analysis::Event& event) {
    if (!stream_ || !stream_->has_clients()) return;
    std::string line = analysis::event_to_line(event).dump(
        -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    stream_->publish(exporter::sse_event("flag", "", line));
}

}  // namespace edgetop
