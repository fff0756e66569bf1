// The vocabulary shared by every bottleneck rule, the hysteresis and the Analyzer.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "edgetop/board.hpp"

namespace edgetop::analysis {

class SampleWindow;

// How much a raised flag matters, as the view colours it and counts it in its header badge:
// critical: the board is losing performance or stability now (clocks lowered by heat or an
// over-current, memory running out); warning: a bottleneck that slows the work; info: a fact of
// the configuration (a power-mode cap) that explains numbers but asks for no action.
enum class Severity { info, warning, critical };
std::string_view to_string(Severity severity);

// What one rule concludes from the current window, before hysteresis.
struct RuleResult {
    bool active = false;          // its inputs are present; false: see inactive_reason
    std::string inactive_reason;  // e.g. "no GPU load reading (devfreq has no load file)"
    bool holds = false;           // the condition holds at the latest sample
    std::string message;          // one line a user understands, whether or not it holds
    nlohmann::json evidence = nlohmann::json::object();

    static RuleResult inactive(std::string reason);
};

// The resolved thresholds of one rule, by key ("busy_cpu_pct" -> 50).
class ParamValues {
  public:
    ParamValues() = default;
    explicit ParamValues(std::map<std::string, double, std::less<>> values)
        : values_(std::move(values)) {}
    // Every key a rule reads is declared in its catalog entry, so a missing one is a bug.
    double get(std::string_view key) const;
    const std::map<std::string, double, std::less<>>& all() const { return values_; }

  private:
    std::map<std::string, double, std::less<>> values_;
};

struct RuleInput {
    const SampleWindow& window;  // never empty when a rule runs
    const Board& board;
    const ParamValues& params;
    // false: the rule fills only active, inactive_reason and holds (no message, no evidence),
    // which is all most samples need.
    bool details = true;
};

using RuleFunction = RuleResult (*)(const RuleInput&);

enum class EventState { raised, cleared };
std::string_view to_string(EventState state);

// A flag going up or down, as written to the session and shown to the user.
struct Event {
    double t_s = 0;
    std::string flag;
    EventState state = EventState::raised;
    std::string message;
    nlohmann::json evidence = nlohmann::json::object();

    // {"t":..,"flag":..,"state":"raised"|"cleared","message":..,"evidence":{..}}
    nlohmann::json to_json() const;
};

// One rule as the Analysis page shows it.
struct RuleState {
    std::string id;
    Severity severity = Severity::warning;
    std::string description;  // what the rule detects, from the catalog
    bool enabled = true;      // false when switched off by rules_off
    bool active = false;      // inputs present at the latest sample
    std::string inactive_reason;
    bool holds = false;   // condition at the latest sample, before hysteresis
    bool raised = false;  // the flag, after hysteresis
    std::optional<double> raised_since_s;
    std::optional<double> last_t_s;  // time of the latest evaluation
    // Of the latest evaluation with details: every sample while the flag is up, and the sample
    // that raised or cleared it.
    std::string last_message;
    nlohmann::json last_evidence = nlohmann::json::object();
};

}  // namespace edgetop::analysis
