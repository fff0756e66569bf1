// The fields of /proc/<pid>/stat that the process table re-reads on every poll.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace edgetop {

struct StatLine {
    int pid = 0;
    std::string_view comm;  // points into the parsed text
    char state = 0;
    int ppid = 0;              // 0 for the processes the kernel starts (init, kthreadd)
    uint64_t cpu_ticks = 0;    // utime + stime
    int64_t threads = 0;       // num_threads (0 for a zombie whose threads are gone)
    uint64_t start_ticks = 0;  // starttime: clock ticks after boot
    int64_t rss_pages = 0;     // resident pages (in units of the kernel page size)
};

// "pid (comm) state ppid ... rss ..." as printed by the kernel's do_task_stat(). comm may hold
// spaces and parentheses, so it ends at the LAST ')'. Fields after rss may be missing (a short
// read); anything before it missing, negative where it cannot be, or not a number gives nullopt.
std::optional<StatLine> parse_stat_line(std::string_view text);

}  // namespace edgetop
