// The sampling loop of `edgetop record`: one sample per interval on an absolute monotonic
// schedule until the sample count, the duration, a signal or the command ends it; then the end
// line.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "app/child_process.hpp"
#include "app/signal_watch.hpp"
#include "sensors/sampler.hpp"
#include "session/session_types.hpp"
#include "session/session_writer.hpp"

namespace edgetop {

struct RecordPlan {
    std::chrono::milliseconds interval{1000};
    std::optional<int64_t> count;
    std::optional<std::chrono::nanoseconds> duration;
};

struct RecordOutcome {
    int64_t samples = 0;
    EndReason reason = EndReason::count;
    bool write_failed = false;
};

class Recorder {
  public:
    // start is the session's time origin (the end line's t counts from it); child may be null.
    Recorder(Sampler& sampler, SessionWriter& writer, SignalWatch& signals, ChildProcess* child,
             std::chrono::steady_clock::time_point start)
        : sampler_(sampler), writer_(writer), signals_(signals), child_(child), start_(start) {}

    // Records, then writes the end line (unless writing failed).
    RecordOutcome run(const RecordPlan& plan);

  private:
    bool write_sample();
    // Handles pending signals; returns the reason to stop, if one arrived.
    std::optional<EndReason> handle_signals();
    void write_end(EndReason reason);

    Sampler& sampler_;
    SessionWriter& writer_;
    SignalWatch& signals_;
    ChildProcess* child_;
    std::chrono::steady_clock::time_point start_;
    RecordOutcome outcome_;
};

}  // namespace edgetop
