#include "analysis/rules_helpers.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <map>

namespace edgetop::analysis {
namespace {

template <typename T>
void keep_max(std::optional<T>& into, const std::optional<T>& value) {
    if (value && (!into || *value > *into)) into = value;
}

}  // namespace

std::vector<CpuCluster> online_clusters(const Sample& sample) {
    // Key: cluster number, or -1 - core id for a core without one (never collides: ids >= 0).
    std::map<int, CpuCluster> by_key;
    std::map<int, std::pair<double, int>> util_sum;
    for (const auto& core : sample.cpu.cores) {
        if (!core.online) continue;
        const int key = core.cluster ? *core.cluster : -1 - core.id;
        auto& c = by_key[key];
        c.cluster = core.cluster;
        c.cores.push_back(core.id);
        keep_max(c.freq_khz, core.freq_khz);
        keep_max(c.max_khz, core.max_khz);
        keep_max(c.hw_max_khz, core.hw_max_khz);
        if (core.util_pct) {
            util_sum[key].first += *core.util_pct;
            util_sum[key].second += 1;
        }
    }
    std::vector<CpuCluster> out;
    for (auto& [key, c] : by_key) {
        if (const auto it = util_sum.find(key); it != util_sum.end())
            c.util_pct = it->second.first / it->second.second;
        out.push_back(std::move(c));
    }
    return out;
}

std::string describe(const CpuCluster& cluster) {
    if (!cluster.cluster) return fmt::format("core {}", core_ranges(cluster.cores));
    return fmt::format("cluster {} (cores {})", *cluster.cluster, core_ranges(cluster.cores));
}

std::optional<int> online_core_count(const Sample& sample) {
    if (sample.cpu.cores.empty()) return std::nullopt;
    return static_cast<int>(std::count_if(sample.cpu.cores.begin(), sample.cpu.cores.end(),
                                          [](const CoreSample& c) { return c.online; }));
}

const std::vector<ProcessSample>* process_list(const Sample& sample) {
    if (!sample.procs) return nullptr;
    return sample.procs->all.empty() ? &sample.procs->top : &sample.procs->all;
}

std::string core_ranges(const std::vector<int>& ids) {
    std::vector<int> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        if (!out.empty()) out += ',';
        out += j == i ? fmt::format("{}", sorted[i]) : fmt::format("{}-{}", sorted[i], sorted[j]);
        i = j + 1;
    }
    return out;
}

std::string mhz_from_khz(int64_t khz) {
    return fmt::format("{} MHz", std::llround(static_cast<double>(khz) / 1000.0));
}

std::string mhz_from_hz(int64_t hz) {
    return fmt::format("{} MHz", std::llround(static_cast<double>(hz) / 1e6));
}

double round_to(double value, int decimals) {
    double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

}  // namespace edgetop::analysis
