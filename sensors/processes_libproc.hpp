// The process table through libproc2: one procps_pids handle kept for the life of the reader.
#pragma once

#include <cstdint>
#include <optional>
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

    // Appends every process (pid, name, user, state, ticks, start, rss, threads) to `out`, in
    // ascending pid order; returns the number of processes in state R, or nullopt when the
    // table could not be read.
    std::optional<int64_t> reap(std::vector<ProcessSample>& out);

  private:
    pids_info* info_ = nullptr;
    int64_t page_kb_ = 0;  // sysconf(_SC_PAGESIZE) in KiB: 4, 16 or 64 on arm64 kernels
};

}  // namespace edgetop
