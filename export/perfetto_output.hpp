// Sessions as Chrome trace-event JSON ({"traceEvents":[...]}), the format ui.perfetto.dev and
// chrome://tracing open: each session is a process (named by process_name metadata) holding one
// counter track per metric group (CPU utilisation per core, clocks, GPU, EMC, power per rail,
// temperatures, memory, context switches) and, for each flag, a thread of its own with one
// complete ("X") slice per span the flag was raised. Timestamps are the samples' wall-clock
// times in microseconds since the Unix epoch. Written as the samples come: what is kept is one
// open span per flag.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "edgetop/sample.hpp"
#include "export/export_columns.hpp"

namespace edgetop::session_export {

class PerfettoOutput {
  public:
    // Appends to out (the caller empties it as it writes it out).
    explicit PerfettoOutput(std::string& out);

    // Starts the process `pid` (1, 2, ... per session) named `label`.
    void begin_session(int pid, const std::string& label, const Columns& columns);
    void sample(const Sample& sample, const Located& located);
    // Closes the spans of the flags still raised at end_us (the session's end line, else its
    // last sample).
    void end_session(std::optional<int64_t> end_us);
    // The closing of the JSON document.
    void finish();

    std::optional<int64_t> last_sample_us() const { return last_us_; }

  private:
    struct Counter {
        std::string name;                                       // JSON string, quoted
        std::vector<std::pair<std::string, std::size_t>> args;  // JSON key, quoted; column
    };
    struct Flag {
        std::string id;
        int tid = 0;
        std::optional<int64_t> since_us;
        bool seen = false;  // in the current sample
    };

    void begin_event();
    void slice(const Flag& flag, int64_t end_us);

    std::string& out_;
    const Columns* columns_ = nullptr;
    bool first_event_ = true;
    int pid_ = 0;
    std::vector<Counter> counters_;
    std::vector<Flag> flags_;                                  // every flag of the session, by tid
    std::unordered_map<std::string, std::size_t> flag_index_;  // id -> place in flags_
    std::vector<std::size_t> open_;  // the flags raised at the last sample, by place in flags_
    std::optional<int64_t> last_us_;
};

}  // namespace edgetop::session_export
