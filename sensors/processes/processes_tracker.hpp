// What the process source remembers of each pid between polls, and the rules that decide which
// processes get the costlier reads: /proc/<pid>/status (context switches) and /proc/<pid>/fd
// (GPU device nodes).
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "edgetop/sample.hpp"
#include "sensors/processes/processes_gpu_fds.hpp"
#include "sensors/processes/processes_status.hpp"

namespace edgetop {

class ProcessTracker {
  public:
    // own: the table's own descriptors, skipped when this process's descriptors are scanned.
    explicit ProcessTracker(OwnDescriptors* own = nullptr) : own_(own) {}
    ProcessTracker(const ProcessTracker&) = delete;
    ProcessTracker& operator=(const ProcessTracker&) = delete;
    ~ProcessTracker();

    // At most this many status files stay open between polls, for the processes read on
    // consecutive polls (a pread instead of open, read, read, close).
    static constexpr size_t kMaxKeptStatus = 64;

    // A process's descriptors are scanned again after this many polls while it stays of
    // interest; in between its last answer is reported.
    static constexpr uint64_t kGpuRescanPolls = 5;

    // Fills the context-switch counters and gpu of the processes of one poll (in pid order,
    // with cpu_ticks and start_ticks from the table) and forgets the pids that exited.
    void update(std::vector<ProcessSample>& all, size_t top_n);
    // A descriptor scan met another user's process.
    bool gpu_denied() const { return gpu_denied_; }
    // Descriptor links read back by the scans so far: what skipping the table's own spares.
    size_t fd_links_read() const { return fd_links_read_; }
    // Status files open between polls.
    size_t kept_status() const { return kept_status_; }

  private:
    struct Tracked {
        uint64_t start_ticks = 0;
        uint64_t cpu_ticks = 0;
        uint64_t seen_poll = 0;
        std::optional<CtxtSwitches> ctxt;
        uint64_t ctxt_poll = 0;    // poll of the last successful status read
        int status_fd = -1;        // kept open while it is read on consecutive polls
        bool ctxt_moving = false;  // new, or its counters changed between the last two reads
        std::optional<bool> gpu;
        uint64_t gpu_poll = 0;  // poll of the last descriptor scan; 0: never
    };
    struct Pending {
        Tracked* tracked = nullptr;
        bool is_new = false;
        bool ran = false;  // used at least one clock tick since the last poll
        bool in_top = false;
        uint64_t delta_ticks = 0;
    };

    void mark_top(const std::vector<ProcessSample>& all, size_t top_n);
    void read_ctxt(ProcessSample& process, const Pending& pending);
    void read_gpu(ProcessSample& process, const Pending& pending);

    std::unordered_map<int, Tracked> tracked_;
    std::vector<Pending> pending_;  // reused every poll, one per process
    std::vector<size_t> order_;     // reused every poll
    StatusReader status_reader_;
    uint64_t poll_ = 0;
    bool gpu_denied_ = false;
    void close_status(Tracked& t);

    OwnDescriptors* own_ = nullptr;
    size_t fd_links_read_ = 0;
    size_t kept_status_ = 0;
};

}  // namespace edgetop
