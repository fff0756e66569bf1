// A fixture tree that moves through time: advance(s) adds to its kernel counters what a busy board
// adds in s seconds, at the fixed rates below, so two samples around it have rates a test knows
// from what was written. procfs and sysfs rewrite these files in place, and so does this (one
// whole write per file); a line keeps its field separators, as the kernel's fixed widths do.
#pragma once

#include <string>
#include <string_view>

#include "support/fixture_tree.hpp"

namespace edgetop::testing {

// What one second adds. CPU ticks are USER_HZ (100 a second) on every core line: a core is
// 50 % busy (40 user, 10 system), 5 % in iowait, 45 % idle.
struct PerSecond {
    static constexpr long long user_ticks = 40, system_ticks = 10, iowait_ticks = 5,
                               idle_ticks = 45;
    static constexpr long long context_switches = 20000;
    static constexpr long long major_faults = 3;
    // Each line of /proc/diskstats: 4 MiB read and 1 MiB written in 512-byte sectors, busy a
    // quarter of the time (io_ticks in ms).
    static constexpr long long sectors_read = 8192, sectors_written = 2048, io_ticks_ms = 250;
    // Each interface of /proc/net/dev.
    static constexpr long long rx_bytes = 125000, tx_bytes = 25000;
    // Each RAPL domain's energy_uj, by its name (other names: 1 W).
    static long long rapl_microjoules(std::string_view domain);
};

class MovingTree {
  public:
    explicit MovingTree(std::string_view board) : tree_(board) {}

    const FixtureTree& tree() const { return tree_; }
    const std::string& root() const { return tree_.root(); }
    // Adds `seconds` (whole hundredths) of the rates above to every counter of the tree.
    void advance(double seconds) const;

  private:
    void advance_file(std::string_view machine_path, long long hundredths) const;
    FixtureTree tree_;
};

}  // namespace edgetop::testing
