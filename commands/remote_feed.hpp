// The interactive view over a board's serve, opened from the fleet page: the board's description
// and its latest sample first, then every sample the board takes, as its /api/v1/stream sends
// them (a thread of the feed reads it), read with the fleet's credentials and bounds. Each tick of
// the view takes the samples that arrived since the last one, so that its graphs and a recording
// (`r`) hold each of the board's samples once, at whatever interval either side runs. The flags
// are the board's own (raised by its serve with its thresholds): /api/v1/flags when the stream
// (re)starts, then its flag events. A stream that breaks is opened again with a backoff, and the
// samples it missed meanwhile are read from /api/v1/samples?since=T; a board that stops answering
// keeps its last sample on screen. A serve that answers 404 for the stream is read as before it
// had one: /api/v1/sample and /api/v1/flags at each tick.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "exporter/http_client.hpp"
#include "fleet/fleet_fetch.hpp"
#include "session/session_read_sample.hpp"
#include "tui/feed.hpp"

namespace edgetop {

class RemoteFeed : public tui::SampleFeed {
  public:
    // Reads the board's /api/v1/board and /api/v1/sample; throws std::runtime_error with one line
    // when it cannot.
    RemoteFeed(const fleet::FleetHost& host, const fleet::FetchOptions& options);
    ~RemoteFeed() override;
    RemoteFeed(const RemoteFeed&) = delete;
    RemoteFeed& operator=(const RemoteFeed&) = delete;

    const Sample* next() override;
    std::size_t ready() override;
    const Board& board() const override { return board_; }
    std::vector<SourceStatus> status() const override { return {}; }
    bool is_replay() const override { return false; }
    double session_time_s() const override { return last_.t_s; }
    bool analysis_enabled() const override { return true; }
    std::vector<tui::FlagDetail> flag_details() const override;

    // Why the last read failed ("" after a sample arrived).
    std::string problem() const;
    // Whether samples come by the stream (false: polled, the serve has none).
    bool streaming() const { return !polling_; }

  private:
    void read_stream();
    void stream_once(bool& first_event);
    void on_event(exporter::SseEvent& event, bool& first_event);
    void add_sample(Sample sample);
    void catch_up(double first_t);
    const Sample* poll();

    const fleet::FleetHost& host_;
    const fleet::FetchOptions& options_;
    Board board_;
    SampleLineParser parser_;  // the reader thread's (the view's while polling)
    Sample last_;

    mutable std::mutex mutex_;
    std::deque<Sample> arrived_;  // not taken by the view yet, oldest first
    std::optional<double> newest_t_;
    std::vector<tui::FlagDetail> flags_;
    std::string problem_;
    std::condition_variable wake_;
    bool stopping_ = false;

    std::atomic<bool> polling_{false};
    exporter::HttpStreamStop stop_;
    std::thread reader_;
};

}  // namespace edgetop
