// Helpers for the GPU/EMC/engine tests: running a reader the way an unprivileged user would see
// a fixture tree, and finding one status line.
#pragma once

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sensors/core/source.hpp"
#include "support/child_process.hpp"

namespace edgetop::testing {

// Runs fn as an unprivileged user and returns its text, or nullopt where no user can be switched
// to (the test then skips, saying so). As a normal user fn runs in-process; as root (where
// permission bits do not deny anything) it runs in a child process that has switched to uid/gid
// 65534 ("nobody"). The tree root must be traversable by that user. A child that dies or exits
// with anything else (a crash, a sanitizer's report) fails the test: it is a defect, not a skip.
inline std::optional<std::string> run_unprivileged(const std::string& tree_root,
                                                   const std::function<std::string()>& fn) {
    constexpr int kCannotSwitchUser = 77;
    if (geteuid() != 0) return fn();
    std::filesystem::permissions(tree_root, std::filesystem::perms(0755));
    auto child = text_of_child([&] {
        if (setgroups(0, nullptr) != 0 || setresgid(65534, 65534, 65534) != 0 ||
            setresuid(65534, 65534, 65534) != 0)
            _exit(kCannotSwitchUser);
        return fn();
    });
    if (child && child->status == kCannotSwitchUser) return std::nullopt;
    if (!child || child->status != 0) {
        ADD_FAILURE() << "the unprivileged child "
                      << (child ? "ended with status " + std::to_string(child->status)
                                : std::string("could not be started"))
                      << (child && !child->text.empty() ? ", after answering: " + child->text : "");
        return std::string();
    }
    return child->text;
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
