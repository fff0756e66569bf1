#include "commands/serve_publisher.hpp"

#include <utility>

#include <fmt/format.h>

#include "cli/cli_help.hpp"
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
                               std::vector<std::string> flag_ids, double ticks_per_s, bool logging,
                               std::shared_ptr<exporter::ApiStore> api, bool api_processes)
    : metrics_(std::move(metrics)),
      flag_ids_(std::move(flag_ids)),
      ticks_per_s_(ticks_per_s),
      logging_(logging),
      api_(std::move(api)),
      api_processes_(api_processes),
      raised_(api_processes) {}

// Nothing is published before the first sample: until then /metrics answers 503, never a page
// without measurements.
void ServePublisher::on_start(const SessionHeader& header) {
    model_.emplace(header.board, flag_ids_, ticks_per_s_);
    model_->set_group_series(groups_);
    model_->set_version(std::string(cli::version()));
    if (logging_) model_->set_log_state(0, 0);
    if (api_) {
        api_->publish_board(api_board_json(header));
        api_->publish_flags(raised_.json());
    }
}

void ServePublisher::on_log_state(uint64_t failed_writes, uint64_t bytes_written) {
    if (model_) model_->set_log_state(failed_writes, bytes_written);
}

void ServePublisher::on_sample(const Sample& sample) {
    if (model_) metrics_->publish(model_->add(sample));
    const bool streaming = stream_ && stream_->has_clients();
    if (!api_ && !streaming) return;
    write_api_sample_line(line_, sample, api_processes_);
    std::string_view text(line_.data(), line_.size());
    if (api_) api_->publish_sample(text);
    if (streaming) stream_->publish(exporter::sse_event("sample", time_of(text), text));
}

void ServePublisher::on_event(const analysis::Event& event) {
    if (api_) {
        raised_.apply(event);
        api_->publish_flags(raised_.json());
    }
    if (!stream_ || !stream_->has_clients()) return;
    std::string line = analysis::event_to_line(api_processes_ ? event : without_processes(event))
                           .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    stream_->publish(exporter::sse_event("flag", "", line));
}

}  // namespace edgetop
