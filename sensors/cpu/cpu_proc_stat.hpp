// Parser of /proc/stat: the CPU tick lines, context switches and the running/blocked counts.
//
// /proc/stat is a fixed kernel format (Documentation/filesystems/proc.rst). libproc2's stat API
// reads /proc/stat itself and cannot be pointed at a --root tree, so this small parser works on
// the text SysFile::read() returns, without allocating once the core vector has its capacity.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop {

struct CoreTicks {
    int id = 0;
    CpuTicks ticks;
};

struct ProcStat {
    std::optional<CpuTicks> total;  // the aggregate "cpu" line
    std::vector<CoreTicks> cores;   // one per "cpuN" line, i.e. per online core
    std::optional<uint64_t> ctxt;
    std::optional<int64_t> procs_running, procs_blocked;
};

// Fills out from the text (clearing what it held). A malformed line leaves its value absent and
// does not affect the other lines.
void parse_proc_stat(std::string_view text, ProcStat& out);

// Parses the numbers of one "cpu"/"cpuN" line after its label: user nice system idle iowait irq
// softirq steal (guest and guest_nice are already part of user and nice, so they are ignored).
// Kernels older than 2.6 print fewer fields; at least four are required.
std::optional<CpuTicks> parse_cpu_ticks(std::string_view fields);

}  // namespace edgetop
