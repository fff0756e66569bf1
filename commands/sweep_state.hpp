// The power mode a sweep goes back to, kept on disk from before its first switch until the
// restore, so that a sweep killed by SIGKILL or a power cut is restored by the next
// `edgetop sweep` or by `edgetop sweep --restore`.
#pragma once

#include <optional>
#include <string>

#include "sensors/core/sysfs_root.hpp"

namespace edgetop {

struct RestorePoint {
    int mode = 0;
    std::string conf_path;  // the FILE of `nvpmodel -f FILE`, "" for nvpmodel's own
};

class SweepState {
  public:
    static constexpr const char* kDirectory = "/var/lib/edgetop";
    static constexpr const char* kPath = "/var/lib/edgetop/sweep-restore";

    // The file under root; nothing is touched yet.
    explicit SweepState(const Root& root);
    ~SweepState();  // the lock goes with it
    SweepState(const SweepState&) = delete;
    SweepState& operator=(const SweepState&) = delete;

    // Creates the directory if missing and locks it while this sweep runs: a second sweep would
    // take the first one's file for one left behind. The lock dies with the process, SIGKILL
    // included. The one-line reason when it cannot.
    std::optional<std::string> lock();
    // What a sweep that did not finish left, if anything. Throws std::runtime_error (one line
    // naming the file) when the file cannot be read or is not a restore point.
    std::optional<RestorePoint> read() const;
    // Atomically: a temporary file, synced, renamed over the path, the directory synced. Throws
    // std::runtime_error naming the file.
    void write(const RestorePoint& point) const;
    // Once the mode is restored; the reason when the file stays.
    std::optional<std::string> remove() const;
    const std::string& path() const { return path_; }

  private:
    std::string directory_;
    std::string path_;
    int lock_fd_ = -1;
};

}  // namespace edgetop
