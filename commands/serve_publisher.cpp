#include "commands/serve_publisher.hpp"

#include <utility>

namespace edgetop {

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
    if (api_) {
        write_api_sample_line(line_, sample, api_processes_);
        api_->publish_sample(std::string_view(line_.data(), line_.size()));
    }
}

void ServePublisher::on_event(const analysis::Event& event) {
    if (!api_) return;
    raised_.apply(event);
    api_->publish_flags(raised_.json());
}

}  // namespace edgetop
