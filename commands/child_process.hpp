// The command of `edgetop record -- CMD ARGS`: started with edgetop's standard streams, reaped
// when it exits.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "commands/process_start.hpp"

namespace edgetop {

// How a helper tool (not the user's command) is started.
struct ChildOptions {
    bool own_process_group = false;  // a terminal's Ctrl-C does not reach it
    bool stdin_from_null = false;    // it cannot stop to ask a question
    bool stdout_to_stderr = false;   // edgetop's standard output stays its own
    int output_fd = -1;              // where its standard output and error go (a pipe), if >= 0
    int input_fd = -1;               // its standard input (a pipe's end), if >= 0
};

class ChildProcess {
  public:
    // Starts argv[0] (searched in PATH) with the signal mask and descriptor limit of `start`.
    // Throws std::runtime_error("cannot run 'CMD': reason") when it cannot be started.
    ChildProcess(const std::vector<std::string>& argv, const ProcessStart& start,
                 const ChildOptions& options = {});

    // The exit status in shell terms (the code, or 128 + signal) once it has exited.
    std::optional<int> try_wait();
    // Waits until it exits.
    int wait();
    // Waits until it exits, `deadline` passes or `wake_fd` (if >= 0, e.g. a signal watch that
    // receives SIGCHLD) becomes readable: the exit status, or nothing while it still runs.
    std::optional<int> wait_until(std::chrono::steady_clock::time_point deadline, int wake_fd = -1);
    // To it, or to its process group when it has its own (a script's children get it too).
    void send(int signal) const;
    // SIGKILL to its process group when it has its own (whatever it started dies with it), else to
    // it alone.
    void kill_all() const;
    bool running() const { return !status_; }
    bool own_group() const { return own_group_; }

  private:
    std::optional<int> reap(int options);

    pid_t pid_ = -1;
    bool own_group_ = false;
    std::optional<int> status_;
};

}  // namespace edgetop
