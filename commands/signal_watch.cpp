#include "commands/signal_watch.hpp"

#include "commands/startup_signals.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace edgetop {

SignalWatch::SignalWatch(std::initializer_list<int> watched, std::initializer_list<int> blocked) {
    sigset_t watch_set;
    sigemptyset(&watch_set);
    // An ignored stop signal (nohup's SIGHUP, SIGINT of a background job) stays ignored: blocked,
    // it would be queued and read like any other.
    for (int s : watched)
        if (s == SIGCHLD || !is_ignored(s)) sigaddset(&watch_set, s);
    blocked_ = watch_set;
    for (int s : blocked)
        sigaddset(&blocked_, s);
    if (sigprocmask(SIG_BLOCK, &blocked_, &original_) != 0)
        throw std::runtime_error(std::string("sigprocmask: ") + std::strerror(errno));
    fd_ = signalfd(-1, &watch_set, SFD_CLOEXEC | SFD_NONBLOCK);
    if (fd_ < 0) {
        int err = errno;
        sigprocmask(SIG_SETMASK, &original_, nullptr);
        throw std::runtime_error(std::string("signalfd: ") + std::strerror(err));
    }
}

SignalWatch::~SignalWatch() {
    ::close(fd_);
    timespec no_wait{0, 0};
    while (sigtimedwait(&blocked_, nullptr, &no_wait) > 0) {
    }
    sigprocmask(SIG_SETMASK, &original_, nullptr);
}

std::optional<signalfd_siginfo> SignalWatch::take() {
    signalfd_siginfo info{};
    for (;;) {
        ssize_t n = ::read(fd_, &info, sizeof info);
        if (n == static_cast<ssize_t>(sizeof info)) return info;
        if (n < 0 && errno == EINTR) continue;
        return std::nullopt;
    }
}

std::optional<int> SignalWatch::take_stop() {
    std::optional<int> stop;
    while (auto info = take())
        if (info->ssi_signo != SIGCHLD) stop = static_cast<int>(info->ssi_signo);
    return stop;
}

std::string stop_signal_name(int signo) {
    switch (signo) {
        case SIGINT:
            return "SIGINT";
        case SIGTERM:
            return "SIGTERM";
        case SIGHUP:
            return "SIGHUP";
        default:
            return "signal " + std::to_string(signo);
    }
}

}  // namespace edgetop
