// The sampling loop of `edgetop record`: one sample per interval on an absolute monotonic
// schedule until the sample count, the duration, a signal or the command ends it; then the end
// line.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "analysis/rules_analyzer.hpp"
#include "cli/cli_args.hpp"
#include "commands/child_process.hpp"
#include "commands/session_file_set.hpp"
#include "commands/signal_watch.hpp"
#include "sensors/sampler/sampler.hpp"
#include "session/session_types.hpp"

namespace edgetop {

struct RecordPlan {
    std::chrono::milliseconds interval{1000};
    std::optional<int64_t> count;
    std::optional<std::chrono::nanoseconds> duration;
    // Added to every time written: a log that continues a set counts from the set's start.
    double t_offset_s = 0;
};

// Sees every sample as written (flags filled in) and every flag raised or cleared; `stat` builds
// its summary from these.
class RecordObserver {
  public:
    virtual ~RecordObserver() = default;
    virtual void on_start(const SessionHeader& /*header*/) {}
    virtual void on_sample(const Sample& /*sample*/) {}
    virtual void on_event(const analysis::Event& /*event*/) {}
    // A log (serve --log): its failed writes and the bytes written so far, before each sample is
    // passed on.
    virtual void on_log_state(uint64_t /*failed_writes*/, uint64_t /*bytes_written*/) {}
};

struct RecordOutcome {
    int64_t samples = 0;
    EndReason reason = EndReason::count;
    bool write_failed = false;
    std::optional<int> signal;  // the last signal other than SIGCHLD that arrived, if any
};

class Recorder {
  public:
    // start is the session's time origin (the end line's t counts from it); child and observer
    // may be null. Every sample goes through the analyzer: its flags into the sample, its raises
    // and clears into event lines. After each sample the file set may rotate.
    Recorder(Sampler& sampler, analysis::Analyzer& analyzer, SessionFileSet& files,
             SignalWatch& signals, ChildProcess* child, std::chrono::steady_clock::time_point start,
             RecordObserver* observer = nullptr)
        : sampler_(sampler),
          analyzer_(analyzer),
          files_(files),
          signals_(signals),
          child_(child),
          start_(start),
          observer_(observer) {}

    // Records, then writes the end line (unless writing failed).
    RecordOutcome run(const RecordPlan& plan);

  private:
    bool write_sample();
    // Handles pending signals; returns the reason to stop, if one arrived.
    std::optional<EndReason> handle_signals();
    void write_end(EndReason reason);
    // A log: one line on standard error when its writes start failing and one when they work
    // again; the count of failed writes to the observer.
    void report_log_state();

    Sampler& sampler_;
    analysis::Analyzer& analyzer_;
    SessionFileSet& files_;
    SignalWatch& signals_;
    ChildProcess* child_;
    std::chrono::steady_clock::time_point start_;
    RecordObserver* observer_;
    RecordOutcome outcome_;
    double t_offset_s_ = 0;
    bool log_failing_ = false;
};

// A whole recording as `record` and `stat` make it: opens `output` ("-" is standard output), starts
// the sampler, the analyzer (rule config from rule_config_from) and args.exec if given, writes the
// header, samples until the plan of args ends it, writes the end line. Returns the exit status:
// the command's, 1 when the session cannot be written, 2 for a bad rule setting, 127 when the
// command cannot be started. Messages go to standard error. SIGINT, SIGTERM and SIGHUP end it
// (unless ignored when edgetop started); args.exec starts with `start`.
int record_session(const cli::Args& args, const std::string& output, const ProcessStart& start,
                   RecordObserver* observer = nullptr);

// The same with the caller's signal watch (it must watch SIGCHLD), for callers that run several
// recordings and must see a stop request that arrived during one: its signal is stored in *signal.
int record_session(const cli::Args& args, const std::string& output, const ProcessStart& start,
                   SignalWatch& signals, std::optional<int>* signal,
                   RecordObserver* observer = nullptr);

}  // namespace edgetop
