// The recent samples the rules look at, bounded by time so memory does not grow with the session.
#pragma once

#include <cstddef>
#include <deque>

#include "edgetop/sample.hpp"

namespace edgetop::analysis {

class SampleWindow {
  public:
    // Keeps every sample newer than span_s before the latest one, plus the one just before that
    // (so the oldest kept interval is complete), and never more than max_samples.
    explicit SampleWindow(double span_s = 10, std::size_t max_samples = 4096);

    // A sample older than the latest one (time went backwards: a new session) restarts the window.
    void push(const Sample& sample);
    void clear() { samples_.clear(); }

    bool empty() const { return samples_.empty(); }
    std::size_t size() const { return samples_.size(); }
    double span_s() const { return span_s_; }
    const Sample& latest() const { return samples_.back(); }
    const std::deque<Sample>& samples() const { return samples_; }

    // Index of the first sample with t_s >= latest - seconds (0 when the window is shorter).
    std::size_t first_within(double seconds) const;
    // The interval a sample's rates describe: t_s minus the previous kept sample's t_s, or
    // nullopt for the oldest kept sample.
    std::optional<double> interval_before(std::size_t index) const;

  private:
    void drop_oldest();

    double span_s_;
    std::size_t max_samples_;
    std::deque<Sample> samples_;
    Sample spare_;  // the last sample dropped, whose storage the next one is copied into
};

}  // namespace edgetop::analysis
