// Small pieces several rules share: CPU clusters, the process list, number formatting, JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::analysis {

// The online cores of one cpufreq policy (a core without a known cluster is its own unit).
struct CpuCluster {
    std::optional<int> cluster;
    std::vector<int> cores;
    std::optional<double> util_pct;  // mean over the cores that report it
    std::optional<int64_t> freq_khz, max_khz, hw_max_khz;
};
std::vector<CpuCluster> online_clusters(const Sample& sample);
// "cluster 0 (cores 0-3)" or "core 5".
std::string describe(const CpuCluster& cluster);

std::optional<int> online_core_count(const Sample& sample);

// Every process seen when the sampler keeps them, else the top list; nullptr without a table.
const std::vector<ProcessSample>* process_list(const Sample& sample);

// "0-3,6,8-9"
std::string core_ranges(const std::vector<int>& ids);
std::string mhz_from_khz(int64_t khz);
std::string mhz_from_hz(int64_t hz);
// Evidence values are rounded for people: round_to(52.6349, 1) == 52.6.
double round_to(double value, int decimals);

template <typename T>
nlohmann::json or_null(const std::optional<T>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

}  // namespace edgetop::analysis
