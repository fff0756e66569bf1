#include "tui/flag_severity.hpp"

#include "analysis/rules_catalog.hpp"

namespace edgetop::tui {

analysis::Severity flag_severity(std::string_view id) {
    const analysis::RuleInfo* rule = analysis::find_rule(id);
    return rule ? rule->severity : analysis::Severity::warning;
}

Style severity_style(analysis::Severity severity) {
    switch (severity) {
        case analysis::Severity::critical:
            return Style::crit;
        case analysis::Severity::warning:
            return Style::warn;
        case analysis::Severity::info:
            break;
    }
    return Style::dim;
}

Level severity_level(analysis::Severity severity) {
    switch (severity) {
        case analysis::Severity::critical:
            return Level::crit;
        case analysis::Severity::warning:
            return Level::warn;
        case analysis::Severity::info:
            break;
    }
    return Level::good;
}

std::string flag_label(const std::string& id) {
    analysis::Severity severity = flag_severity(id);
    if (severity == analysis::Severity::info) return id + " (info)";
    return with_marker(id, severity_level(severity));
}

FlagCounts count_flags(const std::vector<std::string>& ids) {
    FlagCounts counts;
    for (const auto& id : ids) {
        switch (flag_severity(id)) {
            case analysis::Severity::critical:
                ++counts.critical;
                break;
            case analysis::Severity::warning:
                ++counts.warning;
                break;
            case analysis::Severity::info:
                ++counts.info;
                break;
        }
    }
    return counts;
}

}  // namespace edgetop::tui
