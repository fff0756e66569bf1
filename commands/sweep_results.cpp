#include "commands/sweep_results.hpp"

#include <algorithm>
#include <functional>

#include "sensors/board/nvpmodel_conf.hpp"

namespace edgetop::sweep {

namespace {

std::optional<double> median(std::vector<double> values) {
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end());
    size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// The median of a figure over the runs; absent when any run lacks it.
std::optional<double> median_of(const std::vector<Run>& runs,
                                const std::function<std::optional<double>(const Run&)>& figure) {
    std::vector<double> values;
    for (const auto& run : runs) {
        auto v = figure(run);
        if (!v) return std::nullopt;
        values.push_back(*v);
    }
    return median(values);
}

std::optional<double> max_of(const std::vector<Run>& runs,
                             const std::function<std::optional<double>(const Run&)>& figure) {
    std::optional<double> out;
    for (const auto& run : runs)
        if (auto v = figure(run); v && (!out || *v > *out)) out = v;
    return out;
}

std::optional<double> mhz(std::optional<int64_t> value, double per_mhz) {
    if (!value || *value <= 0 || is_unlimited_clock(*value)) return std::nullopt;
    return static_cast<double>(*value) / per_mhz;
}

// The usable mode with the least figure among those accepted; ties go to the first listed.
std::optional<int> least(const std::vector<ModeResult>& modes,
                         const std::function<std::optional<double>(const ModeResult&)>& figure,
                         const std::function<bool(const ModeResult&)>& accept) {
    std::optional<int> best_id;
    std::optional<double> best;
    for (const auto& mode : modes) {
        if (!mode.usable() || !accept(mode)) continue;
        auto v = figure(mode);
        if (v && (!best || *v < *best)) {
            best = v;
            best_id = mode.id;
        }
    }
    return best_id;
}

}  // namespace

ModeCaps caps_of(const PowerMode& mode) {
    ModeCaps caps;
    if (!mode.online_cores.empty()) caps.online_cores = static_cast<int>(mode.online_cores.size());
    for (const auto& [cluster, khz] : mode.cpu_max_khz)
        if (auto v = mhz(khz, 1e3); v && (!caps.cpu_max_mhz || *v > *caps.cpu_max_mhz))
            caps.cpu_max_mhz = v;
    caps.gpu_max_mhz = mhz(mode.gpu_max_hz, 1e6);
    caps.emc_max_mhz = mhz(mode.emc_max_hz, 1e6);
    return caps;
}

bool ModeResult::usable() const {
    if (!problem.empty() || runs.empty()) return false;
    return std::all_of(runs.begin(), runs.end(),
                       [](const Run& r) { return r.exit_status == 0 && r.energy_j; });
}

std::optional<double> ModeResult::median_duration_s() const {
    return median_of(runs, [](const Run& r) { return std::optional<double>(r.duration_s); });
}

std::optional<double> ModeResult::median_energy_j() const {
    return median_of(runs, [](const Run& r) { return r.energy_j; });
}

std::optional<double> ModeResult::median_avg_power_w() const {
    return median_of(runs, [](const Run& r) { return r.avg_power_w; });
}

std::optional<double> ModeResult::peak_power_w() const {
    return max_of(runs, [](const Run& r) { return r.peak_power_w; });
}

std::optional<double> ModeResult::peak_temp_c() const {
    return max_of(runs, [](const Run& r) { return r.peak_temp_c; });
}

std::optional<int> ModeResult::exit_status() const {
    if (runs.empty()) return std::nullopt;
    for (const auto& run : runs)
        if (run.exit_status != 0) return run.exit_status;
    return 0;
}

std::vector<std::string> ModeResult::flags() const {
    std::vector<std::string> out;
    for (const auto& run : runs)
        for (const auto& flag : run.flags)
            if (std::find(out.begin(), out.end(), flag) == out.end()) out.push_back(flag);
    return out;
}

uint64_t ModeResult::samples() const {
    uint64_t total = 0;
    for (const auto& run : runs)
        total += run.samples;
    return total;
}

MoreSamples more_samples(uint64_t samples, int64_t runs, int64_t interval_ms,
                         int64_t min_interval_ms) {
    MoreSamples more;
    uint64_t per_run =
        std::max<uint64_t>(1, samples / static_cast<uint64_t>(std::max<int64_t>(1, runs)));
    more.repeat =
        std::min<int64_t>(1000, static_cast<int64_t>((kFewSamples + per_run - 1) / per_run));
    // The runs last interval_ms x samples; kFewSamples of them need an interval this short, taken
    // down to a multiple of 10 ms.
    int64_t needed =
        interval_ms * static_cast<int64_t>(samples) / static_cast<int64_t>(kFewSamples);
    needed -= needed % 10;
    if (needed >= min_interval_ms && needed < interval_ms) more.interval_ms = needed;
    return more;
}

std::vector<int> pareto_front(const std::vector<ModeResult>& modes) {
    std::vector<const ModeResult*> front;
    for (const auto& mode : modes) {
        if (!mode.usable()) continue;
        double t = *mode.median_duration_s(), e = *mode.median_energy_j();
        bool beaten = false;
        for (const auto& other : modes) {
            if (&other == &mode || !other.usable()) continue;
            double ot = *other.median_duration_s(), oe = *other.median_energy_j();
            if (ot <= t && oe <= e && (ot < t || oe < e)) beaten = true;
        }
        if (!beaten) front.push_back(&mode);
    }
    std::stable_sort(front.begin(), front.end(), [](const ModeResult* a, const ModeResult* b) {
        return *a->median_duration_s() < *b->median_duration_s();
    });
    std::vector<int> ids;
    for (const auto* mode : front)
        ids.push_back(mode->id);
    return ids;
}

Recommendations recommend(const std::vector<ModeResult>& modes, double slack_pct,
                          std::optional<double> budget_w) {
    auto time = [](const ModeResult& m) { return m.median_duration_s(); };
    auto energy = [](const ModeResult& m) { return m.median_energy_j(); };
    auto any = [](const ModeResult&) { return true; };
    Recommendations r;
    r.min_time = least(modes, time, any);
    r.min_energy = least(modes, energy, any);
    if (r.min_time) {
        double fastest = 0;
        for (const auto& m : modes)
            if (m.id == *r.min_time && m.usable()) fastest = *m.median_duration_s();
        double limit = fastest * (1 + slack_pct / 100);
        r.min_energy_within_slack = least(
            modes, energy, [&](const ModeResult& m) { return *m.median_duration_s() <= limit; });
    }
    if (budget_w)
        r.min_energy_under_budget = least(modes, energy, [&](const ModeResult& m) {
            auto w = m.median_avg_power_w();
            return w && *w <= *budget_w;
        });
    return r;
}

}  // namespace edgetop::sweep
