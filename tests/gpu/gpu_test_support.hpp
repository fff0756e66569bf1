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
#include "support/unprivileged.hpp"

namespace edgetop::testing {

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
