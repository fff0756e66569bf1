// What `edgetop report` computes for one session: pure data, filled by SessionReportBuilder and
// printed by the app as text or JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/energy_integrator.hpp"
#include "analysis/stats_summary.hpp"
#include "edgetop/board.hpp"

namespace edgetop::analysis {

// The CDF points every metric reports (value at or below which this share of samples lies).
inline constexpr double kReportCdfFractions[] = {0.10, 0.25, 0.50, 0.75, 0.90, 0.99};

struct MetricReport {
    std::string family;  // "cpu", "core", "gpu", "emc", "engine", "rail", "power", "thermal", "psi"
    std::string name;    // "cpu", "cpu3", "gpu", "emc", "VDD_GPU_SOC", "total", "CPU-therm"
    std::string unit;    // "%", "mW", "°C"
    Summary summary;
};

struct SamplingReport {
    int64_t nominal_ms = 0;
    Summary interval_ms;    // between consecutive samples
    uint64_t gaps = 0;      // intervals longer than 1.5 x nominal
    double gap_time_s = 0;  // the summed length of those intervals
};

// One flag over the whole session. "Worst" is the longest episode: its raise's message and
// evidence are kept (a still-active episode counts up to the last sample).
struct FlagReport {
    std::string id;
    uint64_t raised = 0;
    double active_s = 0;
    std::optional<double> first_raised_s;
    bool active_at_end = false;
    double longest_episode_s = 0;
    std::optional<double> worst_raised_s;
    std::string worst_message;
    nlohmann::json worst_evidence = nlohmann::json::object();
};

struct SessionReport {
    std::string name;  // the file, as given
    Board board;
    std::string host;
    // The session time (t) the report starts at: 0, or later where a rotated set's first files
    // were deleted; duration_s is counted from it to the end line's t, else the last sample's.
    double start_s = 0;
    double duration_s = 0;
    uint64_t samples = 0;
    SamplingReport sampling;
    std::vector<MetricReport> metrics;  // in the order the families are listed above
    std::vector<RailEnergy> rail_energy;
    Energy total_energy;
    std::vector<FlagReport> flags;  // in order of first raise
    bool flags_recomputed = false;  // the session had no event lines: flags are from its samples
    std::vector<std::string> problems;  // warnings and skipped lines, one line each
};

}  // namespace edgetop::analysis
