// The generated alerting rules and dashboard against a real Prometheus scraping a real
// `edgetop serve` on a fixture board: a zone driven over its passive trip point fires the
// thermal_throttle alert within the hold time and two scrapes, and resolves once it cools; every
// dashboard query, its variables filled in, returns series. The dashboard's structure is what
// Grafana's import needs, and its units are Grafana's.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "exporter/alert_rules.hpp"
#include "exporter/grafana_dashboard.hpp"
#include "tests/exporter/prometheus_server.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::testing::fleet_prometheus {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Grafana's unit ids (the `id` of each format in getCategories(),
// grafana/grafana packages/grafana-data/src/valueFormats/categories.ts, commit 002fa1b09fd5).
const std::set<std::string> kGrafanaUnits{"none",
                                          "string",
                                          "short",
                                          "percent",
                                          "percentunit",
                                          "humidity",
                                          "dB",
                                          "hex0x",
                                          "hex",
                                          "sci",
                                          "locale",
                                          "pixel",
                                          "accMS2",
                                          "accFS2",
                                          "accG",
                                          "degree",
                                          "radian",
                                          "grad",
                                          "arcmin",
                                          "arcsec",
                                          "areaM2",
                                          "areaF2",
                                          "areaMI2",
                                          "flops",
                                          "mflops",
                                          "gflops",
                                          "tflops",
                                          "pflops",
                                          "eflops",
                                          "zflops",
                                          "yflops",
                                          "ppm",
                                          "conppb",
                                          "conngm3",
                                          "conngNm3",
                                          "conμgm3",
                                          "conμgNm3",
                                          "conmgm3",
                                          "conmgNm3",
                                          "congm3",
                                          "congNm3",
                                          "conmgdL",
                                          "conmmolL",
                                          "currencyUSD",
                                          "currencyGBP",
                                          "currencyEUR",
                                          "currencyJPY",
                                          "currencyRUB",
                                          "currencyUAH",
                                          "currencyBRL",
                                          "currencyDKK",
                                          "currencyISK",
                                          "currencyNOK",
                                          "currencySEK",
                                          "currencyCZK",
                                          "currencyCHF",
                                          "currencyPLN",
                                          "currencyBTC",
                                          "currencymBTC",
                                          "currencyμBTC",
                                          "currencyZAR",
                                          "currencyINR",
                                          "currencyKRW",
                                          "bits",
                                          "bytes",
                                          "kbytes",
                                          "mbytes",
                                          "gbytes",
                                          "tbytes",
                                          "pbytes",
                                          "decbits",
                                          "decbytes",
                                          "deckbytes",
                                          "decmbytes",
                                          "decgbytes",
                                          "dectbytes",
                                          "decpbytes",
                                          "pps",
                                          "bps",
                                          "Bps",
                                          "KBs",
                                          "Kbits",
                                          "MBs",
                                          "Mbits",
                                          "GBs",
                                          "Gbits",
                                          "TBs",
                                          "Tbits",
                                          "PBs",
                                          "Pbits",
                                          "dateTimeAsIso",
                                          "dateTimeAsIsoNoDateIfToday",
                                          "dateTimeAsUS",
                                          "dateTimeAsUSNoDateIfToday",
                                          "dateTimeFromNow",
                                          "watt",
                                          "kwatt",
                                          "megwatt",
                                          "gwatt",
                                          "mwatt",
                                          "Wm2",
                                          "voltamp",
                                          "kvoltamp",
                                          "voltampreact",
                                          "kvoltampreact",
                                          "watth",
                                          "watthperkg",
                                          "kwatth",
                                          "kwattm",
                                          "amph",
                                          "kamph",
                                          "mamph",
                                          "joule",
                                          "ev",
                                          "amp",
                                          "kamp",
                                          "mamp",
                                          "volt",
                                          "kvolt",
                                          "mvolt",
                                          "dBm",
                                          "ohm",
                                          "kohm",
                                          "Mohm",
                                          "farad",
                                          "µfarad",
                                          "nfarad",
                                          "pfarad",
                                          "ffarad",
                                          "henry",
                                          "mhenry",
                                          "µhenry",
                                          "lumens",
                                          "flowgpm",
                                          "flowcms",
                                          "flowcfs",
                                          "flowcfm",
                                          "litreh",
                                          "flowlpm",
                                          "flowmlpm",
                                          "lux",
                                          "forceNm",
                                          "forcekNm",
                                          "forceN",
                                          "forcekN",
                                          "Hs",
                                          "KHs",
                                          "MHs",
                                          "GHs",
                                          "THs",
                                          "PHs",
                                          "EHs",
                                          "massmg",
                                          "massg",
                                          "masskg",
                                          "masst",
                                          "lengthmm",
                                          "lengthft",
                                          "lengthm",
                                          "lengthkm",
                                          "lengthmi",
                                          "pressurembar",
                                          "pressurebar",
                                          "pressurekbar",
                                          "pressurepa",
                                          "pressurehpa",
                                          "pressurekpa",
                                          "pressurehg",
                                          "pressurepsi",
                                          "radbq",
                                          "radci",
                                          "radgy",
                                          "radrad",
                                          "radsv",
                                          "radmsv",
                                          "radusv",
                                          "radrem",
                                          "radexpckg",
                                          "radr",
                                          "radsvh",
                                          "radmsvh",
                                          "radusvh",
                                          "rotrpm",
                                          "rothz",
                                          "rotrads",
                                          "rotdegs",
                                          "celsius",
                                          "fahrenheit",
                                          "kelvin",
                                          "hertz",
                                          "ns",
                                          "µs",
                                          "ms",
                                          "s",
                                          "m",
                                          "h",
                                          "d",
                                          "dtdurationms",
                                          "dtdurations",
                                          "dthms",
                                          "dtdhms",
                                          "timeticks",
                                          "clockms",
                                          "clocks",
                                          "cps",
                                          "ops",
                                          "reqps",
                                          "rps",
                                          "wps",
                                          "iops",
                                          "cpm",
                                          "opm",
                                          "rpm",
                                          "wpm",
                                          "velocityms",
                                          "velocitykmh",
                                          "velocitymph",
                                          "velocityknot",
                                          "mlitre",
                                          "litre",
                                          "m3",
                                          "Nm3",
                                          "dm3",
                                          "gallons"};

// Dashboard queries that the AGX Orin fixture board cannot answer, and why.
const std::map<std::string, std::string> kAbsentOnTheFixture{
    {"edgetop_gpu_memory_used_bytes", "NVML's, a discrete GPU's memory: a Jetson has none"},
};

std::vector<std::string> metrics_in(const std::string& expr) {
    static const std::regex name(R"(edgetop_[a-z0-9_]+)");
    std::vector<std::string> out;
    for (std::sregex_iterator it(expr.begin(), expr.end(), name), end; it != end; ++it)
        out.push_back(it->str());
    return out;
}

std::string substituted(std::string expr, const std::string& instance) {
    auto replace = [&](const std::string& from, const std::string& to) {
        for (auto at = expr.find(from); at != std::string::npos;
             at = expr.find(from, at + to.size()))
            expr.replace(at, from.size(), to);
    };
    replace("$__rate_interval", "1m");
    replace("$instance", instance);
    replace("$job", "edgetop");
    return expr;
}

bool alert_firing(PrometheusServer& prometheus, const std::string& name, json* found = nullptr) {
    auto answer = prometheus.api("/api/v1/alerts");
    if (!answer.is_object() || !answer["data"].is_object()) return false;
    for (const auto& alert : answer["data"]["alerts"])
        if (alert["labels"].value("alertname", "") == name &&
            alert.value("state", "") == "firing") {
            if (found) *found = alert;
            return true;
        }
    return false;
}

// Polls until the alert's firing state is `firing`; the seconds it took, or -1 past `limit`.
double wait_for_alert(PrometheusServer& prometheus, const std::string& name, bool firing,
                      std::chrono::milliseconds limit, json* found = nullptr) {
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < limit) {
        if (alert_firing(prometheus, name, found) == firing)
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::this_thread::sleep_for(100ms);
    }
    return -1;
}

TEST(FleetPrometheus, ThermalAlertFiresAndResolvesAndEveryDashboardQueryAnswers) {
    if (!std::filesystem::exists(kPrometheus))
        GTEST_SKIP() << kPrometheus << " is missing (Debian package prometheus)";
    if (std::string too_old = rules_need_newer_prometheus(); !too_old.empty())
        GTEST_SKIP() << too_old;
    TempDir dir;
    FixtureTree board("agx-orin");
    const std::vector<std::string> holds{"--rule", "thermal_throttle.sustain_s=1", "--rule",
                                         "thermal_throttle.clear_s=1"};
    std::vector<std::string> serve_args{"--root", board.root(), "--interval",
                                        "250",    "--log",      dir.file("session.jsonl")};
    serve_args.insert(serve_args.end(), holds.begin(), holds.end());
    ServeProcess serve(dir, serve_args);
    ASSERT_NE(serve.port(), 0) << serve.child().log();

    // The rules as the same command line prints them.
    std::vector<std::string> print{EDGETOP_BINARY, "serve", "--print-alert-rules"};
    print.insert(print.end(), holds.begin(), holds.end());
    auto rules =
        ChildProcess(print, {.env = {{"XDG_CONFIG_HOME", dir.file("config")}}}).collect(20s);
    ASSERT_EQ(rules.status, 0) << rules.err;
    ASSERT_NE(rules.out.find("for: 1s\n        keep_firing_for: 1s"), std::string::npos);
    std::ofstream(dir.file("rules.yml")) << rules.out;
    PrometheusServer prometheus(dir, serve.port(), dir.file("rules.yml"));
    ASSERT_FALSE(prometheus.query_until_found(R"(up{job="edgetop"} == 1)", 15s).empty())
        << prometheus.child().log();
    const std::string instance = fmt::format("127.0.0.1:{}", serve.port());

    // Two scrapes with rates behind them: every rate() of the dashboard has its two points.
    ASSERT_FALSE(
        prometheus.query_until_found("count_over_time(edgetop_samples_total[1m]) >= 3", 10s)
            .empty());
    for (const auto& row : exporter::dashboard_rows())
        for (const auto& panel : row.panels)
            for (const auto& q : panel.queries) {
                const std::string expr = substituted(q.expr, instance);
                auto result = prometheus.query(expr);
                std::string absent_reason;
                for (const auto& metric : metrics_in(q.expr))
                    if (auto it = kAbsentOnTheFixture.find(metric); it != kAbsentOnTheFixture.end())
                        absent_reason = it->second;
                if (!absent_reason.empty()) {
                    EXPECT_TRUE(result.empty())
                        << panel.title << ": " << expr << " answers now; take it off the list";
                    continue;
                }
                EXPECT_FALSE(result.empty()) << panel.title << ": " << expr << " has no series";
            }
    EXPECT_FALSE(alert_firing(prometheus, "EdgetopThermalThrottle"));

    // CPU-therm over its passive trip point (99 °C): the hold time (1 s) plus two scrapes.
    board.write("/sys/class/thermal/thermal_zone0/temp", "99500\n");
    json alert;
    const double fired = wait_for_alert(prometheus, "EdgetopThermalThrottle", true, 10s, &alert);
    ASSERT_GE(fired, 0) << prometheus.child().log();
    EXPECT_LE(fired, 1 + 2 * 1 + 1.5) << "seconds from the hot sample file to a firing alert";
    EXPECT_EQ(alert["labels"]["zone"], "CPU");
    EXPECT_EQ(alert["labels"]["severity"], "critical");
    EXPECT_EQ(alert["labels"]["instance"], instance);
    // The board's own rule agrees.
    EXPECT_FALSE(
        prometheus.query_until_found(R"(edgetop_flag_raised{flag="thermal_throttle"} == 1)", 5s)
            .empty());

    // Cool again: resolved after clear_s (keep_firing_for) and two scrapes.
    board.write("/sys/class/thermal/thermal_zone0/temp", "52625\n");
    const double resolved = wait_for_alert(prometheus, "EdgetopThermalThrottle", false, 10s);
    ASSERT_GE(resolved, 0);
    EXPECT_LE(resolved, 1 + 2 * 1 + 1.5) << "seconds from the cool sample file to no alert";

    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
    EXPECT_EQ(prometheus.child().stop(10s), 0) << prometheus.child().log();
}

TEST(GrafanaDashboard, HasWhatTheImportNeedsAndGrafanasUnits) {
    const json dashboard = json::parse(exporter::grafana_dashboard_json());
    ASSERT_TRUE(dashboard["schemaVersion"].is_number_integer());
    EXPECT_GE(dashboard["schemaVersion"].get<int>(), 36);
    EXPECT_FALSE(dashboard["uid"].get<std::string>().empty());
    EXPECT_FALSE(dashboard["title"].get<std::string>().empty());
    ASSERT_EQ(dashboard["__inputs"].size(), 1u);
    const json input = dashboard["__inputs"][0];
    EXPECT_EQ(input["type"], "datasource");
    EXPECT_EQ(input["pluginId"], "prometheus");
    const std::string source = "${" + input["name"].get<std::string>() + "}";

    std::set<std::string> variables;
    for (const auto& v : dashboard["templating"]["list"]) {
        variables.insert(v["name"].get<std::string>());
        EXPECT_EQ(v["datasource"]["uid"], source);
        EXPECT_NE(v["query"]["query"].get<std::string>().find("label_values("), std::string::npos);
    }
    EXPECT_EQ(variables, (std::set<std::string>{"instance", "job"}));

    std::set<int> ids;
    int rows = 0, panels = 0;
    for (const auto& p : dashboard["panels"]) {
        EXPECT_TRUE(ids.insert(p["id"].get<int>()).second) << "id " << p["id"] << " twice";
        const auto& grid = p["gridPos"];
        EXPECT_LE(grid["x"].get<int>() + grid["w"].get<int>(), 24) << p["title"];
        if (p["type"] == "row") {
            ++rows;
            if (p.contains("repeat")) {
                EXPECT_TRUE(variables.contains(p["repeat"].get<std::string>()));
            }
            continue;
        }
        ++panels;
        EXPECT_EQ(p["datasource"]["uid"], source) << p["title"];
        ASSERT_FALSE(p["targets"].empty()) << p["title"];
        for (const auto& t : p["targets"]) {
            EXPECT_EQ(t["datasource"]["uid"], source);
            EXPECT_FALSE(t["expr"].get<std::string>().empty());
        }
        const std::string unit = p["fieldConfig"]["defaults"]["unit"];
        EXPECT_TRUE(kGrafanaUnits.contains(unit)) << p["title"] << ": " << unit;
    }
    EXPECT_EQ(rows, 2);
    EXPECT_GE(panels, 15);
}

// A panel of plain series shows them in their metric's unit: the schema unit of every metric it
// selects without a function maps to the panel's Grafana unit.
TEST(GrafanaDashboard, EachPanelsUnitIsItsMetricsSchemaUnit) {
    static const std::regex plain(R"(^(edgetop_[a-z0-9_]+)\{[^}]*\}$)");
    int checked = 0;
    for (const auto& row : exporter::dashboard_rows())
        for (const auto& panel : row.panels) {
            const auto unit = exporter::grafana_unit(exporter::panel_unit(panel));
            for (const auto& q : panel.queries) {
                std::smatch m;
                if (!std::regex_match(q.expr, m, plain)) continue;
                auto schema_unit = exporter::schema_unit_of(m[1].str());
                if (!schema_unit) continue;  // written by hand (rail power, flags)
                EXPECT_EQ(exporter::grafana_unit(*schema_unit), unit)
                    << panel.title << ": " << q.expr;
                ++checked;
            }
        }
    EXPECT_GE(checked, 15);
    EXPECT_EQ(exporter::grafana_unit(*exporter::schema_unit_of("edgetop_gpu_load_ratio")),
              "percentunit");
    EXPECT_EQ(exporter::grafana_unit(*exporter::schema_unit_of("edgetop_memory_used_bytes")),
              "bytes");
    EXPECT_EQ(exporter::grafana_unit(*exporter::schema_unit_of("edgetop_power_watts")), "watt");
}

}  // namespace
}  // namespace edgetop::testing::fleet_prometheus
