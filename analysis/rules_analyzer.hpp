// Runs every enabled rule on each new sample, applies hysteresis, and reports flags and events.
#pragma once

#include <string>
#include <vector>

#include "analysis/rules_catalog.hpp"
#include "analysis/rules_config.hpp"
#include "analysis/rules_hysteresis.hpp"
#include "analysis/rules_types.hpp"
#include "analysis/rules_window.hpp"

namespace edgetop::analysis {

class Analyzer {
  public:
    explicit Analyzer(Board board, RuleConfig config = {});

    // Feeds one sample (in time order). Returns the flags raised or cleared by it. A sample older
    // than the previous one starts over: empty window, every flag down, no events.
    std::vector<Event> update(const Sample& sample);
    // Writes the ids of the raised flags (catalog order) into sample.flags.
    void annotate(Sample& sample) const { sample.flags = flags(); }

    std::vector<std::string> flags() const;
    // Every rule in catalog order, enabled or not, for the Analysis page.
    std::vector<RuleState> states() const;
    const Board& board() const { return board_; }
    const RuleConfig& config() const { return config_; }
    // The time span of samples kept: the longest window any enabled rule reads.
    double window_span_s() const { return window_.span_s(); }
    std::size_t window_size() const { return window_.size(); }

  private:
    struct Slot {
        const RuleInfo* info;
        ParamValues params;
        Hysteresis hysteresis;
        RuleState state;
    };

    Board board_;
    RuleConfig config_;
    std::vector<Slot> slots_;
    SampleWindow window_;
};

}  // namespace edgetop::analysis
