// Child processes for the tests that need real ones: a program run with its output captured in
// pipes or appended to a log file, or a forked function (an idle or busy process the process table
// sees). The destructor kills and reaps whatever is still running, so a failing test leaks nothing.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace edgetop::testing {

struct SpawnOptions {
    bool close_stdout_reader = false;         // stdout is a pipe nobody reads (EPIPE)
    std::optional<rlim_t> file_size_limit{};  // RLIMIT_FSIZE in bytes
    std::vector<std::pair<std::string, std::string>> env{};  // variables set for the program
    std::optional<uid_t> uid{};                              // run as this user (needs root)
    bool ignore_sighup = false;                              // started as nohup starts it
    std::string log_path{};  // when set, stdout and stderr are appended here instead of to pipes
};

struct RunResult {
    int status = -1;  // exit code, or 128 + signal
    std::string out;
    std::string err;
    bool timed_out = false;  // killed because it did not exit in time
};

class ChildProcess {
  public:
    // Runs argv[0] (a path, or a name looked up in PATH) with `argv`.
    explicit ChildProcess(std::vector<std::string> argv, SpawnOptions options = {});
    // Forks a child named `name` (prctl) that runs `body`, which calls ready(ready_fd) once it is
    // in the state the test looks at. The child dies with the test process.
    ChildProcess(const char* name, std::function<void(int ready_fd)> body);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return pid_; }
    void send(int signal) const;

    // Forked body: true once it called ready(); false when it died first.
    bool wait_ready() const;
    // Ready and then asleep in the kernel ('S' in /proc/PID/stat): a child that has just said it is
    // ready is still running on its way to pause() for a moment. False after 2 s.
    bool wait_asleep() const;
    // Kills the child without reaping it: it stays a zombie until stop() or wait().
    void kill_only() const;

    // SIGTERM, then SIGKILL when it has not exited within `grace`. The exit status, or 128 +
    // signal.
    int stop(std::chrono::milliseconds grace = std::chrono::milliseconds(0));
    // Waits for the process to exit on its own; SIGKILL after `limit`. The status as stop()'s.
    int wait(std::chrono::milliseconds limit);
    bool was_killed() const { return killed_; }

    // Collects stdout and stderr until both close, then reaps the process; SIGKILL after `limit`
    // (timed_out set), so a hung program fails its test instead of hanging the suite.
    RunResult collect(std::chrono::milliseconds limit);

    // The log file's content so far (log_path).
    std::string log() const;
    // Waits (polling the log) for the first match of `pattern`; its first group, or nullopt when
    // the time ran out.
    std::optional<std::string> wait_for_log(const std::regex& pattern,
                                            std::chrono::milliseconds limit) const;

  private:
    int reap(bool block);

    pid_t pid_ = -1;
    int ready_fd_ = -1;
    int out_fd_ = -1;
    int err_fd_ = -1;
    std::string log_path_;
    std::optional<int> status_;
    bool killed_ = false;
};

// For a forked body: tells the parent the child is ready.
void ready(int fd);
// A forked body that says it is ready and then sleeps until killed.
[[noreturn]] void idle(int fd);
// A forked child named `name` that says it is ready, sleeps until SIGUSR1, then runs `then`.
ChildProcess on_usr1(const char* name, void (*then)(int fd));
// Runs `body` in a forked process that dies with the test process; its exit code, 128 + signal,
// or -1 when it could not be started.
int run_in_child(const std::function<int()>& body);
// The same for a body that answers in text: what it returned and its exit status (0, or 128 +
// signal where it died before answering), or nullopt when it could not be started.
struct ChildText {
    int status = -1;
    std::string text;
};
std::optional<ChildText> text_of_child(const std::function<std::string()>& body);
// A program that keeps one core busy until killed (a shell spin loop).
std::vector<std::string> busy_loop_command();

}  // namespace edgetop::testing
