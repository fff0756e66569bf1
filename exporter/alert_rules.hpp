// Prometheus alerting rules made from the rule catalog: one alert per enabled edgetop rule, its
// condition written in PromQL over the exported metrics with the thresholds in force (--rule and
// the config file), and the fleet alerts a board cannot raise itself (target down, stale samples,
// clock skew, a session log that stopped growing). `edgetop serve --print-alert-rules` prints them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/rules_config.hpp"

namespace edgetop::exporter {

enum class Compare { at_least, above, below };

// How the value a condition compares is made from exported series (M: metric, D: other).
enum class QuantityKind {
    gauge,         // M
    ratio,         // M / (D > 0)
    growth,        // M - M offset W: what a counter or gauge grew by over the last W seconds
    growth_ratio,  // (M - M offset W) / (D > 0)
    rate_share,    // sum by (instance, job) (irate(M[1m])) / sum by (instance, job) (irate(D[1m]))
    versus,        // M compared with the series D of the same board (matched ignoring `ignoring`)
};

struct Condition {
    QuantityKind kind = QuantityKind::gauge;
    std::string_view metric = {};        // M, a series selector
    std::string_view other = {};         // D
    std::string_view window_param = {};  // growth kinds: the threshold key that holds W (seconds)
    Compare compare = Compare::at_least;
    std::string_view param = {};  // the threshold key compared with; empty: `constant`
    double divisor = 1;           // from the threshold's unit to the quantity's (% to a ratio: 100)
    double constant = 0;
    // A threshold key whose value 0 means "the series `other` instead" (power_limit.budget_w).
    bool zero_means_other = false;
    std::string_view ignoring = {};  // versus and unless: labels D has and M lacks
    std::string_view unless = {};    // holds only where this series (matched ignoring) is absent
};

// How one catalog rule is expressed: any_of(all_of(conditions)), or, with no conditions, over the
// exported flag state (edgetop_flag_raised) for the reason given.
struct AlertSpec {
    std::string_view rule;
    std::string_view summary;
    std::vector<std::vector<Condition>> any_of;
    std::string_view flag_state_reason;
    std::vector<std::string_view> evidence;  // the metrics the description names
};

// One entry per catalog rule, in catalog order.
const std::vector<AlertSpec>& alert_specs();

// The PromQL of one condition with the thresholds of `config`.
std::string condition_promql(const Condition& condition, std::string_view rule,
                             const analysis::RuleConfig& config);

struct AlertRule {
    std::string name;  // EdgetopThermalThrottle
    std::string expr;
    double for_s = 0;
    double keep_firing_for_s = 0;
    std::vector<std::pair<std::string, std::string>> labels;
    std::vector<std::pair<std::string, std::string>> annotations;
};

struct AlertGroup {
    std::string name;
    std::vector<AlertRule> rules;
};

// The catalog's enabled rules (group "edgetop"), then the fleet rules (group "edgetop-fleet").
std::vector<AlertGroup> alert_groups(const analysis::RuleConfig& config);

// The groups as a Prometheus rule file (YAML).
std::string alert_rules_yaml(const analysis::RuleConfig& config);

// "thermal_throttle" -> "EdgetopThermalThrottle".
std::string alert_name(std::string_view rule);

// A duration as Prometheus reads it: 90 -> "90s", 0.5 -> "500ms".
std::string prometheus_duration(double seconds);

}  // namespace edgetop::exporter
