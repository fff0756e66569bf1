// What `edgetop sweep` found: every mode's runs, the time-energy Pareto front and the
// recommendations. Pure data and arithmetic, so that the choice of a mode can be tested alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/board.hpp"

namespace edgetop::sweep {

// The limits a mode sets, from the nvpmodel configuration; absent means "no cap" (or not set).
struct ModeCaps {
    std::optional<int> online_cores;
    std::optional<double> cpu_max_mhz;  // the highest cap of any CPU cluster
    std::optional<double> gpu_max_mhz;
    std::optional<double> emc_max_mhz;
};

ModeCaps caps_of(const PowerMode& mode);

struct Run {
    int exit_status = 0;
    double duration_s = 0;
    uint64_t samples = 0;
    std::optional<double> energy_j;  // absent when the session has no power readings
    std::optional<double> avg_power_w, peak_power_w, peak_temp_c;
    std::vector<std::string> flags;  // the flags raised during the run
    std::string session;             // the kept session file, "" when not kept
};

struct ModeResult {
    int id = 0;
    std::string name;
    ModeCaps caps;
    std::vector<Run> runs;
    std::string problem;  // why the mode could not be switched to or checked, "" when it was

    // A mode is recommendable when it was switched to, every run exited 0 and every run's
    // energy was measured.
    bool usable() const;
    std::optional<double> median_duration_s() const;
    std::optional<double> median_energy_j() const;
    std::optional<double> median_avg_power_w() const;
    std::optional<double> peak_power_w() const;
    std::optional<double> peak_temp_c() const;
    // The worst exit status of its runs (the first non-zero one), absent without runs.
    std::optional<int> exit_status() const;
    std::vector<std::string> flags() const;  // every flag any run raised, in order, once
    uint64_t samples() const;                // of all its runs
};

// Fewer samples than this in a mode make its time and energy rough: a run a few samples long
// starts and ends between them, and its power between samples is not seen.
constexpr uint64_t kFewSamples = 20;

// What to change for kFewSamples in a mode that had `samples` in `runs` runs at interval_ms:
// the runs (--repeat) that would reach it at this interval, and the interval (-i, no less than
// min_interval_ms) that would reach it with these runs, absent when no allowed interval would.
struct MoreSamples {
    int64_t repeat = 1;
    std::optional<int64_t> interval_ms;
};
MoreSamples more_samples(uint64_t samples, int64_t runs, int64_t interval_ms,
                         int64_t min_interval_ms);

struct Recommendations {
    std::optional<int> min_time, min_energy, min_energy_within_slack, min_energy_under_budget;
};

// The usable modes no other usable mode beats in both time and energy (one at least as good in
// both and better in one), fastest first.
std::vector<int> pareto_front(const std::vector<ModeResult>& modes);

// Fastest; least energy; least energy among those within slack_pct % of the fastest time; least
// energy among those whose average power is at most budget_w (absent without a budget). Ties go
// to the mode listed first. Only usable modes are recommended.
Recommendations recommend(const std::vector<ModeResult>& modes, double slack_pct,
                          std::optional<double> budget_w);

}  // namespace edgetop::sweep
