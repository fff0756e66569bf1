// Every bottleneck rule edgetop knows: id, severity, thresholds with their defaults, and the
// function that evaluates it. The config, the Analyzer, --help and the man page's RULES section
// (cli/cli_man_rules.cpp) all read this one table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/rules_types.hpp"

namespace edgetop::analysis {

struct RuleParam {
    std::string key;
    double default_value = 0;
    std::string unit;  // "%", "s", "°C", "W", "0/1"
    std::string description;
    double min = 0, max = 0;  // accepted range of an override, inclusive
};

struct RuleInfo {
    std::string id;
    Severity severity = Severity::warning;
    // What the rule detects, as the man page's RULES section says it (plain UTF-8 text, one
    // paragraph; the man page generator escapes it for roff).
    std::string description;
    std::vector<RuleParam> params;  // every rule also has sustain_s and clear_s
    RuleFunction evaluate = nullptr;

    const RuleParam* find_param(std::string_view key) const;
};

// In the order the Analysis page and the flags list them.
const std::vector<RuleInfo>& rule_catalog();
const RuleInfo* find_rule(std::string_view id);

// One row per rule threshold, for --help and the man page.
struct RuleTableRow {
    std::string rule, key, default_value, unit, description;
};
std::vector<RuleTableRow> rule_table();
// The same table as aligned plain text, one "ID.KEY  DEFAULT UNIT  DESCRIPTION" line per row.
std::string format_rule_table();

}  // namespace edgetop::analysis
