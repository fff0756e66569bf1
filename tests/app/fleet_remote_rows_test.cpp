// The fleet's other ways to a board: prometheus+ and ssh:// URLs, the rows of a Prometheus'
// boards from its answers (in the layout of Prometheus' HTTP API, /api/v1/query and
// /api/v1/targets, as Prometheus 2.42 writes them), and the ssh command line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "commands/ssh_tunnel.hpp"
#include "fleet/fleet_hosts.hpp"
#include "fleet/fleet_output.hpp"
#include "fleet/fleet_prometheus.hpp"

namespace edgetop::fleet_remote_rows_test {

using fleet::add_url;
using fleet::HostKind;
using fleet::HostList;
using nlohmann::json;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(FleetHosts, PrometheusAndSshUrlsAndWhatTheyRefuse) {
    HostList list;
    add_url(list, "prometheus+http://prom.lab:9090?match={job=\"edgetop\",site=\"lab\"}");
    add_url(list, "prometheus+https://mimir.example/prometheus?match=job%3D%22edgetop%22");
    add_url(list, "ssh://nvidia@orin-07");
    add_url(list, "ssh://10.0.3.8:2222/");
    add_url(list, "ssh://[fe80::2]:22");
    add_url(list, "ssh://-oProxyCommand=touch%20x");
    add_url(list, "ssh://-l@orin");
    add_url(list, "ssh://orin:99999");
    add_url(list, "prometheus+http://prom:9090?query=up");
    add_url(list, "prometheus+http://prom:9090?match={a=\"}\"}");
    add_url(list, "prometheus+unix:/run/prometheus.sock");
    ASSERT_EQ(list.hosts.size(), 5u);
    EXPECT_EQ(list.hosts[0].kind, HostKind::prometheus);
    EXPECT_EQ(list.hosts[0].name, "prom.lab:9090");
    EXPECT_EQ(list.hosts[0].matchers, "job=\"edgetop\",site=\"lab\"");
    EXPECT_EQ(list.hosts[0].target.port, 9090);
    EXPECT_EQ(list.hosts[1].matchers, "job=\"edgetop\"");
    EXPECT_EQ(list.hosts[1].target.path, "/prometheus");
    EXPECT_EQ(list.hosts[2].kind, HostKind::ssh);
    EXPECT_EQ(list.hosts[2].name, "orin-07");
    EXPECT_EQ(list.hosts[2].ssh.user, "nvidia");
    EXPECT_EQ(list.hosts[2].ssh.host, "orin-07");
    EXPECT_EQ(list.hosts[3].name, "10.0.3.8:2222");
    EXPECT_EQ(list.hosts[3].ssh.port, 2222);
    EXPECT_EQ(list.hosts[4].ssh.host, "fe80::2");
    EXPECT_EQ(list.hosts[4].name, "[fe80::2]:22");
    ASSERT_EQ(list.problems.size(), 6u);
    EXPECT_THAT(list.problems[0], HasSubstr("expected ssh://[USER@]HOST[:PORT]"));
    EXPECT_THAT(list.problems[1], HasSubstr("a user name of letters"));
    EXPECT_THAT(list.problems[2], HasSubstr("the port is 1 to 65535"));
    EXPECT_THAT(list.problems[3], HasSubstr("the one query a Prometheus URL takes is ?match="));
    EXPECT_THAT(list.problems[4], HasSubstr("match= takes label matchers only"));
    EXPECT_THAT(list.problems[5], HasSubstr("expected http(s)://"));
}

TEST(FleetHosts, TheExampleHostsFileIsReadWholeWithEveryKindOfHost) {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/examples/fleet-hosts.txt");
    std::string text{std::istreambuf_iterator<char>(in), {}};
    HostList list;
    add_hosts_file(list, text, "examples/fleet-hosts.txt");
    EXPECT_THAT(list.problems, ::testing::IsEmpty());
    std::set<HostKind> kinds;
    for (const auto& host : list.hosts)
        kinds.insert(host.kind);
    EXPECT_EQ(kinds, (std::set<HostKind>{HostKind::serve, HostKind::prometheus, HostKind::ssh}));
}

TEST(FleetPrometheusRows, EveryQueryKeepsTheMatchersAndCountsPerInstance) {
    auto queries = fleet::prometheus_queries("job=\"edgetop\"");
    std::map<std::string, std::string> by_key;
    for (const auto& query : queries)
        by_key[query.key] = query.promql;
    EXPECT_EQ(by_key["up"], "up{job=\"edgetop\"}");
    EXPECT_EQ(by_key["boards"], "max_over_time(edgetop_board_info{job=\"edgetop\"}[1h])");
    EXPECT_EQ(by_key["gpu"], "max by (instance) (edgetop_gpu_load_ratio{job=\"edgetop\"})");
    EXPECT_EQ(by_key["flags"], "edgetop_flag_raised{job=\"edgetop\"} == 1");
    for (const auto& query : queries)
        EXPECT_THAT(query.promql, HasSubstr("{job=\"edgetop\"}")) << query.key;
    EXPECT_EQ(fleet::prometheus_queries("")[1].promql, "up");
}

json vector_answer(const std::string& result) {
    return json::parse(R"({"status":"success","data":{"resultType":"vector","result":)" + result +
                       "}}");
}

TEST(FleetPrometheusRows, AnErrorAnswerIsPrometheusOwnWords) {
    auto error = json::parse(
        R"({"status":"error","errorType":"bad_data","error":"1:13: parse error: unexpected \"(\""})");
    try {
        fleet::parse_prometheus_vector(error);
        FAIL() << "an error answer was read as a vector";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "bad_data: 1:13: parse error: unexpected \"(\"");
    }
    auto series = fleet::parse_prometheus_vector(vector_answer(
        R"([{"metric":{"instance":"a"},"value":[1795842000.1,"NaN"]},
            {"metric":{"instance":"b"},"value":[1795842000.1,"0.25"]},
            {"metric":{"instance":"c"},"value":"0.5"}])"));
    ASSERT_EQ(series.size(), 2u);
    EXPECT_TRUE(std::isnan(series[0].value));
    EXPECT_EQ(series[1].value, 0.25);
}

constexpr double kNow = 1795842010.0;  // 2026-11-28T05:00:10Z

// Four boards under one Prometheus: orin up (scraped), nano whose scrape fails, a target of their
// job that never answered, cam pushed by remote write (no `up`), its sampler stuck 30 s before
// Prometheus took its last sample; and a node_exporter, which is no board.
fleet::PrometheusRound four_boards() {
    fleet::PrometheusRound round;
    round.now_unix_s = kNow;
    auto set = [&](const std::string& key, const std::string& result) {
        round.vectors[key] = fleet::parse_prometheus_vector(vector_answer(result));
    };
    set("boards", R"([
      {"metric":{"instance":"10.0.3.7:9102","job":"edgetop","model":"NVIDIA Jetson AGX Orin Developer Kit","soc":"tegra234","l4t":"36.4.0","jetpack":"6.1"},"value":[1795842010,"1"]},
      {"metric":{"instance":"10.0.3.8:9102","job":"edgetop","model":"NVIDIA Jetson Nano Developer Kit","soc":"tegra210","l4t":"32.7.4","jetpack":"4.6.4"},"value":[1795842010,"1"]},
      {"metric":{"instance":"cam-3","job":"push","model":"NVIDIA Orin Nano","soc":"","l4t":"","jetpack":""},"value":[1795842010,"1"]}])");
    set("up", R"([
      {"metric":{"__name__":"up","instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"1"]},
      {"metric":{"__name__":"up","instance":"10.0.3.8:9102","job":"edgetop"},"value":[1795842010,"0"]},
      {"metric":{"__name__":"up","instance":"10.0.3.9:9102","job":"edgetop"},"value":[1795842010,"0"]},
      {"metric":{"__name__":"up","instance":"10.0.3.7:9100","job":"node"},"value":[1795842010,"1"]}])");
    set("time", R"([
      {"metric":{"__name__":"edgetop_last_sample_timestamp_seconds","instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"1795842008.948"]},
      {"metric":{"__name__":"edgetop_last_sample_timestamp_seconds","instance":"cam-3","job":"push"},"value":[1795842010,"1795841975"]}])");
    set("scraped", R"([
      {"metric":{"instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"1795842009.2"]},
      {"metric":{"instance":"cam-3","job":"push"},"value":[1795842010,"1795842005"]}])");
    set("last", R"([
      {"metric":{"instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"1795842008.948"]},
      {"metric":{"instance":"10.0.3.8:9102","job":"edgetop"},"value":[1795842010,"1795841890.5"]},
      {"metric":{"instance":"cam-3","job":"push"},"value":[1795842010,"1795841975"]}])");
    set("mode",
        R"([{"metric":{"__name__":"edgetop_power_mode_info","id":"0","instance":"10.0.3.7:9102","job":"edgetop","name":"MAXN"},"value":[1795842010,"1"]}])");
    set("build",
        R"([{"metric":{"__name__":"edgetop_build_info","instance":"10.0.3.7:9102","job":"edgetop","version":"0.9.0"},"value":[1795842010,"1"]}])");
    set("cpu",
        R"([{"metric":{"__name__":"edgetop_cpu_utilization_ratio","instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"0.125"]}])");
    set("gpu", R"([{"metric":{"instance":"10.0.3.7:9102"},"value":[1795842010,"0.99"]}])");
    set("emc", R"([{"metric":{"instance":"10.0.3.7:9102"},"value":[1795842010,"0.4"]}])");
    set("power",
        R"([{"metric":{"__name__":"edgetop_power_watts","instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"31.5"]}])");
    set("temp", R"([
      {"metric":{"__name__":"edgetop_temperature_celsius","instance":"10.0.3.7:9102","job":"edgetop","zone":"cpu-thermal"},"value":[1795842010,"61.5"]},
      {"metric":{"__name__":"edgetop_temperature_celsius","instance":"10.0.3.7:9102","job":"edgetop","zone":"gpu-thermal"},"value":[1795842010,"58"]},
      {"metric":{"__name__":"edgetop_temperature_celsius","instance":"10.0.3.7:9102","job":"edgetop","zone":"tj-thermal"},"value":[1795842010,"NaN"]}])");
    set("trip", R"([
      {"metric":{"__name__":"edgetop_temperature_trip_celsius","instance":"10.0.3.7:9102","job":"edgetop","type":"passive","zone":"cpu-thermal"},"value":[1795842010,"99"]},
      {"metric":{"__name__":"edgetop_temperature_trip_celsius","instance":"10.0.3.7:9102","job":"edgetop","type":"critical","zone":"cpu-thermal"},"value":[1795842010,"104.5"]},
      {"metric":{"__name__":"edgetop_temperature_trip_celsius","instance":"10.0.3.7:9102","job":"edgetop","type":"passive","zone":"gpu-thermal"},"value":[1795842010,"95"]}])");
    set("mem_used",
        R"([{"metric":{"instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"16000000000"]}])");
    set("mem_total",
        R"([{"metric":{"instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"64000000000"]}])");
    set("disk", R"([{"metric":{"instance":"10.0.3.7:9102"},"value":[1795842010,"1048576"]}])");
    set("net", R"([])");
    set("flags", R"([
      {"metric":{"__name__":"edgetop_flag_raised","flag":"gpu_bound","instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"1"]},
      {"metric":{"__name__":"edgetop_flag_raised","flag":"thermal_throttle","instance":"10.0.3.7:9102","job":"edgetop"},"value":[1795842010,"1"]}])");
    round.targets = json::parse(R"({"status":"success","data":{"activeTargets":[
      {"discoveredLabels":{},"labels":{"instance":"10.0.3.7:9102","job":"edgetop"},"scrapePool":"edgetop","scrapeUrl":"http://10.0.3.7:9102/metrics","globalUrl":"http://10.0.3.7:9102/metrics","lastError":"","lastScrape":"2026-11-28T05:00:09.2Z","lastScrapeDuration":0.004,"health":"up"},
      {"discoveredLabels":{},"labels":{"instance":"10.0.3.8:9102","job":"edgetop"},"scrapePool":"edgetop","scrapeUrl":"https://10.0.3.8:9102/metrics","globalUrl":"https://10.0.3.8:9102/metrics","lastError":"Get \"https://10.0.3.8:9102/metrics\": dial tcp 10.0.3.8:9102: connect: connection refused","lastScrape":"2026-11-28T05:00:09.5Z","lastScrapeDuration":0.001,"health":"down"}],
      "droppedTargets":[]}})");
    return round;
}

TEST(FleetPrometheusRows, EachBoardIsARowWithItsStateValuesAndWhereItsServeIs) {
    HostList list;
    add_hosts_file(list, "lab prometheus+http://prom:9090?match=job=~\"edgetop|push\" site=lab\n",
                   "hosts");
    ASSERT_EQ(list.hosts.size(), 1u) << list.problems.at(0);
    auto rows = fleet::rows_from_prometheus(list.hosts[0], four_boards(), 10);
    ASSERT_EQ(rows.size(), 4u);

    const auto& orin = rows[0];
    EXPECT_EQ(orin.host->name, "10.0.3.7:9102");
    EXPECT_EQ(orin.host->via, "lab");
    EXPECT_EQ(orin.host->target.text, "http://10.0.3.7:9102/");
    EXPECT_THAT(orin.host->labels,
                ElementsAre(std::pair<std::string, std::string>{"site", "lab"},
                            std::pair<std::string, std::string>{"job", "edgetop"}));
    EXPECT_EQ(orin.state, fleet::HostState::up);
    EXPECT_EQ(orin.time, "2026-11-28T05:00:08.948Z");
    EXPECT_NEAR(*orin.age_s, 1.052, 1e-6);
    EXPECT_EQ(orin.model, "NVIDIA Jetson AGX Orin Developer Kit");
    EXPECT_EQ(orin.power_mode, "MAXN");
    EXPECT_EQ(orin.version, "0.9.0");
    EXPECT_EQ(orin.cpu_pct, 12.5);
    EXPECT_EQ(orin.gpu_pct, 99);
    EXPECT_EQ(orin.emc_pct, 40);
    EXPECT_EQ(orin.power_mw, 31500);
    EXPECT_EQ(orin.hottest_zone, "cpu-thermal");  // the power-gated zone (NaN) is no value
    EXPECT_EQ(orin.hottest_c, 61.5);
    EXPECT_EQ(orin.trip_c, 99);
    EXPECT_EQ(orin.hottest_trips.size(), 2u);
    EXPECT_EQ(orin.mem_pct, 25);
    EXPECT_EQ(orin.disk_bytes_per_s, 1048576);
    EXPECT_FALSE(orin.net_bytes_per_s);
    EXPECT_EQ(orin.flags, 2);
    EXPECT_EQ(orin.worst_flag, "thermal_throttle");
    EXPECT_FALSE(orin.newest_flag);  // Prometheus does not say when a flag went up

    const auto& nano = rows[1];
    EXPECT_EQ(nano.state, fleet::HostState::down);
    EXPECT_EQ(nano.reason,
              "Prometheus: Get \"https://10.0.3.8:9102/metrics\": dial tcp 10.0.3.8:9102: connect: "
              "connection refused");
    EXPECT_EQ(nano.model, "NVIDIA Jetson Nano Developer Kit");
    EXPECT_EQ(nano.host->target.text, "https://10.0.3.8:9102/");
    EXPECT_EQ(nano.time, "2026-11-28T04:58:10.500Z");  // its last sample Prometheus has
    EXPECT_FALSE(nano.cpu_pct);

    const auto& never = rows[2];
    EXPECT_EQ(never.host->name, "10.0.3.9:9102");
    EXPECT_EQ(never.state, fleet::HostState::down);
    EXPECT_EQ(never.reason, "Prometheus: its scrape fails");  // not among the targets read
    EXPECT_FALSE(never.model);

    const auto& cam = rows[3];
    EXPECT_EQ(cam.host->name, "cam-3");
    EXPECT_EQ(cam.host->target.text, "");  // remote write: no address of its serve
    EXPECT_EQ(cam.state, fleet::HostState::stale);
    EXPECT_EQ(cam.reason,
              "sample 30 s old when Prometheus took it (a stopped sampler or clock skew)");
    EXPECT_EQ(cam.model, "NVIDIA Orin Nano");
    EXPECT_FALSE(cam.power_mode);
}

TEST(FleetPrometheusRows, ABoardKeepsItsHostAcrossRoundsAndABoardWithoutSampleIsDown) {
    HostList list;
    add_url(list, "prometheus+http://prom:9090");
    auto round = four_boards();
    auto first = fleet::rows_from_prometheus(list.hosts[0], round, 60);
    auto second = fleet::rows_from_prometheus(list.hosts[0], round, 60);
    EXPECT_EQ(first[0].host, second[0].host);
    EXPECT_EQ(first[3].state, fleet::HostState::up);  // 30 s is within 60
    round.vectors.erase("time");
    round.vectors.erase("last");
    auto rows = fleet::rows_from_prometheus(list.hosts[0], round, 60);
    EXPECT_EQ(rows[0].state, fleet::HostState::down);
    EXPECT_EQ(rows[0].reason, "Prometheus has no edgetop sample of it");
}

TEST(FleetMetricsFallback, SampleLinesWithEscapesSpecialValuesAndTimestampsAndNothingElse) {
    auto samples = fleet::parse_exposition(
        "# HELP edgetop_power_watts Power.\n"
        "# TYPE edgetop_power_watts gauge\n"
        "edgetop_power_watts 6.359706\n"
        "edgetop_temperature_celsius{zone=\"CPU\"} NaN\n"
        "a_b:c{x=\"q\\\"uote\",y=\"back\\\\slash\\nline\",} +Inf 1795842000000\n"
        "edgetop_x{zone=\"open} 1\n"
        "9starts_with_digit 1\n"
        "edgetop_y 12ab\n"
        "edgetop_z{a=\"1\"}\n"
        "# EOF\n");
    ASSERT_EQ(samples.size(), 3u);
    EXPECT_EQ(samples[0].first, "edgetop_power_watts");
    EXPECT_EQ(samples[0].second.value, 6.359706);
    EXPECT_TRUE(std::isnan(samples[1].second.value));
    EXPECT_EQ(samples[1].second.labels.at("zone"), "CPU");
    EXPECT_EQ(samples[2].first, "a_b:c");
    EXPECT_EQ(samples[2].second.labels.at("x"), "q\"uote");
    EXPECT_EQ(samples[2].second.labels.at("y"), "back\\slash\nline");
    EXPECT_TRUE(std::isinf(samples[2].second.value));
}

// A serve without the JSON API: its /metrics (this serve's own, for the AGX Orin fixture:
// tests/golden/agx-orin/metrics.prom) read as one scrape taken a second after its sample.
TEST(FleetMetricsFallback, AServesMetricsMakeTheRowItsApiWould) {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/tests/golden/agx-orin/metrics.prom");
    std::string metrics{std::istreambuf_iterator<char>(in), {}};
    ASSERT_FALSE(metrics.empty());
    HostList list;
    add_url(list, "http://10.0.3.7:9102");
    auto row = fleet::row_from_metrics(list.hosts[0], metrics, 1750866187.25, 10);
    EXPECT_EQ(row.host, &list.hosts[0]);
    EXPECT_EQ(row.state, fleet::HostState::up) << row.reason;
    EXPECT_EQ(row.time, "2025-06-25T15:43:06.250Z");
    EXPECT_DOUBLE_EQ(*row.age_s, 1);
    EXPECT_EQ(row.model, "Jetson AGX Orin");
    EXPECT_EQ(row.power_mode, "MAXN");
    EXPECT_DOUBLE_EQ(*row.power_mw, 6359.424);  // 840 x 5200 + 752 x 2112 + 1800 x 224 µW
    EXPECT_EQ(row.gpu_pct, 0);
    EXPECT_EQ(row.hottest_zone, "CPU");
    EXPECT_EQ(row.hottest_c, 52.625);
    EXPECT_EQ(row.trip_c, 99);
    EXPECT_NEAR(*row.mem_pct, 100.0 * 7035092992 / 32072847360, 1e-9);
    EXPECT_EQ(row.flags, 0);             // every flag's series is 0
    EXPECT_FALSE(row.disk_bytes_per_s);  // a rate needs two scrapes

    auto late = fleet::row_from_metrics(list.hosts[0], metrics, 1750866286.25, 10);
    EXPECT_EQ(late.state, fleet::HostState::stale);
    auto none = fleet::row_from_metrics(list.hosts[0], "garbage\n", 1750866187.25, 10);
    EXPECT_EQ(none.state, fleet::HostState::down);
    EXPECT_EQ(none.reason, "/metrics: no edgetop sample in it");
}

TEST(FleetMetricsFallback, ABytesThatIsNotUtf8IsAReplacementCharacterInTheJsonLine) {
    HostList list;
    add_hosts_file(list, "caf\xe9 http://10.0.3.7:9102\n",
                   "hosts");  // Latin-1, as some editors save
    ASSERT_EQ(list.hosts.size(), 1u);
    auto row = fleet::row_from_metrics(
        list.hosts[0], "edgetop_board_info{model=\"Orin \xff\"} 1\nedgetop_power_watts 5\n", 0, 10);
    std::string line = fleet::row_json_line(row);
    auto parsed = json::parse(line);  // valid UTF-8, valid JSON
    EXPECT_EQ(parsed["name"], "caf\xef\xbf\xbd");
    EXPECT_EQ(parsed["model"], "Orin \xef\xbf\xbd");
}

TEST(FleetSshCommand, SshIsAskedNeverToPromptAndTheBoardNameCannotBeAnOption) {
    fleet::SshDestination destination{"nvidia", "orin-07", 2222};
    SshOptions options;
    options.remote_edgetop = "/opt/edgetop/edgetop --root /srv/board";
    options.interval_ms = 1000;
    auto command = remote_serve_command(options, "/tmp/edgetop-fleet-0123456789abcdef");
    EXPECT_EQ(command,
              "umask 077 && mkdir /tmp/edgetop-fleet-0123456789abcdef && exec 3<&0 && { "
              "/opt/edgetop/edgetop --root /srv/board serve --listen "
              "unix:/tmp/edgetop-fleet-0123456789abcdef/serve.sock --interval 1000 </dev/null 3<&- "
              "& p=$!; (cat <&3 >/dev/null; kill $p) >/dev/null 2>&1 & wait $p; s=$?; rm -rf "
              "/tmp/edgetop-fleet-0123456789abcdef; exit $s; }");
    auto args = ssh_arguments(destination, "/run/user/1000/edgetop-fleet.x/0.sock",
                              "/tmp/edgetop-fleet-0123456789abcdef", command);
    EXPECT_THAT(args, ::testing::Contains("BatchMode=yes"));
    EXPECT_THAT(args, ::testing::Contains("ExitOnForwardFailure=yes"));
    EXPECT_THAT(args, ::testing::Contains("/run/user/1000/edgetop-fleet.x/0.sock:/tmp/"
                                          "edgetop-fleet-0123456789abcdef/serve.sock"));
    ASSERT_GE(args.size(), 4u);
    EXPECT_EQ(args[args.size() - 3], "--");
    EXPECT_EQ(args[args.size() - 2], "orin-07");
    EXPECT_EQ(args.back(), command);
    auto port = std::find(args.begin(), args.end(), "-p");
    ASSERT_NE(port, args.end());
    EXPECT_EQ(*std::next(port), "2222");
    auto user = std::find(args.begin(), args.end(), "-l");
    ASSERT_NE(user, args.end());
    EXPECT_EQ(*std::next(user), "nvidia");
}

}  // namespace edgetop::fleet_remote_rows_test
