// /proc/vmstat: major page faults and OOM kills.
//
// One "name value" pair a line (Documentation/admin-guide/mm, mm/vmstat.c), about 150 lines; the
// two counters edgetop keeps are picked out here (libproc2's vmstat API reads the live /proc
// only).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace edgetop {

struct VmstatCounters {
    std::optional<uint64_t> pgmajfault;  // major page faults since boot
    std::optional<int64_t> oom_kill;     // OOM-killer kills since boot (kernel 4.13+)
};
VmstatCounters parse_vmstat(std::string_view text);

}  // namespace edgetop
