// A timer that fires at absolute CLOCK_MONOTONIC deadlines (timerfd with TFD_TIMER_ABSTIME).
// Scheduling every tick as start + k * interval means sampling never drifts, and a descriptor
// can be waited on together with the signal descriptor in one poll().
#pragma once

#include <chrono>

namespace edgetop {

class MonotonicTimer {
  public:
    MonotonicTimer();
    ~MonotonicTimer();
    MonotonicTimer(const MonotonicTimer&) = delete;
    MonotonicTimer& operator=(const MonotonicTimer&) = delete;

    int fd() const { return fd_; }
    // Fires once at `deadline` (at once if it has passed). steady_clock is CLOCK_MONOTONIC.
    void arm_at(std::chrono::steady_clock::time_point deadline);
    // Clears a fired timer; returns whether it had fired.
    bool consume();

  private:
    int fd_ = -1;
};

}  // namespace edgetop
