// Running a piece of a test as an unprivileged user, so that tests of what a normal user cannot
// read run in a root CI too.
#pragma once

#include <grp.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

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

}  // namespace edgetop::testing
