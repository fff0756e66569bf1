// Runs board tools (nvpmodel, jetson_clocks) for the interactive view's controls outside the
// sampling path: started in the background one after the other, their standard output and error
// collected through a non-blocking pipe, reaped without waiting. The view polls it every turn of
// its loop, so a slow tool never blocks sampling or drawing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "commands/child_process.hpp"

namespace edgetop {

struct ToolOutcome {
    std::string command;  // the last command run, as a shell would show it
    int status = 0;       // its exit status (128 + signal), or 127 when it could not start
    std::string output;   // standard output and error of every command run, at most kMaxOutput
};

class ToolRunner {
  public:
    static constexpr size_t kMaxOutput = 64 * 1024;

    ToolRunner() = default;
    // A tool still running is waited for: a power-mode switch is never cut short.
    ~ToolRunner();
    ToolRunner(const ToolRunner&) = delete;
    ToolRunner& operator=(const ToolRunner&) = delete;

    // False with a reason when a run is under way or the list is empty.
    bool start(std::vector<std::vector<std::string>> commands, std::string& error);
    bool busy() const { return child_.has_value() || !pending_.empty(); }
    // Reads what the tool wrote, reaps it, starts the next; the outcome once the run is over.
    std::optional<ToolOutcome> poll();

  private:
    bool launch(std::string& error);
    void drain();
    void close_pipe();

    std::vector<std::vector<std::string>> pending_;
    std::optional<ChildProcess> child_;
    int pipe_ = -1;
    ToolOutcome outcome_;
};

}  // namespace edgetop
