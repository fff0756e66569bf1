// Connects the recording loop to the exporter: every sample (flags filled in) becomes the set of
// metric families that the next scrapes return, and, with an event stream, one "sample" event
// (the session's sample line) and one "flag" event per flag raised or cleared (the session's
// event line). Runs on the sampling thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/recorder.hpp"
#include "exporter/event_stream.hpp"
#include "exporter/export_model.hpp"
#include "exporter/latest_metrics.hpp"

namespace edgetop {

class ServePublisher : public RecordObserver {
  public:
    // flag_ids: the enabled rules; ticks_per_s: USER_HZ; logging: --log was given (its failed
    // writes and bytes written are served, from 0).
    ServePublisher(std::shared_ptr<exporter::LatestMetrics> metrics,
                   std::vector<std::string> flag_ids, double ticks_per_s, bool logging);

    // Also publishes to `stream` (/api/v1/stream).
    void stream_to(std::shared_ptr<exporter::EventStream> stream) { stream_ = std::move(stream); }

    void on_start(const SessionHeader& header) override;
    void on_sample(const Sample& sample) override;
    void on_event(const analysis::Event& event) override;
    void on_log_state(uint64_t failed_writes, uint64_t bytes_written) override;

  private:
    std::shared_ptr<exporter::LatestMetrics> metrics_;
    std::vector<std::string> flag_ids_;
    double ticks_per_s_;
    bool logging_;
    std::optional<exporter::ExportModel> model_;  // from the header's board
    std::shared_ptr<exporter::EventStream> stream_;
};

}  // namespace edgetop
