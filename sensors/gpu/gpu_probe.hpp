// Helpers shared by the GPU, EMC and engine readers: choosing the first readable file among the
// paths different Jetson generations use, and describing what was found for `edgetop --check`.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

inline constexpr std::string_view kDebugfsHint =
    "debugfs is root-only: run edgetop as root (sudo) or mount debugfs readable";

// The outcome of probing a list of candidate machine paths in order of preference.
struct ProbedFile {
    SysFile file;  // open when state is ok
    OpenResult state = OpenResult::absent;
    std::string machine_path;  // the candidate that was opened, or the first one that exists
    size_t index = 0;          // position of machine_path in the candidate list
};

// Opens the first readable candidate. When none is readable, reports the first one that exists
// but cannot be opened (needs_root), else the first candidate as absent.
ProbedFile open_first_readable(const Root& root,
                               std::initializer_list<std::string_view> candidates);

// The machine path a (possibly symlinked) machine path resolves to, e.g. a /sys/class/devfreq
// entry to its /sys/devices directory. Returns the input when it cannot be resolved.
std::string machine_realpath(const Root& root, std::string_view machine_path);

// A status line for one input; hints are given only where they help.
SourceStatus file_status(std::string name, OpenResult state, std::string machine_path,
                         std::string_view absent_hint, std::string_view denied_hint = kDebugfsHint);

}  // namespace edgetop
