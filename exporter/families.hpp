// The metric families of one scrape, built from the latest sample. Names follow node_exporter's
// conventions: an `edgetop_` prefix, base units in the name (seconds, hertz, volts, amperes,
// watts, joules, celsius, bytes, ratio), `_total` on counters, dimensions as labels. A value the
// machine does not expose is an absent series, never a zero. The families that show one schema
// field each are the tables of schema_metrics.hpp; docs/metrics.md lists every family (checked by
// tests/exporter/metrics_doc_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/energy_integrator.hpp"
#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

// One bottleneck flag: whether it is raised now and how often it went up since the start.
struct FlagCounter {
    std::string id;
    bool raised = false;
    uint64_t raises = 0;
};

// serve --group-series and --group-names: series for the `top` busiest control groups (the
// others summed as "other"), labelled by a container's name rather than its short id.
struct GroupSeries {
    int top = 20;
    bool names = false;
};

struct FamilyInput {
    const Board& board;
    const Sample& sample;
    const std::vector<FlagCounter>& flags;
    const analysis::SessionEnergy& energy;
    uint64_t samples = 0;
    double ticks_per_s = 100;  // USER_HZ: the unit of /proc/stat jiffies
    // serve --log: writes to the session file that failed so far; absent without a log.
    std::optional<uint64_t> log_write_errors{};
    // serve --log: bytes written to the session file so far; absent without a log.
    std::optional<uint64_t> log_bytes_written{};
    GroupSeries groups{};
    std::string_view version{};  // the serving edgetop's; no edgetop_build_info series when empty
};

void append_cpu_families(const FamilyInput& in, Families& out);      // CPU, context switches, procs
void append_gpu_families(const FamilyInput& in, Families& out);      // GPU, EMC, engines
void append_power_families(const FamilyInput& in, Families& out);    // rails, total power, energy
void append_thermal_families(const FamilyInput& in, Families& out);  // temperatures, fans, cooling
void append_memory_families(const FamilyInput& in, Families& out);   // RAM, swap, faults, PSI
void append_board_families(const FamilyInput& in, Families& out);    // board, power mode, flags
void append_io_families(const FamilyInput& in, Families& out);       // disk and network counters
void append_group_families(const FamilyInput& in, Families& out);    // control groups

// Every family above, in the order they are served, with or without series.
Families build_all_families(const FamilyInput& in);

// Every family above, without the families that ended up with no series.
Families build_families(const FamilyInput& in);

}  // namespace edgetop::exporter
