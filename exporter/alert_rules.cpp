#include "exporter/alert_rules.hpp"

#include <fmt/format.h>
#include <cctype>
#include <cmath>

#include "analysis/rules_catalog.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {
namespace {

std::string_view operator_of(Compare compare) {
    switch (compare) {
        case Compare::at_least:
            return ">=";
        case Compare::above:
            return ">";
        case Compare::below:
            return "<";
    }
    return ">=";
}

// The shortest text that reads back as the same double (0.9, not 0.900000).
std::string number(double value) {
    return fmt::format("{}", value);
}

std::string window(const Condition& c, std::string_view rule, const analysis::RuleConfig& config) {
    return prometheus_duration(config.get(rule, c.window_param));
}

std::string quantity(const Condition& c, std::string_view rule,
                     const analysis::RuleConfig& config) {
    switch (c.kind) {
        case QuantityKind::gauge:
        case QuantityKind::versus:
            return std::string(c.metric);
        case QuantityKind::ratio:
            return fmt::format("{} / ({} > 0)", c.metric, c.other);
        case QuantityKind::growth:
            return fmt::format("({0} - {0} offset {1})", c.metric, window(c, rule, config));
        case QuantityKind::growth_ratio:
            return fmt::format("({0} - {0} offset {1}) / ({2} > 0)", c.metric,
                               window(c, rule, config), c.other);
        case QuantityKind::rate_share:
            return fmt::format(
                "sum by (instance, job) (irate({}[1m])) / sum by (instance, job) (irate({}[1m]))",
                c.metric, c.other);
    }
    return std::string(c.metric);
}

std::string matching(std::string_view ignoring) {
    return ignoring.empty() ? "" : fmt::format("ignoring({}) ", ignoring);
}

std::string expression(const AlertSpec& spec, const analysis::RuleConfig& config) {
    if (spec.any_of.empty())
        return fmt::format(R"(edgetop_flag_raised{{flag="{}"}} == 1)", spec.rule);
    std::string out;
    for (const auto& all_of : spec.any_of) {
        std::string conjunction;
        for (const auto& condition : all_of) {
            if (!conjunction.empty()) conjunction += " and ";
            conjunction += "(" + condition_promql(condition, spec.rule, config) + ")";
        }
        if (!out.empty()) out += " or ";
        out += all_of.size() > 1 ? "(" + conjunction + ")" : conjunction;
    }
    return out;
}

std::string evidence_text(const AlertSpec& spec) {
    std::string out;
    for (auto metric : spec.evidence)
        out += fmt::format("{}{}", out.empty() ? "" : ", ", metric);
    return out;
}

AlertRule catalog_alert(const analysis::RuleInfo& info, const AlertSpec& spec,
                        const analysis::RuleConfig& config) {
    AlertRule rule;
    rule.name = alert_name(info.id);
    rule.expr = expression(spec, config);
    std::string description = info.description;
    if (spec.any_of.empty()) {
        // The board held the condition for sustain_s before raising the flag, and holds it up
        // for clear_s after: no second wait here.
        description += fmt::format(
            " Fires on the board's own flag (edgetop_flag_raised, raised after sustain_s and "
            "cleared after clear_s there): PromQL cannot express it, because {}.",
            spec.flag_state_reason);
    } else {
        rule.for_s = config.get(info.id, "sustain_s");
        rule.keep_firing_for_s = config.get(info.id, "clear_s");
    }
    description += " Evidence metrics: " + evidence_text(spec) + ".";
    rule.labels = {{"severity", std::string(analysis::to_string(info.severity))},
                   {"flag", info.id}};
    rule.annotations = {{"summary", fmt::format("{} on {{{{ $labels.instance }}}}", spec.summary)},
                        {"description", description}};
    return rule;
}

// Alerts about the boards themselves, which no board can raise: each names its hold time here
// (the catalog's rules take theirs from sustain_s).
std::vector<AlertRule> fleet_alerts() {
    const std::string stale = "changes(edgetop_last_sample_timestamp_seconds[2m]) == 0";
    return {
        {"EdgetopTargetDown",
         R"(up{job="edgetop"} == 0)",
         60,
         0,
         {{"severity", "critical"}},
         {{"summary", "edgetop on {{ $labels.instance }} does not answer scrapes"},
          {"description",
           "Prometheus could not scrape the board's /metrics for a minute: the board, its "
           "network or edgetop serve is down. Evidence: up."}}},
        {"EdgetopSamplesStale",
         stale,
         60,
         0,
         {{"severity", "warning"}},
         {{"summary", "edgetop on {{ $labels.instance }} serves an old sample"},
          {"description",
           "The board answers scrapes but its sample time has not moved for three minutes: "
           "sampling is stuck. Evidence: edgetop_last_sample_timestamp_seconds, "
           "edgetop_samples_total."}}},
        {"EdgetopClockSkew",
         "abs(timestamp(edgetop_last_sample_timestamp_seconds) - "
         "edgetop_last_sample_timestamp_seconds) > 30 unless on (instance, job) (" +
             stale + ")",
         300,
         0,
         {{"severity", "warning"}},
         {{"summary", "The clock of {{ $labels.instance }} is off by more than 30 s"},
          {"description",
           "The board's wall-clock time of its latest sample differs from Prometheus' scrape "
           "time by more than 30 s (less the sampling interval): session files and sample "
           "times from this board are shifted; check its NTP. Evidence: "
           "edgetop_last_sample_timestamp_seconds."}}},
        {"EdgetopSessionLogNotGrowing",
         "changes(edgetop_session_log_written_bytes_total[2m]) == 0",
         60,
         0,
         {{"severity", "warning"}},
         {{"summary", "The session log of {{ $labels.instance }} stopped growing"},
          {"description",
           "edgetop serve --log wrote no byte to its session file for three minutes (a full "
           "disk, an I/O error): samples are served but not logged. Evidence: "
           "edgetop_session_log_written_bytes_total, edgetop_session_log_write_errors_total."}}},
    };
}

// A YAML single-quoted scalar: no escapes but '' for a quote.
std::string yaml_quoted(std::string_view text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'') out += '\'';
        out += c;
    }
    return out + "'";
}

}  // namespace

std::string condition_promql(const Condition& c, std::string_view rule,
                             const analysis::RuleConfig& config) {
    std::string threshold;
    std::string match;
    if (c.kind == QuantityKind::versus) {
        threshold = std::string(c.other);
        match = matching(c.ignoring);
    } else if (c.param.empty()) {
        threshold = number(c.constant);
    } else {
        const double value = config.get(rule, c.param);
        threshold =
            value == 0 && c.zero_means_other ? std::string(c.other) : number(value / c.divisor);
    }
    std::string out = fmt::format("{} {} {}{}", quantity(c, rule, config), operator_of(c.compare),
                                  match, threshold);
    if (!c.unless.empty())
        out = fmt::format("({}) unless {}{}", out, matching(c.ignoring), c.unless);
    return out;
}

std::string alert_name(std::string_view rule) {
    std::string name = "Edgetop";
    bool upper = true;
    for (char c : rule) {
        if (c == '_') {
            upper = true;
            continue;
        }
        name += upper ? ascii::to_upper(c) : c;
        upper = false;
    }
    return name;
}

std::string prometheus_duration(double seconds) {
    if (seconds == std::floor(seconds)) return fmt::format("{}s", static_cast<int64_t>(seconds));
    return fmt::format("{}ms", static_cast<int64_t>(std::llround(seconds * 1000)));
}

std::vector<AlertGroup> alert_groups(const analysis::RuleConfig& config) {
    AlertGroup catalog{"edgetop", {}};
    for (const auto& spec : alert_specs()) {
        if (!config.enabled(spec.rule)) continue;
        if (const auto* info = analysis::find_rule(spec.rule))
            catalog.rules.push_back(catalog_alert(*info, spec, config));
    }
    return {catalog, {"edgetop-fleet", fleet_alerts()}};
}

std::string alert_rules_yaml(const analysis::RuleConfig& config) {
    std::string out =
        "# Prometheus alerting rules for edgetop serve, generated by "
        "`edgetop serve --print-alert-rules`\n# from its rule catalog and thresholds "
        "(see RULES in edgetop(1)). Do not edit: regenerate.\ngroups:\n";
    for (const auto& group : alert_groups(config)) {
        out += fmt::format("  - name: {}\n    rules:\n", group.name);
        for (const auto& rule : group.rules) {
            out += fmt::format("      - alert: {}\n        expr: {}\n", rule.name,
                               yaml_quoted(rule.expr));
            if (rule.for_s > 0)
                out += fmt::format("        for: {}\n", prometheus_duration(rule.for_s));
            if (rule.keep_firing_for_s > 0)
                out += fmt::format("        keep_firing_for: {}\n",
                                   prometheus_duration(rule.keep_firing_for_s));
            out += "        labels:\n";
            for (const auto& [key, value] : rule.labels)
                out += fmt::format("          {}: {}\n", key, yaml_quoted(value));
            out += "        annotations:\n";
            for (const auto& [key, value] : rule.annotations)
                out += fmt::format("          {}: {}\n", key, yaml_quoted(value));
        }
    }
    return out;
}

}  // namespace edgetop::exporter
