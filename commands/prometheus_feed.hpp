// The interactive view of a board read through a Prometheus, opened from the fleet page where
// fleet cannot reach the board's serve (it pushes by remote write, or Prometheus scrapes it
// inside its own network): at each tick of the view, one instant query of every edgetop series
// of the board, read back into a sample and a board (exporter/metric_reading.hpp). A sample is new
// when the board's edgetop_last_sample_timestamp_seconds moved on (else the view keeps the last
// one); its t counts from the first one seen. What /metrics does not serve stays n/a (the process
// table, per-core CPU shares, disk and network rates, groups); the flags are those the board
// raised (edgetop_flag_raised), without their evidence, which stays on the board.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fleet/fleet_fetch.hpp"
#include "tui/feed.hpp"

namespace edgetop {

class PrometheusFeed : public tui::SampleFeed {
  public:
    // Reads the board's series once; throws std::runtime_error with one line when Prometheus
    // cannot be read or has no series of the board.
    PrometheusFeed(const fleet::FleetHost& board, const fleet::FetchOptions& options);

    const Sample* next() override { return &last_; }
    // Asks Prometheus: 1 when the board's sample moved on since the last tick.
    std::size_t ready() override;
    const Board& board() const override { return board_; }
    std::vector<SourceStatus> status() const override { return {}; }
    bool is_replay() const override { return false; }
    double session_time_s() const override { return last_.t_s; }
    bool analysis_enabled() const override { return true; }
    std::vector<tui::FlagDetail> flag_details() const override;

    // Why the last query failed ("" after one answered).
    const std::string& problem() const { return problem_; }

  private:
    // True when the answer holds a sample newer than the last one.
    bool read();

    const fleet::FleetHost& board_host_;
    const fleet::FetchOptions& options_;
    Board board_;
    Sample last_;
    std::optional<double> first_unix_s_;
    std::optional<double> last_unix_s_;
    std::string problem_;
};

}  // namespace edgetop
