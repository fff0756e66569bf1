// Builds a SessionReport from a stream of samples and flag events in time order, in memory that
// does not grow with the number of samples. The samples may come from a session file or from an
// import (tegrastats): when the stream holds no flag events, the flags are recomputed by running
// an Analyzer over the samples.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/rules_analyzer.hpp"
#include "analysis/rules_config.hpp"
#include "report/report_flags.hpp"
#include "report/report_metrics.hpp"
#include "report/report_types.hpp"

namespace edgetop::analysis {

// What a caller sees of a session besides its report, in the same pass (the HTML report plots
// it): each sample, and each flag event, recorded (an event line) or recomputed from the samples.
struct SessionWatch {
    std::function<void(const Sample&)> sample;
    std::function<void(const Event&, bool recorded)> event;
};

class SessionReportBuilder {
  public:
    SessionReportBuilder(std::string name, Board board, int64_t nominal_interval_ms,
                         RuleConfig rules = {});

    void add_sample(const Sample& sample);
    // A flag event written in the session; from the first one on, the recorded flags are used.
    void add_event(const Event& event);
    // The session says its rules ran while it was recorded (its header lists them): its event
    // lines are all the flags there were, even when there are none, and nothing is recomputed.
    void use_recorded_flags() { use_recorded_ = true; }
    void add_problem(std::string message) { report_.problems.push_back(std::move(message)); }
    void set_host(std::string host) { report_.host = std::move(host); }
    // The end line's time, when the session has one.
    void set_end(double t_s) { end_t_s_ = t_s; }
    // The samples start late in the recording (the earlier files of a rotated set were deleted by
    // --keep): the duration is counted from one nominal interval before the first sample, not
    // from the recording's start.
    void starts_after_first_part() { starts_late_ = true; }
    // Sees every flag event as the builder takes it: recorded (an event line) or recomputed from
    // the samples. The report uses the recomputed ones only when no event line came.
    void watch_events(std::function<void(const Event&, bool recorded)> watch) {
        watch_events_ = std::move(watch);
    }

    SessionReport finish();

  private:
    SessionReport report_;
    MetricSet metrics_;
    SessionEnergy energy_;
    Analyzer analyzer_;
    FlagTracker recorded_, recomputed_;
    std::function<void(const Event&, bool recorded)> watch_events_;
    bool use_recorded_ = false;  // an event line came, or the header lists the rules that ran
    std::optional<double> first_t_s_, last_t_s_, end_t_s_;
    bool starts_late_ = false;
};

// The same for any sample source: next(sample) fills the next sample and returns false at the end.
SessionReport report_of_samples(std::string name, Board board, int64_t nominal_interval_ms,
                                const RuleConfig& rules, const std::function<bool(Sample&)>& next,
                                const SessionWatch& watch = {});

}  // namespace edgetop::analysis
