// Connects the recording loop to the exporter: every sample (flags filled in) becomes the set of
// metric families that the next scrapes return, and the JSON API's sample line; the header gives
// the API its board, the flag events its raised flags (api_documents.hpp); with an event stream,
// one "sample" event (the API's sample line) and one "flag" event per flag raised or cleared (the
// session's event line, its processes hidden as in the API). Runs on the sampling thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands/api_documents.hpp"
#include "commands/recorder.hpp"
#include "exporter/api_store.hpp"
#include "exporter/event_stream.hpp"
#include "exporter/export_model.hpp"
#include "exporter/latest_metrics.hpp"

namespace edgetop {

class ServePublisher : public RecordObserver {
  public:
    // flag_ids: the enabled rules; ticks_per_s: USER_HZ; logging: --log was given (its failed
    // writes and bytes written are served, from 0); api: null for none; api_processes:
    // --api-processes.
    ServePublisher(std::shared_ptr<exporter::LatestMetrics> metrics,
                   std::vector<std::string> flag_ids, double ticks_per_s, bool logging,
                   std::shared_ptr<exporter::ApiStore> api = nullptr, bool api_processes = false);

    // Also publishes to `stream` (/api/v1/stream).
    void stream_to(std::shared_ptr<exporter::EventStream> stream) { stream_ = std::move(stream); }
    // serve --group-series and --group-names.
    void group_series(exporter::GroupSeries groups) { groups_ = groups; }

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
    exporter::GroupSeries groups_;
    std::shared_ptr<exporter::ApiStore> api_;
    bool api_processes_;
    RaisedFlags raised_;
    fmt::memory_buffer line_;  // reused for every sample line
    std::shared_ptr<exporter::EventStream> stream_;
};

}  // namespace edgetop
