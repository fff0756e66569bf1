// The stop signals (SIGINT, SIGTERM, SIGHUP) blocked from the start of the program, so that one
// that comes while edgetop starts up (sensor discovery can take a while) waits on the signalfd of
// record, stat and serve instead of killing the process before the session has its end line.
// Commands that do not watch these signals release them at once: a pending one then acts as it
// always did.
#pragma once

#include <signal.h>

namespace edgetop {

class StartupSignals {
  public:
    // Blocks those of SIGINT, SIGTERM and SIGHUP that are not ignored (nohup's SIGHUP stays
    // ignored: a blocked ignored signal would be queued and seen).
    StartupSignals();
    // Restores the mask edgetop started with (also done on destruction).
    ~StartupSignals();
    StartupSignals(const StartupSignals&) = delete;
    StartupSignals& operator=(const StartupSignals&) = delete;

    void release();
    // The mask edgetop started with: what a command it runs should start with.
    const sigset_t& original_mask() const { return original_; }

  private:
    sigset_t original_{};
    bool released_ = false;
};

// Whether a signal's disposition is SIG_IGN (inherited from whoever started edgetop).
bool is_ignored(int signo);

}  // namespace edgetop
