// Where the interactive view gets its samples from: a live Sampler or a recorded session. Both are
// the same code path for the view.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "sensors/core/source.hpp"
#include "tui/flag_evidence.hpp"

namespace edgetop::tui {

class SampleFeed {
  public:
    virtual ~SampleFeed() = default;
    // Takes the next sample. The pointer stays valid until the next call; nullptr when a replay
    // has no more samples.
    virtual const Sample* next() = 0;
    virtual const Board& board() const = 0;
    virtual std::vector<SourceStatus> status() const = 0;
    virtual bool is_replay() const = 0;
    // Seconds since the session started (live: the sampler's clock; replay: the sample's t).
    virtual double session_time_s() const = 0;
    // Whether bottleneck rules run on this feed; without them the analysis page says so.
    virtual bool analysis_enabled() const { return false; }
    // Messages and evidence of the flags active in the last sample.
    virtual std::vector<FlagDetail> flag_details() const { return {}; }
    // Replay: session seconds from the last sample to the one after it (played at that pace);
    // nullopt at the end, and always for a live feed (which follows the view's interval).
    virtual std::optional<double> next_gap_s() const { return std::nullopt; }
    // The samples next() gives now, all taken at a tick: 1 for a sampler or a replay; for a
    // board's stream the ones that arrived since the last tick, for a board read through
    // Prometheus 1 when its sample moved on (it asks); 0 when there is none (the view then keeps
    // its last sample and draws no new point).
    virtual std::size_t ready() { return 1; }
    // Replay: go back before the first sample, so that next() gives it again with the analysis
    // started over. False when the feed cannot.
    virtual bool rewind() { return false; }
};

}  // namespace edgetop::tui
