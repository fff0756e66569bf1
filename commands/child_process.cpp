#include "commands/child_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

extern char** environ;

namespace edgetop {

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const sigset_t& mask,
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
    posix_spawnattr_setsigmask(&attr, &mask);
    short flags = POSIX_SPAWN_SETSIGMASK;
    if (options.own_process_group) {
        posix_spawnattr_setpgroup(&attr, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    posix_spawnattr_setflags(&attr, flags);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    if (options.stdin_from_null)
        posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (options.stdout_to_stderr)
        posix_spawn_file_actions_adddup2(&files, STDERR_FILENO, STDOUT_FILENO);
    if (options.output_fd >= 0) {
        posix_spawn_file_actions_adddup2(&files, options.output_fd, STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&files, options.output_fd, STDERR_FILENO);
    }
    int err = posix_spawnp(&pid_, args[0], &files, &attr, args.data(), environ);
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

void ChildProcess::send(int signal) const {
    if (!status_) ::kill(pid_, signal);
}

}  // namespace edgetop
