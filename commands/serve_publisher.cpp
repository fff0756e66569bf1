#include "commands/serve_publisher.hpp"

#include <utility>

namespace edgetop {

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
}

}  // namespace edgetop
