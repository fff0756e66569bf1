// The interactive view over a board's serve, opened from the fleet page: the board's description
// once, then its latest sample and its raised flags at each tick of the view, read with the
// fleet's credentials and bounds. The flags are the board's own (raised by its serve with its
// thresholds), with their messages and evidence. A board that stops answering keeps its last
// sample on screen.
#pragma once

#include <string>
#include <vector>

#include "fleet/fleet_fetch.hpp"
#include "session/session_read_sample.hpp"
#include "tui/feed.hpp"

namespace edgetop {

class RemoteFeed : public tui::SampleFeed {
  public:
    // Reads the board's /api/v1/board; throws std::runtime_error with one line when it cannot.
    RemoteFeed(const fleet::FleetHost& host, const fleet::FetchOptions& options);

    const Sample* next() override;
    const Board& board() const override { return board_; }
    std::vector<SourceStatus> status() const override { return {}; }
    bool is_replay() const override { return false; }
    double session_time_s() const override { return last_.t_s; }
    bool analysis_enabled() const override { return true; }
    std::vector<tui::FlagDetail> flag_details() const override { return flags_; }

    // Why the last read failed ("" after a sample arrived).
    const std::string& problem() const { return problem_; }

  private:
    const fleet::FleetHost& host_;
    const fleet::FetchOptions& options_;
    Board board_;
    SampleLineParser parser_;
    std::vector<tui::FlagDetail> flags_;
    Sample last_;
    std::string problem_;
};

}  // namespace edgetop
