// Over-current throttle events (soctherm_oc, Jetson Orin and Thor) within a rule's window, as
// evidence for power_limit and the DVFS throttle rules: each event is the hardware lowering the
// CPU and GPU clocks, the most direct explanation of a clock drop there is.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/rules_window.hpp"

namespace edgetop::analysis {

struct OcEventsInWindow {
    std::string name;    // "oc3"
    std::string kind;    // "instantaneous over-current"
    int64_t events = 0;  // counted within the window
    double seconds = 0;  // how long the window's samples cover
};

// Every counter of the latest sample whose count is known across the samples of the last
// window_s: the rises of its count from one sample to the next (a count that went back was reset
// and adds nothing). Empty without counters or with a single sample in that window.
std::vector<OcEventsInWindow> oc_events_in_window(const SampleWindow& window, double window_s);

bool any_oc_event(const std::vector<OcEventsInWindow>& counted);

// "instantaneous over-current: 14 events in the last 10 s", one per counter that counted any.
std::vector<std::string> describe(const std::vector<OcEventsInWindow>& counted);

// A throttle rule's findings followed by the over-current events that explain them.
std::vector<std::string> with_oc_events(std::vector<std::string> findings,
                                        const std::vector<OcEventsInWindow>& counted);

// [{"name","kind","events","window_s"}], one per counter.
nlohmann::json oc_events_evidence(const std::vector<OcEventsInWindow>& counted);

}  // namespace edgetop::analysis
