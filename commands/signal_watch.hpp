// Receives signals as readable events on a signalfd instead of through handlers, so a stop
// request needs no global flag. The signals stay blocked while the watch lives.
#pragma once

#include <signal.h>
#include <sys/signalfd.h>

#include <initializer_list>
#include <optional>
#include <string>

namespace edgetop {

class SignalWatch {
  public:
    // Watches `watched` (but those ignored when edgetop started) on the descriptor; additionally
    // blocks `blocked` (delivered to nobody,
    // e.g. SIGPIPE so that a closed pipe is a write error, not death).
    SignalWatch(std::initializer_list<int> watched, std::initializer_list<int> blocked);
    // Discards what is still pending (a late SIGINT, the SIGPIPE of a closed pipe) so that
    // restoring the mask does not kill the process on its way out.
    ~SignalWatch();
    SignalWatch(const SignalWatch&) = delete;
    SignalWatch& operator=(const SignalWatch&) = delete;

    int fd() const { return fd_; }
    // The next pending signal, without waiting.
    std::optional<signalfd_siginfo> take();
    // A stop request (SIGINT, SIGTERM, SIGHUP) among the pending signals, the last one if several;
    // a SIGCHLD is read and dropped.
    std::optional<int> take_stop();
    // The mask before the watch: what a child process should start with.
    const sigset_t& original_mask() const { return original_; }

  private:
    int fd_ = -1;
    sigset_t blocked_{};
    sigset_t original_{};
};

// "SIGINT", "SIGTERM", "SIGHUP", else "signal N" (sigabbrev_np needs a newer glibc than Debian
// 11 has).
std::string stop_signal_name(int signo);

}  // namespace edgetop
