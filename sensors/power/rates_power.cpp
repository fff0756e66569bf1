#include <algorithm>
#include <string_view>

#include "sensors/power/rates_power.hpp"

namespace edgetop {
namespace {

const RailSample* find_rail(const Sample& sample, std::string_view name) {
    for (const auto& rail : sample.rails)
        if (rail.name == name) return &rail;
    return nullptr;
}

// Energy used between two readings of a counter that wraps after max_energy_range_uj: the
// counter runs 0..max_energy_range_uj, so one wrap adds max_energy_range_uj + 1.
std::optional<double> energy_delta_uj(const RailSample& prev, const RailSample& cur) {
    if (!prev.energy_uj || !cur.energy_uj) return std::nullopt;
    auto before = static_cast<double>(*prev.energy_uj);
    auto after = static_cast<double>(*cur.energy_uj);
    double delta = after - before;
    if (delta < 0) {
        if (!cur.energy_max_uj) return std::nullopt;
        delta += static_cast<double>(*cur.energy_max_uj) + 1;
        if (delta < 0) return std::nullopt;  // readings beyond the stated range: not trusted
    }
    return delta;
}

// RAPL package domains ("package-0", "package-1", "package-0-die-1") do not overlap, so their sum
// is the CPU total; subzones ("package-0/core") are parts of a package and psys covers the whole
// platform including the packages, so neither is added.
bool is_rapl_package(const RailSample& rail) {
    return rail.name.starts_with("package-") && rail.name.find('/') == std::string::npos;
}

// Over-current events per second. The counts never go back while the board runs: one that did
// was reset (the driver reloaded, a replayed tree), and gives no rate for that interval rather
// than a negative one. (The BPMP keeps 32-bit counts: at the thousands per second of a board
// throttling hard, a wrap is months away.)
void derive_oc_event_rates(const Sample& prev, Sample& cur, double dt_s) {
    for (auto& event : cur.oc_events) {
        const auto before =
            std::find_if(prev.oc_events.begin(), prev.oc_events.end(),
                         [&](const OcEventSample& e) { return e.name == event.name; });
        if (before == prev.oc_events.end() || !before->events || !event.events) continue;
        if (*event.events < *before->events) continue;
        event.events_per_s = static_cast<double>(*event.events - *before->events) / dt_s;
    }
}

}  // namespace

void derive_power_rates(const Sample& prev, Sample& cur) {
    double dt_s = cur.t_s - prev.t_s;
    if (!(dt_s > 0)) return;
    derive_oc_event_rates(prev, cur, dt_s);
    std::optional<double> package_sum;
    bool package_missing = false;
    for (auto& rail : cur.rails) {
        if (!rail.energy_uj && !rail.energy_max_uj) continue;  // not a counter-based rail
        if (const RailSample* before = find_rail(prev, rail.name)) {
            if (auto delta = energy_delta_uj(*before, rail)) rail.power_mw = *delta / dt_s / 1000;
        }
        if (!is_rapl_package(rail)) continue;
        if (!rail.power_mw) package_missing = true;
        package_sum = package_sum.value_or(0) + rail.power_mw.value_or(0);
    }
    if (cur.power_total_mw || !package_sum || package_missing) return;
    cur.power_total_mw = package_sum;
    for (auto& rail : cur.rails)
        if (is_rapl_package(rail)) rail.in_total = true;
}

}  // namespace edgetop
