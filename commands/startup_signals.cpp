#include "commands/startup_signals.hpp"

#include <signal.h>

#include <initializer_list>

namespace edgetop {

bool is_ignored(int signo) {
    struct sigaction current {};
    return sigaction(signo, nullptr, &current) == 0 && !(current.sa_flags & SA_SIGINFO) &&
           current.sa_handler == SIG_IGN;
}

StartupSignals::StartupSignals() {
    sigset_t stop;
    sigemptyset(&stop);
    for (int signo : {SIGINT, SIGTERM, SIGHUP})
        if (!is_ignored(signo)) sigaddset(&stop, signo);
    sigprocmask(SIG_BLOCK, &stop, &original_);
}

StartupSignals::~StartupSignals() {
    release();
}

void StartupSignals::release() {
    if (released_) return;
    released_ = true;
    sigprocmask(SIG_SETMASK, &original_, nullptr);
}

}  // namespace edgetop
