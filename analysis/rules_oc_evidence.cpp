#include "analysis/rules_oc_evidence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "analysis/rules_helpers.hpp"
#include "edgetop/number_text.hpp"

namespace edgetop::analysis {
namespace {

std::optional<int64_t> count_of(const Sample& sample, const std::string& name) {
    for (const auto& event : sample.oc_events)
        if (event.name == name) return event.events;
    return std::nullopt;
}

}  // namespace

std::vector<OcEventsInWindow> oc_events_in_window(const SampleWindow& window, double window_s) {
    std::vector<OcEventsInWindow> counted;
    const auto& samples = window.samples();
    const std::size_t first = window.first_within(window_s);
    if (first + 1 >= samples.size()) return counted;
    const Sample& now = window.latest();
    for (const auto& event : now.oc_events) {
        if (!event.events) continue;
        OcEventsInWindow entry{event.name, event.kind, 0, now.t_s - samples[first].t_s};
        std::optional<int64_t> before;
        for (std::size_t i = first; i < samples.size(); ++i) {
            const auto count = count_of(samples[i], event.name);
            if (!count) continue;
            if (before && *count > *before) entry.events += *count - *before;
            before = count;
        }
        counted.push_back(std::move(entry));
    }
    return counted;
}

bool any_oc_event(const std::vector<OcEventsInWindow>& counted) {
    return std::any_of(counted.begin(), counted.end(),
                       [](const OcEventsInWindow& c) { return c.events > 0; });
}

std::vector<std::string> describe(const std::vector<OcEventsInWindow>& counted) {
    std::vector<std::string> texts;
    for (const auto& c : counted)
        if (c.events > 0)
            texts.push_back(fmt::format("{}: {} in the last {} s", c.kind,
                                        plural(c.events, "event"), fixed(c.seconds, 0)));
    return texts;
}

std::vector<std::string> with_oc_events(std::vector<std::string> findings,
                                        const std::vector<OcEventsInWindow>& counted) {
    for (auto& text : describe(counted))
        findings.push_back(std::move(text));
    return findings;
}

nlohmann::json oc_events_evidence(const std::vector<OcEventsInWindow>& counted) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : counted)
        list.push_back({{"name", c.name},
                        {"kind", c.kind},
                        {"events", c.events},
                        {"window_s", round_to(c.seconds, 1)}});
    return list;
}

}  // namespace edgetop::analysis
