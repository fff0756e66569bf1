// A control group's own accounting files, read into its GroupSample (raw counters for the rates,
// and the values that need none):
//   v2 (one directory)            v1 (one directory per controller)
//   cpu.stat usage_usec           cpuacct/cpuacct.usage (ns)
//   cpu.stat nr_periods,          cpu/cpu.stat nr_periods, nr_throttled,
//     nr_throttled, throttled_usec  throttled_time (ns)
//   cpu.max "quota period"        cpu/cpu.cfs_quota_us, cpu.cfs_period_us (-1: none)
//   memory.current, memory.max    memory/memory.usage_in_bytes, memory.limit_in_bytes
//   memory.events oom_kill        memory/memory.oom_control oom_kill (kernel 4.13+)
//   io.stat rbytes, wbytes        blkio/blkio.throttle.io_service_bytes Read, Write
//   pids.current                  pids/pids.current
//   {cpu,memory,io}.pressure      the same files in the hybrid unified hierarchy, where present
// A file that is absent or unreadable leaves its values absent.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "edgetop/sample.hpp"

namespace edgetop {

// Real paths of one group's directories; empty where the hierarchy or controller is missing.
struct CgroupDirs {
    bool v2 = false;
    std::string unified;  // v2: every file; v1 hybrid: the pressure files
    std::string cpu, cpuacct, memory, blkio, pids;
};

void read_cgroup(const CgroupDirs& dirs, GroupSample& group);

// Parsers of the files' text, each exposed for the tests.
// The value of `key` in "key value" lines (cpu.stat, memory.events, memory.oom_control).
std::optional<uint64_t> keyed_value(std::string_view text, std::string_view key);
// cpu.max "20000 100000" as 20 (% of one core); nullopt for "max ...".
std::optional<double> parse_cpu_max(std::string_view text);
// io.stat's rbytes and wbytes summed over its devices.
std::optional<std::pair<uint64_t, uint64_t>> parse_io_stat(std::string_view text);
// blkio.throttle.io_service_bytes's Read and Write lines summed over its devices.
std::optional<std::pair<uint64_t, uint64_t>> parse_blkio_bytes(std::string_view text);
// A memory limit in bytes as kB; nullopt for "max" and for v1's "no limit" (a page counter's
// maximum, near 2^63).
std::optional<int64_t> parse_memory_limit_kb(std::string_view text);

}  // namespace edgetop
