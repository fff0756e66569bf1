#include "analysis/rules_analyzer.hpp"

#include <algorithm>

namespace edgetop::analysis {
namespace {

// The longest window_s / swap_window_s of the enabled rules; rules without one read only the
// latest sample, and the window always keeps at least the previous one.
double longest_window_s(const RuleConfig& config) {
    double longest = 1;
    for (const auto& rule : rule_catalog()) {
        if (!config.enabled(rule.id)) continue;
        for (const auto& p : rule.params)
            if (p.key.ends_with("window_s"))
                longest = std::max(longest, config.get(rule.id, p.key));
    }
    return longest;
}

}  // namespace

Analyzer::Analyzer(Board board, RuleConfig config)
    : board_(std::move(board)), config_(std::move(config)), window_(longest_window_s(config_)) {
    for (const auto& rule : rule_catalog()) {
        Slot slot{&rule, config_.params(rule.id),
                  Hysteresis(config_.get(rule.id, "sustain_s"), config_.get(rule.id, "clear_s")),
                  RuleState{}};
        slot.state.id = rule.id;
        slot.state.severity = rule.severity;
        slot.state.description = rule.description;
        slot.state.enabled = config_.enabled(rule.id);
        slot.state.inactive_reason = slot.state.enabled ? "no sample yet" : "switched off";
        slots_.push_back(std::move(slot));
    }
}

std::vector<Event> Analyzer::update(const Sample& sample) {
    if (!window_.empty() && sample.t_s < window_.latest().t_s)
        for (auto& slot : slots_) {
            slot.hysteresis.reset();
            slot.state.raised = false;
            slot.state.raised_since_s.reset();
        }
    window_.push(sample);

    std::vector<Event> events;
    for (auto& slot : slots_) {
        if (!slot.state.enabled) continue;
        RuleInput input{window_, board_, slot.params, false};
        RuleResult result = slot.info->evaluate(input);
        const bool holds = result.active && result.holds;
        const Transition transition = slot.hysteresis.update(sample.t_s, holds);

        RuleState& state = slot.state;
        state.active = result.active;
        state.inactive_reason = result.inactive_reason;
        state.holds = holds;
        state.raised = slot.hysteresis.raised();
        state.raised_since_s = slot.hysteresis.raised_since_s();
        state.last_t_s = sample.t_s;
        // The message and evidence are built only where they are shown: for a flag that is up,
        // and for the event of a change (the rules are pure, so this is the same evaluation).
        if (state.raised || transition != Transition::none) {
            input.details = true;
            result = slot.info->evaluate(input);
            state.last_message = result.message;
            state.last_evidence = result.evidence;
        }

        if (transition == Transition::raised)
            events.push_back(
                {sample.t_s, state.id, EventState::raised, result.message, result.evidence});
        else if (transition == Transition::cleared)
            events.push_back(
                {sample.t_s, state.id, EventState::cleared,
                 result.active ? result.message : "inputs no longer readable: " + result.message,
                 result.evidence});
    }
    return events;
}

std::vector<std::string> Analyzer::flags() const {
    std::vector<std::string> out;
    for (const auto& slot : slots_)
        if (slot.state.raised) out.push_back(slot.state.id);
    return out;
}

std::vector<RuleState> Analyzer::states() const {
    std::vector<RuleState> out;
    out.reserve(slots_.size());
    for (const auto& slot : slots_)
        out.push_back(slot.state);
    return out;
}

}  // namespace edgetop::analysis
