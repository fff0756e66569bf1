#include "report/report_flags.hpp"

#include <algorithm>

namespace edgetop::analysis {

void FlagTracker::close(Slot& slot, double t_s) {
    if (!slot.open) return;
    double length = std::max(0.0, t_s - slot.open->raised_s);
    FlagReport& r = slot.report;
    r.active_s += length;
    // The first episode always names its evidence, even when it lasted no time at all.
    if (length > r.longest_episode_s || !r.worst_raised_s) {
        r.longest_episode_s = length;
        r.worst_raised_s = slot.open->raised_s;
        r.worst_message = slot.open->message;
        r.worst_evidence = slot.open->evidence;
    }
    slot.open.reset();
}

void FlagTracker::add(const Event& event) {
    auto it = std::find_if(slots_.begin(), slots_.end(),
                           [&](const Slot& s) { return s.report.id == event.flag; });
    if (it == slots_.end()) {
        if (event.state != EventState::raised) return;
        slots_.push_back({});
        it = std::prev(slots_.end());
        it->report.id = event.flag;
    }
    Slot& slot = *it;
    if (event.state == EventState::raised) {
        if (slot.open) return;
        ++slot.report.raised;
        if (!slot.report.first_raised_s) slot.report.first_raised_s = event.t_s;
        slot.open = Episode{event.t_s, event.message, event.evidence};
        return;
    }
    close(slot, event.t_s);
}

std::vector<FlagReport> FlagTracker::finish(double end_t_s) const {
    std::vector<FlagReport> out;
    for (Slot slot : slots_) {
        bool open = slot.open.has_value();
        close(slot, std::max(end_t_s, open ? slot.open->raised_s : end_t_s));
        slot.report.active_at_end = open;
        out.push_back(std::move(slot.report));
    }
    return out;
}

}  // namespace edgetop::analysis
