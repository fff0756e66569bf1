// The live process table, kept cheap on every poll: libproc2 tells the slow-changing facts of a
// process (name, user, start) once, when its pid first appears in /proc; from then on its
// /proc/<pid>/stat stays open and is re-read in place with pread.
#pragma once

#include <dirent.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/processes/processes_cmdline.hpp"
#include "sensors/processes/processes_gpu_fds.hpp"
#include "sensors/processes/processes_libproc.hpp"

namespace edgetop {

class ProcessScan {
  public:
    // max_open: how many stat descriptors may stay open between polls; without it, the soft
    // RLIMIT_NOFILE is raised to the hard one at open() and all but a reserve of it is used.
    // Processes beyond that are re-opened on every poll.
    // own: where the descriptors it keeps are noted (see OwnDescriptors), when given.
    explicit ProcessScan(std::optional<size_t> max_open = std::nullopt,
                         OwnDescriptors* own = nullptr);
    ProcessScan(const ProcessScan&) = delete;
    ProcessScan& operator=(const ProcessScan&) = delete;
    ~ProcessScan();

    bool open();
    bool is_open() const { return proc_dir_ != nullptr && facts_.is_open(); }

    // Appends every process to `out` in ascending pid order; returns the number in state R, or
    // nullopt when /proc could not be listed.
    std::optional<int64_t> poll(std::vector<ProcessSample>& out);

    size_t held_descriptors() const { return held_; }
    size_t max_open() const { return max_open_; }

  private:
    struct Known {
        int pid = 0;
        int fd = -1;  // -1: re-opened on every poll
        uint64_t start_ticks = 0;
        std::string comm;  // as stat prints it: a change means an exec, so the facts are re-read
        std::string name;
        std::optional<std::string> user;
    };

    bool list_pids();
    bool read_known(Known& known, std::vector<ProcessSample>& out);
    void add_fresh(std::vector<ProcessSample>& out, size_t first_out);
    std::optional<std::string_view> read_stat(int pid, int& fd);
    int open_stat(int pid);
    bool release_one_descriptor();
    void close_descriptor(int& fd);

    std::optional<size_t> requested_max_open_;
    OwnDescriptors* own_ = nullptr;
    size_t max_open_ = 0;
    size_t held_ = 0;
    int64_t page_kb_ = 0;
    DIR* proc_dir_ = nullptr;
    ProcTable facts_;
    CommandLines commands_;
    std::vector<Known> known_, next_;  // ascending pid; next_ is built during a poll
    std::vector<int> listed_;
    std::vector<unsigned> fresh_;
    std::vector<ProcessSample> fresh_facts_;
    char buffer_[1024];  // every field up to rss fits in the first ~600 bytes
};

}  // namespace edgetop
