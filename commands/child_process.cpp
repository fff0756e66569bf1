#include "commands/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

extern char** environ;

namespace edgetop {

namespace {

// posix_spawn has no attribute for resource limits and a child inherits its parent's, so the soft
// descriptor limit edgetop started with is put back for the spawn and edgetop's own restored
// right after it. The commands that start a measured command (record, stat, sweep) start it
// before any thread of theirs, so no descriptor of edgetop's is opened while the limit is low.
// fork, setrlimit and exec in the child would do the same without the window, but would lose
// posix_spawnp's report of a failed exec (ENOENT, EACCES) to the parent.
class StartLimit {
  public:
    explicit StartLimit(const std::optional<rlimit>& start) {
        if (!start || ::getrlimit(RLIMIT_NOFILE, &own_) != 0) return;
        if (start->rlim_cur == own_.rlim_cur) return;
        rlimit lowered = own_;
        lowered.rlim_cur = std::min(start->rlim_cur, own_.rlim_max);
        changed_ = ::setrlimit(RLIMIT_NOFILE, &lowered) == 0;
    }
    ~StartLimit() {
        if (changed_) ::setrlimit(RLIMIT_NOFILE, &own_);
    }
    StartLimit(const StartLimit&) = delete;
    StartLimit& operator=(const StartLimit&) = delete;

  private:
    rlimit own_{};
    bool changed_ = false;
};

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const ProcessStart& start,
                           const ChildOptions& options) {
    std::vector<char*> args;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    // posix_spawnp rather than fork/exec: it reports a failed exec (ENOENT, EACCES) here.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // edgetop blocks signals but installs no handlers, so restoring the mask is enough for the
    // command to see the signal dispositions edgetop was started with.
    posix_spawnattr_setsigmask(&attr, &start.signal_mask);
    short flags = POSIX_SPAWN_SETSIGMASK;
    if (options.own_process_group) {
        posix_spawnattr_setpgroup(&attr, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
        own_group_ = true;
    }
    posix_spawnattr_setflags(&attr, flags);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    if (options.stdin_from_null)
        posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (options.input_fd >= 0)
        posix_spawn_file_actions_adddup2(&files, options.input_fd, STDIN_FILENO);
    if (options.stdout_to_stderr)
        posix_spawn_file_actions_adddup2(&files, STDERR_FILENO, STDOUT_FILENO);
    if (options.output_fd >= 0) {
        posix_spawn_file_actions_adddup2(&files, options.output_fd, STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&files, options.output_fd, STDERR_FILENO);
    }
    int err = 0;
    {
        StartLimit limit(start.open_files);
        err = posix_spawnp(&pid_, args[0], &files, &attr, args.data(), environ);
    }
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attr);
    if (err != 0)
        throw std::runtime_error(fmt::format("cannot run '{}': {}", argv[0], std::strerror(err)));
}

std::optional<int> ChildProcess::reap(int options) {
    if (status_) return status_;
    int raw = 0;
    pid_t r;
    do {
        r = waitpid(pid_, &raw, options);
    } while (r < 0 && errno == EINTR);
    if (r != pid_) return std::nullopt;
    if (WIFEXITED(raw))
        status_ = WEXITSTATUS(raw);
    else if (WIFSIGNALED(raw))
        status_ = 128 + WTERMSIG(raw);
    else
        return std::nullopt;
    return status_;
}

std::optional<int> ChildProcess::try_wait() {
    return reap(WNOHANG);
}

int ChildProcess::wait() {
    while (!status_)
        if (!reap(0) && errno == ECHILD) status_ = 1;
    return *status_;
}

std::optional<int> ChildProcess::wait_until(std::chrono::steady_clock::time_point deadline,
                                            int wake_fd) {
    using namespace std::chrono;
    for (;;) {
        errno = 0;
        if (auto status = reap(WNOHANG)) return status;
        if (errno == ECHILD) return status_ = 1;  // reaped by the system: SIGCHLD was ignored
        auto left = duration_cast<milliseconds>(deadline - steady_clock::now()).count();
        if (left <= 0) return std::nullopt;
        // Short slices: the SIGCHLD that would wake wake_fd may have been read by someone else.
        pollfd fd{wake_fd, POLLIN, 0};
        if (::poll(&fd, 1, static_cast<int>(std::min<long long>(left, 50))) > 0) {
            errno = 0;
            auto status = reap(WNOHANG);
            if (!status && errno == ECHILD) return status_ = 1;
            return status;
        }
    }
}

void ChildProcess::send(int signal) const {
    if (status_) return;  // its id may already name another process (group)
    ::kill(own_group_ ? -pid_ : pid_, signal);
}

void ChildProcess::kill_all() const {
    if (status_) return;  // its id may already name another process (group)
    send(SIGKILL);
}

}  // namespace edgetop
