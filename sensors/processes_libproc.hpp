// The facts of newly seen processes through libproc2: one procps_pids handle kept for the life of
// the reader.
#pragma once

#include <vector>

#include "edgetop/sample.hpp"

struct pids_info;

namespace edgetop {

class ProcTable {
  public:
    ProcTable() = default;
    ProcTable(const ProcTable&) = delete;
    ProcTable& operator=(const ProcTable&) = delete;
    ~ProcTable();

    // Creates the handle (once); false when libproc2 refuses.
    bool open();
    bool is_open() const { return info_ != nullptr; }

    // Appends the processes among `pids` that still exist (pid, name, user, state, ticks, start,
    // rss, threads) to `out`, in the order of `pids`. A pid that exited meanwhile is left out.
    void select(const std::vector<unsigned>& pids, std::vector<ProcessSample>& out);

  private:
    pids_info* info_ = nullptr;
    int64_t page_kb_ = 0;  // sysconf(_SC_PAGESIZE) in KiB: 4, 16 or 64 on arm64 kernels
};

}  // namespace edgetop
