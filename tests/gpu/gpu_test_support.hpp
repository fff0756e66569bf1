// Helpers for the GPU/EMC/engine tests: running a reader the way an unprivileged user would see
// a fixture tree, and finding one status line.
#pragma once

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sensors/core/source.hpp"

namespace edgetop::testing {

// Runs fn as an unprivileged user and returns its text, or nullopt when that is impossible.
// As a normal user fn runs in-process; as root (where permission bits do not deny anything) it
// runs in a child process that has switched to uid/gid 65534 ("nobody"). The tree root must be
// traversable by that user.
inline std::optional<std::string> run_unprivileged(const std::string& tree_root,
                                                   const std::function<std::string()>& fn) {
    if (geteuid() != 0) return fn();
    std::filesystem::permissions(tree_root, std::filesystem::perms(0755));
    int fds[2];
    if (pipe(fds) != 0) return std::nullopt;
    pid_t pid = fork();
    if (pid < 0) return std::nullopt;
    if (pid == 0) {
        close(fds[0]);
        if (setgroups(0, nullptr) != 0 || setresgid(65534, 65534, 65534) != 0 ||
            setresuid(65534, 65534, 65534) != 0)
            _exit(3);
        std::string out = fn();
        size_t done = 0;
        while (done < out.size()) {
            ssize_t n = write(fds[1], out.data() + done, out.size() - done);
            if (n <= 0) _exit(4);
            done += static_cast<size_t>(n);
        }
        _exit(0);
    }
    close(fds[1]);
    std::string out;
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0)
        out.append(buf, static_cast<size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
    return out;
}

// Removes all access for others (like debugfs, which is 0700 root) or for everyone.
inline void deny(const std::string& real_path) {
    std::filesystem::permissions(real_path, std::filesystem::perms(geteuid() == 0 ? 0700 : 0000));
}

inline std::vector<SourceStatus> statuses_named(const std::vector<SourceStatus>& all,
                                                const std::string& name) {
    std::vector<SourceStatus> out;
    for (const auto& s : all)
        if (s.name == name) out.push_back(s);
    return out;
}

inline std::string describe(const SourceStatus& s) {
    return s.name + "=" + to_string(s.state) + "|" + s.path + "|" + s.hint;
}

}  // namespace edgetop::testing
