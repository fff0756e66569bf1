// thermal_throttle.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_map>

#include "analysis/rules_checks.hpp"
#include "analysis/rules_helpers.hpp"
#include "analysis/rules_window.hpp"
#include "edgetop/number_text.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::analysis {
namespace {

// Zone types differ in case between L4T releases (CPU-therm, cpu-thermal); the session may also
// name a zone without its "-thermal" suffix.
std::string zone_key(std::string_view name) {
    std::string key = ascii::lowered(name);
    for (std::string_view suffix : {"-thermal", "_thermal", "-therm", "_therm"})
        if (key.size() > suffix.size() && key.ends_with(suffix)) {
            key.resize(key.size() - suffix.size());
            break;
        }
    return key;
}

// The lowest passive trip of each zone key. Built once per check: looking each zone up by scanning
// every zone made the rule quadratic (5,000 zones: 0.75 s a sample).
std::unordered_map<std::string, double> lowest_passive_trips(const Board& board) {
    std::unordered_map<std::string, double> lowest;
    for (const auto& info : board.thermal_zones) {
        std::optional<double> zone_lowest;
        for (const auto& trip : info.trips)
            if (trip.type == "passive" && (!zone_lowest || trip.temp_c < *zone_lowest))
                zone_lowest = trip.temp_c;
        if (!zone_lowest) continue;
        auto [it, added] = lowest.try_emplace(zone_key(info.name), *zone_lowest);
        if (!added) it->second = std::min(it->second, *zone_lowest);
    }
    return lowest;
}

// The kernel's -256000 means power-gated; the sensor reports it as absent, but a replayed or
// imported session might still carry it.
constexpr double kPowerGatedC = -255;

// A cooling device that cools by lowering CPU or GPU clocks: the kernel's cpufreq and devfreq
// devices ("cpufreq-cpu0", "devfreq-17000000.gpu"), ACPI's per-CPU "Processor" devices, L4T R32's
// "CPU-balanced" and "GPU-balanced". A fan's state is its speed, not a lowered clock.
bool lowers_clocks(std::string_view name) {
    const std::string key = zone_key(name);
    if (key.find("fan") != std::string::npos) return false;
    for (std::string_view unit : {"cpu", "gpu", "processor", "devfreq"})
        if (key.find(unit) != std::string::npos) return true;
    return false;
}

}  // namespace

RuleResult check_thermal_throttle(const RuleInput& in) {
    const double warn_c = in.params.get("warn_c");
    RuleResult r;
    nlohmann::json zones = nlohmann::json::array();
    std::vector<std::string> hot;
    std::string closest;
    double closest_margin = 0;
    const auto trips = lowest_passive_trips(in.board);
    for (const auto& zone : in.window.latest().thermal) {
        if (!zone.temp_c || *zone.temp_c <= kPowerGatedC) continue;
        r.active = true;
        std::optional<double> trip;
        if (auto found = trips.find(zone_key(zone.name)); found != trips.end())
            trip = found->second;
        const double limit = trip.value_or(warn_c);
        const bool over = trip ? *zone.temp_c >= limit : *zone.temp_c > limit;
        r.holds = r.holds || over;
        if (!in.details) continue;
        const std::string what =
            trip ? fmt::format("its passive trip point {:g} °C", limit)
                 : fmt::format("its warning threshold {:g} °C (warn_c; no passive trip point)",
                               limit);
        zones.push_back({{"name", zone.name},
                         {"temp_c", *zone.temp_c},
                         {"limit_c", limit},
                         {"limit", trip ? "passive_trip" : "warn_c"},
                         {"over", over}});
        if (over)
            hot.push_back(fmt::format("{} at {} °C, {} {}", zone.name, fixed(*zone.temp_c, 1),
                                      trip ? "at or above" : "above", what));
        const double margin = limit - *zone.temp_c;
        if (closest.empty() || margin < closest_margin) {
            closest_margin = margin;
            closest = fmt::format("{} at {} °C is {} °C below {}", zone.name,
                                  fixed(*zone.temp_c, 1), fixed(margin, 1), what);
        }
    }
    // A CPU or GPU cooling device above state 0 is the kernel lowering clocks now, whatever the
    // temperatures say.
    nlohmann::json devices = nlohmann::json::array();
    std::vector<std::string> cooling;
    bool clock_devices = false;
    for (const auto& device : in.window.latest().cooling) {
        if (!device.state || !lowers_clocks(device.name)) continue;
        r.active = true;
        clock_devices = true;
        const bool lowering = *device.state > 0;
        r.holds = r.holds || lowering;
        if (!in.details) continue;
        devices.push_back({{"name", device.name},
                           {"state", *device.state},
                           {"max_state", or_null(device.max_state)}});
        if (lowering)
            cooling.push_back(
                device.max_state
                    ? fmt::format("{} at cooling state {} of {}", device.name, *device.state,
                                  *device.max_state)
                    : fmt::format("{} at cooling state {}", device.name, *device.state));
    }
    if (!r.active)
        return RuleResult::inactive("no thermal zone or CPU/GPU cooling-device readings");
    if (!in.details) return r;
    if (!cooling.empty()) {
        r.message = fmt::format("{}: the kernel is lowering clocks now", fmt::join(cooling, "; "));
        if (!hot.empty()) r.message += fmt::format(" ({})", fmt::join(hot, "; "));
    } else if (!hot.empty()) {
        // Hot, but no device says it acts: only what the temperatures show; whether clocks were
        // lowered is for the cooling devices and the DVFS rules.
        r.message = fmt::format("{}{}", fmt::join(hot, "; "),
                                clock_devices ? "; no CPU or GPU cooling device is active" : "");
    } else {
        r.message = closest.empty() ? "no CPU or GPU cooling device is active" : closest;
    }
    r.evidence = {{"zones", zones}, {"warn_c", warn_c}, {"cooling_devices", devices}};
    return r;
}

}  // namespace edgetop::analysis
