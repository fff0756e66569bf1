// Context-switch counters and exact resident memory of one process, from /proc/<pid>/status.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace edgetop {

struct CtxtSwitches {
    uint64_t voluntary = 0;
    uint64_t nonvoluntary = 0;
};

// The voluntary_ctxt_switches and nonvoluntary_ctxt_switches lines of a status text; nullopt
// unless both are present and hold a non-negative decimal that fits 64 bits.
std::optional<CtxtSwitches> parse_ctxt_switches(std::string_view status_text);

struct StatusFields {
    CtxtSwitches ctxt;
    std::optional<int64_t> vm_rss_kb;  // absent for kernel threads
};

// The context switches (required) and VmRSS (optional) of a status text.
std::optional<StatusFields> parse_status(std::string_view status_text);

// Reads /proc/<pid>/status with one reused buffer. A process that exits in between (ENOENT,
// ESRCH) or any other failure gives nullopt.
class StatusReader {
  public:
    // Opens, reads and closes the file.
    std::optional<StatusFields> read(int pid);
    // Reads through `fd`, which it opens first when it is -1 and leaves open for the caller to
    // read again (one pread) or close.
    std::optional<StatusFields> read(int pid, int& fd);

  private:
    static int open_status(int pid);
    std::string buffer_;
};

}  // namespace edgetop
