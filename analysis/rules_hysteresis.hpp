// The one place where a rule's instantaneous condition becomes a flag that does not flap.
#pragma once

#include <optional>

namespace edgetop::analysis {

enum class Transition { none, raised, cleared };

// Raises once the condition has held on every sample for at least sustain_s (measured between
// sample times, which may be irregular), clears once it has been false on every sample for at
// least clear_s. A condition that toggles faster than that leaves the flag as it is.
class Hysteresis {
  public:
    Hysteresis(double sustain_s, double clear_s) : sustain_s_(sustain_s), clear_s_(clear_s) {}

    Transition update(double t_s, bool holds);
    void reset();

    bool raised() const { return raised_; }
    std::optional<double> raised_since_s() const { return raised_since_s_; }

  private:
    double sustain_s_, clear_s_;
    bool raised_ = false;
    std::optional<double> raised_since_s_;
    std::optional<double> holding_since_s_;  // first sample of the current run that holds
    std::optional<double> false_since_s_;    // first sample of the current run that does not
};

}  // namespace edgetop::analysis
