// The Prometheus alerting rules made from the rule catalog: promtool (the Prometheus project's own
// checker) accepts them, and `promtool test rules` runs a unit test per alert that this file
// generates from the same table: for each condition, synthetic series on either side of the
// threshold in force (the catalog default, or an override), and the alert expected from that
// side alone. The committed files under packaging/ are what the program prints.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/rules_catalog.hpp"
#include "exporter/alert_rules.hpp"
#include "exporter/grafana_dashboard.hpp"
#include "tests/exporter/prometheus_server.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::testing::alert_rules {
namespace {

using exporter::AlertSpec;
using exporter::Compare;
using exporter::Condition;
using exporter::prometheus_duration;
using exporter::QuantityKind;
using nlohmann::json;
using namespace std::chrono_literals;

constexpr const char* kPromtool = "/usr/bin/promtool";

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

RunResult run_edgetop(const TempDir& dir, std::vector<std::string> args) {
    args.insert(args.begin(), EDGETOP_BINARY);
    // No config file of the user running the tests: the catalog's defaults.
    ChildProcess child(args, {.env = {{"XDG_CONFIG_HOME", dir.file("config")}}});
    return child.collect(20s);
}

RunResult promtool(const std::vector<std::string>& args) {
    std::vector<std::string> argv{kPromtool};
    argv.insert(argv.end(), args.begin(), args.end());
    ChildProcess child(argv);
    return child.collect(60s);
}

// A series selector's metric name and its label matchers: name{a="x",b=~"y"}.
struct Selector {
    std::string name;
    std::map<std::string, std::string> equal;
    bool has_regex = false;
};

Selector parse_selector(std::string_view text) {
    Selector s;
    auto brace = text.find('{');
    s.name = std::string(text.substr(0, brace));
    if (brace == std::string_view::npos) return s;
    static const std::regex matcher(R"re(([a-z_]+)(=~|!~|!=|=)"([^"]*)")re");
    std::string body(text.substr(brace));
    for (std::sregex_iterator it(body.begin(), body.end(), matcher), end; it != end; ++it) {
        if ((*it)[2] == "=")
            s.equal[(*it)[1]] = (*it)[3];
        else
            s.has_regex = true;
    }
    return s;
}

// Label values that the regular-expression matchers of the table select: a cooling device whose
// state lowers a clock, as the thermal_throttle rule names them (the fixtures' "gpu-balanced").
std::map<std::string, std::string> regex_examples(const Selector& s) {
    if (s.name == "edgetop_cooling_device_state") return {{"name", "gpu-balanced"}};
    ADD_FAILURE() << "no example labels for the matchers of " << s.name;
    return {};
}

using Labels = std::map<std::string, std::string>;

std::string series_text(const std::string& name, const std::map<std::string, std::string>& labels) {
    std::string out = name + "{";
    bool first = true;
    for (const auto& [k, v] : labels) {
        out += fmt::format("{}{}=\"{}\"", first ? "" : ",", k, v);
        first = false;
    }
    return out + "}";
}

Labels labels_of(const Selector& s, const Labels& board) {
    auto labels = board;
    for (const auto& [k, v] : s.equal)
        labels[k] = v;
    if (s.has_regex)
        for (const auto& [k, v] : regex_examples(s))
            labels[k] = v;
    return labels;
}

constexpr int kJumpAt = 15;  // growth kinds: the series steps up at this second
constexpr int kSeconds = 40;

std::string values(double before, double after, int from = 0) {
    std::string out;
    for (int t = 0; t <= kSeconds; ++t)
        out += fmt::format("{}{}", t ? " " : "", t < from ? before : after);
    return out;
}

std::string slope(double per_second) {
    std::string out;
    for (int t = 0; t <= kSeconds; ++t)
        out += fmt::format("{}{}", t ? " " : "", per_second * t);
    return out;
}

// The threshold a condition compares with, from the configuration in force; a "versus" or a
// budget of 0 compares with the series `other`, which the case sets to `kBase`.
constexpr double kBase = 50;
double threshold(const Condition& c, std::string_view rule, const analysis::RuleConfig& config) {
    if (c.kind == QuantityKind::versus) return kBase;
    if (c.param.empty()) return c.constant;
    double value = config.get(rule, c.param);
    if (value == 0 && c.zero_means_other) return kBase;
    // Percentages are compared with ratios 0..1 (every ratio the exporter serves); watts and
    // degrees as they are.
    const auto* info = analysis::find_rule(rule);
    return info->find_param(c.param)->unit == "%" ? value / 100 : value;
}

// The value on the crossing or the other side. A plain gauge is compared as served, so the
// threshold itself is the boundary (the same double on both sides: >= crosses, > and < do not);
// a computed quantity (a ratio, a rate) is a step away on either side.
double value_for(const Condition& c, double t, bool crossing) {
    const double step = std::max(std::abs(t) * 0.01, 0.001);
    const bool exact = c.kind == QuantityKind::gauge || c.kind == QuantityKind::versus;
    switch (c.compare) {
        case Compare::at_least:
            return crossing ? (exact ? t : t + step) : t - step;
        case Compare::above:
            return crossing ? t + step : (exact ? t : t - step);
        case Compare::below:
            return crossing ? t - step : (exact ? t : t + step);
    }
    return t;
}

// Input series that make the condition's quantity `x`, and the labels its result carries.
Labels add_series(const Condition& c, std::string_view rule, const analysis::RuleConfig& config,
                  double x, const Labels& board, json& input) {
    const Selector m = parse_selector(c.metric);
    auto labels = labels_of(m, board);
    auto add = [&](const Selector& s, const std::map<std::string, std::string>& l,
                   const std::string& v) {
        input.push_back({{"series", series_text(s.name, l)}, {"values", v}});
    };
    switch (c.kind) {
        case QuantityKind::gauge:
            add(m, labels, values(x, x));
            break;
        case QuantityKind::versus:
            add(m, labels, values(x, x));
            break;
        case QuantityKind::ratio:
            add(parse_selector(c.other), labels_of(parse_selector(c.other), board),
                values(1000, 1000));
            add(m, labels, values(x * 1000, x * 1000));
            break;
        case QuantityKind::growth:
            add(m, labels, values(0, x, kJumpAt));
            break;
        case QuantityKind::growth_ratio:
            add(parse_selector(c.other), labels_of(parse_selector(c.other), board),
                values(1000, 1000));
            add(m, labels, values(0, x * 1000, kJumpAt));
            break;
        case QuantityKind::rate_share: {
            // M is a part of D (one CPU mode of all): the rest of each second goes to idle.
            add(m, labels, slope(x));
            Selector rest = parse_selector(c.other);
            auto rest_labels = labels_of(rest, board);
            rest_labels["mode"] = "idle";
            add(rest, rest_labels, slope(1 - x));
            labels = board;  // summed by instance and job
            break;
        }
    }
    const bool other_is_threshold =
        c.kind == QuantityKind::versus ||
        (c.zero_means_other && !c.param.empty() && config.get(rule, c.param) == 0);
    if (other_is_threshold) {
        Selector o = parse_selector(c.other);
        auto other_labels = labels_of(o, board);
        for (const auto& [k, v] : m.equal)
            other_labels[k] = v;
        other_labels.insert(labels.begin(), labels.end());
        add(o, other_labels, values(kBase, kBase));
    }
    return labels;
}

// The cases of one promtool test group. Each case is a board of its own (its instance label), so
// their series never meet, and each check lists the alerts of every case firing at that time:
// one group (one TSDB for promtool) holds them all.
class Group {
  public:
    explicit Group(std::string interval) : interval_(std::move(interval)) {}

    Labels next_board() {
        return {{"instance", fmt::format("case-{}:9102", ++boards_)}, {"job", "edgetop"}};
    }
    json& input() { return input_; }
    // At eval_s, `alert` fires for these labels (fires), or the check exists with no alert added.
    void expect(const exporter::AlertRule& rule, int eval_s, bool fires, const Labels& labels) {
        auto& alerts = checks_[{rule.name, eval_s}];
        if (!fires) return;
        Labels all = labels;
        for (const auto& [k, v] : rule.labels)
            all[k] = v;
        json annotations = json::object();
        for (const auto& [k, v] : rule.annotations) {
            std::string text = v;
            const std::string instance_template = "{{ $labels.instance }}";
            if (auto at = text.find(instance_template); at != std::string::npos)
                text.replace(at, instance_template.size(), all["instance"]);
            annotations[k] = text;
        }
        alerts.push_back({{"exp_labels", all}, {"exp_annotations", annotations}});
    }
    json to_json() const {
        json checks = json::array();
        for (const auto& [key, alerts] : checks_)
            checks.push_back({{"eval_time", fmt::format("{}s", key.second)},
                              {"alertname", key.first},
                              {"exp_alerts", alerts}});
        return {{"interval", interval_}, {"input_series", input_}, {"alert_rule_test", checks}};
    }

  private:
    std::string interval_;
    int boards_ = 0;
    json input_ = json::array();
    std::map<std::pair<std::string, int>, json> checks_;
};

const exporter::AlertRule* find_alert(const std::vector<exporter::AlertGroup>& groups,
                                      const std::string& name) {
    for (const auto& g : groups)
        for (const auto& r : g.rules)
            if (r.name == name) return &r;
    return nullptr;
}

// Both sides of each condition of each alert, one board each.
json catalog_cases(const analysis::RuleConfig& config) {
    const auto groups = exporter::alert_groups(config);
    Group group("1s");
    for (const AlertSpec& spec : exporter::alert_specs()) {
        const auto* rule = find_alert(groups, exporter::alert_name(spec.rule));
        if (!rule) {
            ADD_FAILURE() << "no alert for " << spec.rule;
            continue;
        }
        const int eval_s = kJumpAt + static_cast<int>(std::ceil(rule->for_s)) + 2;
        auto add_case = [&](bool fires, const Labels& labels) {
            group.expect(*rule, eval_s, fires, labels);
            // Not yet a second before its hold time (sustain_s) has passed: pending.
            if (rule->for_s >= 1)
                group.expect(*rule, static_cast<int>(rule->for_s) - 1, false, labels);
        };
        if (spec.any_of.empty()) {
            for (int raised : {1, 0}) {
                auto labels = group.next_board();
                labels["flag"] = std::string(spec.rule);
                group.input().push_back({{"series", series_text("edgetop_flag_raised", labels)},
                                         {"values", values(raised, raised)}});
                add_case(raised == 1, labels);
            }
            continue;
        }
        for (const auto& all_of : spec.any_of)
            for (std::size_t varied = 0; varied < all_of.size(); ++varied)
                for (bool crossing : {true, false}) {
                    const Labels board = group.next_board();
                    Labels first_labels;
                    for (std::size_t i = 0; i < all_of.size(); ++i) {
                        const Condition& c = all_of[i];
                        if (!c.window_param.empty()) {
                            EXPECT_LT(config.get(spec.rule, c.window_param), kJumpAt)
                                << "the series must start a window before the step";
                        }
                        const double t = threshold(c, spec.rule, config);
                        const double x = value_for(c, t, i == varied ? crossing : true);
                        auto l = add_series(c, spec.rule, config, x, board, group.input());
                        if (i == 0) first_labels = l;
                    }
                    add_case(crossing, first_labels);
                }
    }
    return group.to_json();
}

// The fleet rules: each one's own scenario on either side of its constant, 15 s scrapes over
// ten minutes; the alerts hold for a minute or five.
json fleet_cases(const analysis::RuleConfig& config) {
    const auto groups = exporter::alert_groups(config);
    Group group("15s");
    auto add = [&](const std::string& alert, const std::string& metric, const std::string& v,
                   int eval_s, bool fires) {
        const auto* rule = find_alert(groups, alert);
        if (!rule) {
            ADD_FAILURE() << "no alert " << alert;
            return;
        }
        const Labels board = group.next_board();
        group.input().push_back({{"series", series_text(metric, board)}, {"values", v}});
        group.expect(*rule, eval_s, fires, board);
    };
    add("EdgetopTargetDown", "up", "1 0x40", 300, true);
    add("EdgetopTargetDown", "up", "1x40", 300, false);
    // A sample time that stops moving, and one that moves with each scrape.
    add("EdgetopSamplesStale", "edgetop_last_sample_timestamp_seconds", "1000x40", 300, true);
    add("EdgetopSamplesStale", "edgetop_last_sample_timestamp_seconds", "0+15x40", 300, false);
    // Prometheus' clock starts at 0 in a unit test: a board 60 s ahead, and one 5 s behind.
    add("EdgetopClockSkew", "edgetop_last_sample_timestamp_seconds", "60+15x40", 450, true);
    add("EdgetopClockSkew", "edgetop_last_sample_timestamp_seconds", "-5+15x40", 450, false);
    add("EdgetopSessionLogNotGrowing", "edgetop_session_log_written_bytes_total",
        "100+100x10 1100x30", 450, true);
    add("EdgetopSessionLogNotGrowing", "edgetop_session_log_written_bytes_total", "100+100x40", 450,
        false);
    return group.to_json();
}

class AlertRules : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kPromtool))
            GTEST_SKIP() << kPromtool << " is missing (Debian package prometheus)";
        if (std::string too_old = testing::rules_need_newer_prometheus(); !too_old.empty())
            GTEST_SKIP() << too_old;
    }

    // Writes the rules for `config` and their unit tests, and runs promtool test rules.
    void check_rules(const analysis::RuleConfig& config) {
        ASSERT_TRUE(std::filesystem::exists(kPromtool));
        std::ofstream(dir_.file("rules.yml")) << exporter::alert_rules_yaml(config);
        // Two test files: promtool evaluates every rule at each evaluation_interval up to the last
        // eval_time, so the fleet's ten minutes step by 15 s and the catalog's seconds by 1 s.
        // YAML reads JSON.
        auto write_tests = [&](const std::string& name, const char* interval, json group) {
            json file = {{"rule_files", {dir_.file("rules.yml")}},
                         {"evaluation_interval", interval},
                         {"tests", json::array({std::move(group)})}};
            std::ofstream(dir_.file(name)) << file.dump(1);
            return dir_.file(name);
        };
        const auto catalog = write_tests("catalog_test.yml", "1s", catalog_cases(config));
        const auto fleet = write_tests("fleet_test.yml", "15s", fleet_cases(config));
        auto checked = promtool({"check", "rules", dir_.file("rules.yml")});
        EXPECT_EQ(checked.status, 0) << checked.out << checked.err;
        auto tested = promtool({"test", "rules", catalog, fleet});
        EXPECT_EQ(tested.status, 0) << tested.out << tested.err;
    }

    TempDir dir_;
};

TEST_F(AlertRules, PromtoolChecksAndTestsTheDefaultThresholds) {
    check_rules(analysis::RuleConfig{});
}

// Every threshold moved off its default (and the hold times longer): the alerts follow.
TEST_F(AlertRules, PromtoolTestsOverriddenThresholds) {
    analysis::RuleConfig config;
    for (const auto& rule : analysis::rule_catalog())
        for (const auto& p : rule.params) {
            double moved = p.key == "sustain_s"    ? p.default_value + 1
                           : p.key.ends_with("_s") ? p.default_value
                           : p.default_value == 0  ? 25
                                                   : p.default_value * 0.5;
            ASSERT_EQ(config.set(rule.id + "." + p.key, fmt::format("{}", moved)), std::nullopt);
        }
    ASSERT_NE(exporter::alert_rules_yaml(config), exporter::alert_rules_yaml({}));
    check_rules(config);
}

TEST(AlertRulesFile, CommittedFilesAreTheProgramsOutput) {
    TempDir dir;
    auto rules = run_edgetop(dir, {"serve", "--print-alert-rules"});
    ASSERT_EQ(rules.status, 0) << rules.err;
    EXPECT_EQ(rules.err, "");
    EXPECT_EQ(rules.out, exporter::alert_rules_yaml({}));
    EXPECT_EQ(rules.out, read_file(std::string(EDGETOP_SOURCE_DIR) +
                                   "/packaging/prometheus/edgetop-rules.yml"))
        << "regenerate with: make fleet-files";
    auto dashboard = run_edgetop(dir, {"serve", "--print-grafana-dashboard"});
    ASSERT_EQ(dashboard.status, 0) << dashboard.err;
    EXPECT_EQ(dashboard.out, exporter::grafana_dashboard_json());
    EXPECT_EQ(dashboard.out,
              read_file(std::string(EDGETOP_SOURCE_DIR) + "/packaging/grafana/edgetop.json"))
        << "regenerate with: make fleet-files";
}

TEST(AlertRulesFile, OverridesAndRulesOffAreHonoured) {
    TempDir dir;
    auto out =
        run_edgetop(dir, {"serve", "--print-alert-rules", "--rule", "emc_saturated.util_pct=55",
                          "--rule", "emc_saturated.sustain_s=7", "--rules-off", "io_stall"});
    ASSERT_EQ(out.status, 0) << out.err;
    EXPECT_NE(out.out.find("expr: '(edgetop_emc_utilization_ratio >= 0.55)'\n        for: 7s"),
              std::string::npos)
        << out.out;
    EXPECT_EQ(out.out.find("EdgetopIoStall"), std::string::npos);
    EXPECT_NE(out.out.find("EdgetopMemoryPressure"), std::string::npos);

    auto bad = run_edgetop(dir, {"serve", "--print-alert-rules", "--rule", "emc_saturated.x=1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_EQ(bad.out, "");
    EXPECT_NE(bad.err.find("--rule emc_saturated.x=1"), std::string::npos) << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;

    auto both = run_edgetop(dir, {"serve", "--print-alert-rules", "--print-grafana-dashboard"});
    EXPECT_EQ(both.status, 2);
    EXPECT_EQ(both.out, "");
}

// Each catalog rule has one entry; a flag-state entry says why, a PromQL one has thresholds that
// are keys of its rule.
TEST(AlertRulesFile, EveryCatalogRuleHasOneEntry) {
    const auto& specs = exporter::alert_specs();
    ASSERT_EQ(specs.size(), analysis::rule_catalog().size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const auto& rule = analysis::rule_catalog()[i];
        EXPECT_EQ(specs[i].rule, rule.id);
        EXPECT_EQ(specs[i].any_of.empty(), !specs[i].flag_state_reason.empty()) << rule.id;
        EXPECT_FALSE(specs[i].evidence.empty()) << rule.id;
        for (const auto& all_of : specs[i].any_of)
            for (const auto& c : all_of) {
                if (!c.param.empty()) {
                    EXPECT_TRUE(rule.find_param(c.param)) << c.param;
                }
                if (!c.window_param.empty()) {
                    EXPECT_TRUE(rule.find_param(c.window_param)) << c.window_param;
                }
            }
    }
}

}  // namespace
}  // namespace edgetop::testing::alert_rules
