// What edgetop was started with that a command it runs must start with again: edgetop blocks the
// stop signals from its first instruction (StartupSignals) and the process table raises the soft
// descriptor limit to the hard one (a board runs thousands of processes), but the user's command
// is measured as it would run without edgetop.
#pragma once

#include <signal.h>
#include <sys/resource.h>

#include <optional>

namespace edgetop {

struct ProcessStart {
    sigset_t signal_mask{};
    std::optional<rlimit> open_files;  // RLIMIT_NOFILE; absent: the child gets edgetop's
};

// RLIMIT_NOFILE now, if it can be read: taken at the start of the program, before anything
// raises it.
std::optional<rlimit> open_file_limit();

}  // namespace edgetop
