// edgetop fleet over the two other ways to a board: a real Prometheus scraping real serves (each
// row equals what its serve sampled at the scrape; a board stopped is down once Prometheus marks
// its scrape failing, with Prometheus' reason), and ssh through a real sshd started here on a
// loopback port with a throwaway host key and user key (the board's row equals a serve of the
// same fixture read directly; the board's serve and its socket directory go when fleet ends).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/prometheus_feed.hpp"
#include "e2e/edgetop_process.hpp"
#include "e2e/fleet_rows.hpp"
#include "exporter/prometheus_server.hpp"
#include "exporter/serve_process.hpp"
#include "fleet/fleet_fetch.hpp"
#include "fleet/fleet_hosts.hpp"
#include "support/sample_http_server.hpp"

namespace edgetop::testing::fleet_remote {

using nlohmann::json;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

std::string instance_of(int port) {
    return "127.0.0.1:" + std::to_string(port);
}

// The serve's own sample taken at `time` (ISO 8601, as the row names it).
json served_sample_at(ServeProcess& serve, const std::string& time) {
    auto history = json::parse(serve.get("/api/v1/samples?since=0")->body);
    for (const auto& sample : history)
        if (sample["time"] == time) return sample;
    return nullptr;
}

// The row's value against the sample's, which the sample line rounds to three significant
// digits while the metric carries the full value.
void expect_close(const json& row_value, const json& sample_value, const std::string& what) {
    ASSERT_EQ(row_value.is_null(), sample_value.is_null()) << what;
    if (row_value.is_null()) return;
    double expected = sample_value.get<double>();
    EXPECT_NEAR(row_value.get<double>(), expected, std::max(1e-9, std::abs(expected) * 5e-3))
        << what;
}

// A sample's "time" as its session line writes it: RFC 3339, milliseconds cut.
std::string time_text(std::chrono::system_clock::time_point time) {
    auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
    time_t whole = static_cast<time_t>(micros / 1'000'000);
    tm parts{};
    gmtime_r(&whole, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
    return fmt::format("{}.{:03d}Z", text, static_cast<int>(micros % 1'000'000 / 1000));
}

// Down into a board from the series Prometheus has of it (the view of a board that pushes to
// Prometheus, or whose serve fleet cannot reach): its sample equals the serve's own at the
// scrape, its board the serve's.
void expect_view_from_prometheus_series(const std::string& url, ServeProcess& serve) {
    fleet::HostList list;
    fleet::add_url(list, url);
    ASSERT_EQ(list.hosts.size(), 1u);
    fleet::FetchOptions options;
    auto rows = fleet::fetch_host(list.hosts[0], options);
    auto row = std::find_if(rows.begin(), rows.end(), [&](const fleet::FleetRow& r) {
        return r.host->name == instance_of(serve.port());
    });
    ASSERT_NE(row, rows.end());
    PrometheusFeed feed(*row->host, options);
    const Sample& got = *feed.next();
    json sample = served_sample_at(serve, time_text(got.time));
    ASSERT_FALSE(sample.is_null()) << time_text(got.time);
    json board = json::parse(serve.get("/api/v1/board")->body)["board"];
    EXPECT_EQ(feed.board().model.value_or(""), board["model"]);
    ASSERT_NE(feed.board().current_mode(), nullptr);
    EXPECT_EQ(feed.board().current_mode()->name, board["power_mode"]["name"]);
    auto value = [](const auto& v) { return v ? json(*v) : json(); };
    expect_close(value(got.power_total_mw), sample["power_total_mw"], "power");
    ASSERT_EQ(got.gpu.size(), sample["gpu"].size());
    EXPECT_EQ(value(got.gpu[0].freq_hz), sample["gpu"][0]["freq_hz"]);
    ASSERT_EQ(got.cpu.cores.size(), sample["cpu"]["cores"].size());
    EXPECT_EQ(value(got.cpu.cores[0].freq_khz), sample["cpu"]["cores"][0]["freq_khz"]);
    EXPECT_EQ(value(got.mem.used_kb), sample["mem"]["used_kb"]);
    std::size_t zones = 0;
    for (const auto& zone : sample["thermal"]) {
        if (!zone["temp_c"].is_number()) continue;
        auto at = std::find_if(got.thermal.begin(), got.thermal.end(),
                               [&](const ThermalSample& t) { return t.name == zone["name"]; });
        ASSERT_NE(at, got.thermal.end()) << zone;
        expect_close(value(at->temp_c), zone["temp_c"], zone["name"].get<std::string>());
        ++zones;
    }
    EXPECT_GT(zones, 3u);
    for (const auto& rail : sample["rails"]) {
        auto at = std::find_if(got.rails.begin(), got.rails.end(),
                               [&](const RailSample& r) { return r.name == rail["name"]; });
        ASSERT_NE(at, got.rails.end()) << rail;
        expect_close(value(at->power_mw), rail["power_mw"], rail["name"].get<std::string>());
    }
    EXPECT_EQ(json(got.flags), sample["flags"]);
}

TEST(FleetOverPrometheus, EachBoardIsWhatItsServeSampledAtTheScrapeAndAStoppedOneIsDown) {
    TempDir dir_orin, dir_nano, dir_thor, dir;
    ServeProcess orin(dir_orin, {"--root", fixture_root("agx-orin"), "--interval", "200"});
    ServeProcess nano(dir_nano, {"--root", fixture_root("nano"), "--interval", "200"});
    ServeProcess thor(dir_thor, {"--root", fixture_root("thor"), "--interval", "200"});
    for (auto* serve : {&orin, &nano, &thor}) {
        ASSERT_NE(serve->port(), 0) << serve->child().log();
        ASSERT_TRUE(wait_for_first_sample(*serve)) << serve->child().log();
    }
    // Two jobs, the second with a target label, as a fleet's scrape config has them.
    std::string lab_job = "  - job_name: edgetop-lab\n    static_configs:\n      - targets: ['" +
                          instance_of(nano.port()) + "', '" + instance_of(thor.port()) +
                          "']\n        labels:\n          site: lab\n";
    PrometheusServer prometheus(dir, orin.port(), "", "", lab_job);
    auto all_up = [&] {
        auto up = prometheus.query(R"(up{job=~"edgetop.*"} == 1)");
        auto sampled = prometheus.query("edgetop_last_sample_timestamp_seconds");
        return up.size() == 3 && sampled.size() == 3;
    };
    for (int i = 0; i < 150 && !all_up(); ++i)
        std::this_thread::sleep_for(200ms);
    ASSERT_TRUE(all_up()) << prometheus.child().log();

    std::string url = "prometheus+http://127.0.0.1:" + std::to_string(prometheus.port()) +
                      R"(?match=job=~"edgetop.*")";
    auto result = run_edgetop({"fleet", "--json", url});
    EXPECT_EQ(result.status, 0) << result.err << result.out;
    auto rows = rows_by_name(result.out);
    ASSERT_EQ(rows.size(), 3u) << result.out;
    for (auto* serve : {&orin, &nano, &thor}) {
        const json& row = rows[instance_of(serve->port())];
        ASSERT_EQ(row["state"], "up") << row;
        json sample = served_sample_at(*serve, row["time"].get<std::string>());
        ASSERT_FALSE(sample.is_null()) << row;
        json board = json::parse(serve->get("/api/v1/board")->body);
        EXPECT_EQ(row["model"], board["board"]["model"]);
        EXPECT_EQ(row["power_mode"], board["board"]["power_mode"]["name"]);
        EXPECT_EQ(row["edgetop_version"], board["edgetop_version"]);
        EXPECT_EQ(row["url"], "http://" + instance_of(serve->port()) + "/");
        EXPECT_EQ(row["via"], "127.0.0.1:" + std::to_string(prometheus.port()));
        expect_close(row["power_mw"], sample["power_total_mw"], "power");
        expect_close(row["cpu_util_pct"], sample["cpu"]["util"], "cpu");
        expect_close(row["emc_util_pct"], sample["emc"]["util"], "emc");
        json hottest;
        for (const auto& zone : sample["thermal"])
            if (zone["temp_c"].is_number() &&
                (hottest.is_null() || zone["temp_c"] > hottest["temp_c"]))
                hottest = zone;
        EXPECT_EQ(row["hottest"]["zone"], hottest["name"]);
        expect_close(row["hottest"]["temp_c"], hottest["temp_c"], "hottest");
        expect_close(row["mem_used_pct"],
                     100.0 * sample["mem"]["used_kb"].get<double>() /
                         sample["mem"]["total_kb"].get<double>(),
                     "memory");
    }
    EXPECT_EQ(rows[instance_of(orin.port())]["labels"], json::parse(R"({"job":"edgetop"})"));
    EXPECT_EQ(rows[instance_of(nano.port())]["labels"],
              json::parse(R"({"job":"edgetop-lab","site":"lab"})"));
    EXPECT_EQ(rows[instance_of(orin.port())]["hottest"]["trip_c"], 99);
    expect_view_from_prometheus_series(url, orin);

    // Stopped: down once Prometheus' scrape of it failed, with Prometheus' reason.
    nano.child().stop(2000ms);
    std::string nano_down = "up{instance=\"" + instance_of(nano.port()) + "\"} == 0";
    ASSERT_FALSE(prometheus.query_until_found(nano_down, 20s).empty());
    result = run_edgetop({"fleet", "--json", url});
    EXPECT_EQ(result.status, 1) << result.err;
    rows = rows_by_name(result.out);
    ASSERT_EQ(rows.size(), 3u) << result.out;
    const json& down = rows[instance_of(nano.port())];
    EXPECT_EQ(down["state"], "down");
    EXPECT_THAT(down["reason"].get<std::string>(), HasSubstr("Prometheus: "));
    EXPECT_THAT(down["reason"].get<std::string>(), HasSubstr("connection refused"));
    EXPECT_EQ(down["model"], "NVIDIA Jetson Nano Developer Kit");  // from its last hour
    EXPECT_EQ(rows[instance_of(thor.port())]["state"], "up");

    // A matcher Prometheus refuses: its own words, the one row of the Prometheus down.
    result = run_edgetop(
        {"fleet", "--json",
         "prometheus+http://127.0.0.1:" + std::to_string(prometheus.port()) + "?match=job=~\"(\""});
    EXPECT_EQ(result.status, 1);
    rows = rows_by_name(result.out);
    ASSERT_EQ(rows.size(), 1u) << result.out;
    EXPECT_THAT(rows.begin()->second["reason"].get<std::string>(), HasSubstr("bad_data"));
}

// A serve older than the JSON API (a server answering 404 there and this serve's /metrics of a
// fixture at /metrics): its row is what that exposition says.
TEST(FleetOverMetrics, AServeWithoutTheApiIsReadFromItsMetrics) {
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/tests/golden/nano/metrics.prom");
    std::string metrics{std::istreambuf_iterator<char>(in), {}};
    SampleHttpServer old(metrics, true);
    if (!old.started()) GTEST_SKIP() << "python3 could not start the test server";
    auto result = run_edgetop({"fleet", "--json", "--stale", "1e9", old.url("/old/")});
    EXPECT_EQ(result.status, 0) << result.err << result.out;
    auto rows = rows_by_name(result.out);
    ASSERT_EQ(rows.size(), 1u) << result.out;
    const json& row = rows.begin()->second;
    EXPECT_EQ(row["state"], "up") << row;
    EXPECT_EQ(row["model"], "NVIDIA Jetson Nano Developer Kit");
    EXPECT_EQ(row["hottest"]["zone"], "AO");
    EXPECT_EQ(row["hottest"]["temp_c"], 29.5);
    EXPECT_NEAR(row["power_mw"].get<double>(), 920, 1);
    EXPECT_TRUE(row["disk_bytes_per_s"].is_null());  // one scrape has no rate
}

// An sshd of the test's own: a throwaway host key and user key in dir, on a free loopback port,
// accepting only that key for the user running the test.
class TestSshd {
  public:
    explicit TestSshd(const TempDir& dir) : dir_(dir) {}

    // Why it cannot run here, or "" once it accepts connections.
    std::string start() {
        for (const char* tool : {"/usr/sbin/sshd", "/usr/bin/ssh", "/usr/bin/ssh-keygen"})
            if (::access(tool, X_OK) != 0)
                return std::string(tool) + " is missing (openssh-server, openssh-client)";
        // As root, sshd wants its privilege separation directory, which its service makes.
        if (::geteuid() == 0) std::filesystem::create_directories("/run/sshd");
        for (const char* key : {"host_key", "user_key"}) {
            auto made = ChildProcess({"/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f",
                                      dir_.file(key)})
                            .collect(10s);
            if (made.status != 0) return "ssh-keygen failed: " + made.err;
        }
        std::filesystem::copy_file(dir_.file("user_key.pub"), dir_.file("authorized_keys"));
        port_ = free_loopback_port();
        std::ofstream(dir_.file("sshd_config"))
            << "Port " << port_ << "\nListenAddress 127.0.0.1\nHostKey " << dir_.file("host_key")
            << "\nAuthorizedKeysFile " << dir_.file("authorized_keys") << "\nPidFile "
            << dir_.file("sshd.pid")
            << "\nUsePAM no\nStrictModes no\nPasswordAuthentication no\n"
               "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
               "AllowStreamLocalForwarding yes\nLogLevel ERROR\n";
        std::string host_public = read_file(dir_.file("host_key.pub"));
        std::ofstream(dir_.file("known_hosts")) << "[127.0.0.1]:" << port_ << " " << host_public;
        std::ofstream(dir_.file("ssh_config"))
            << "Host board\n  HostName 127.0.0.1\n  Port " << port_ << "\n  User " << user_name()
            << "\n  IdentityFile " << dir_.file("user_key")
            << "\n  IdentitiesOnly yes\n  UserKnownHostsFile " << dir_.file("known_hosts")
            << "\n  StrictHostKeyChecking yes\n  LogLevel ERROR\n";
        sshd_.emplace(
            std::vector<std::string>{"/usr/sbin/sshd", "-D", "-e", "-f", dir_.file("sshd_config")},
            SpawnOptions{.log_path = dir_.file("sshd.log")});
        for (int i = 0; i < 100; ++i) {
            auto probe = ChildProcess({"/usr/bin/ssh", "-F", dir_.file("ssh_config"), "-o",
                                       "BatchMode=yes", "board", "true"})
                             .collect(10s);
            if (probe.status == 0) return "";
            std::this_thread::sleep_for(100ms);
        }
        return "the test's sshd did not accept its key: " + read_file(dir_.file("sshd.log"));
    }
    std::string ssh_command() const { return "/usr/bin/ssh -F " + dir_.file("ssh_config"); }

  private:
    static std::string user_name() {
        const passwd* entry = ::getpwuid(::geteuid());
        return entry ? entry->pw_name : "root";
    }
    static std::string read_file(const std::string& path) {
        std::ifstream in(path);
        return {std::istreambuf_iterator<char>(in), {}};
    }

    const TempDir& dir_;
    int port_ = 0;
    std::optional<ChildProcess> sshd_;
};

TEST(FleetOverSsh, ABoardOverSshIsItsFixtureAsAServeReadsItAndLeavesNothingBehind) {
    TempDir dir, dir_local;
    TestSshd sshd(dir);
    if (auto why = sshd.start(); !why.empty()) GTEST_SKIP() << why;
    ServeProcess local(dir_local, {"--root", fixture_root("orin-nano"), "--interval", "200"});
    ASSERT_NE(local.port(), 0) << local.child().log();
    ASSERT_TRUE(wait_for_first_sample(local)) << local.child().log();

    auto board_dirs = [] {
        std::set<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator("/tmp"))
            if (entry.path().filename().string().starts_with("edgetop-fleet"))
                names.insert(entry.path().filename().string());
        return names;
    };
    auto before = board_dirs();
    std::string remote_edgetop =
        std::string(EDGETOP_BINARY) + " --root " + fixture_root("orin-nano");
    std::string closed = instance_of(free_loopback_port());
    auto result =
        run_edgetop({"fleet", "--json", "--interval", "300", "--ssh-command", sshd.ssh_command(),
                     "--remote-edgetop", remote_edgetop, "ssh://board",
                     "http://" + instance_of(local.port()), "ssh://" + closed});
    EXPECT_EQ(result.status, 1) << result.err;  // the third is down
    auto rows = rows_by_name(result.out);
    ASSERT_EQ(rows.size(), 3u) << result.out << result.err;
    const json& remote = rows["board"];
    const json& direct = rows[instance_of(local.port())];
    ASSERT_EQ(remote["state"], "up") << remote;
    EXPECT_EQ(remote["url"], "ssh://board");
    for (const char* key : {"model", "power_mode", "edgetop_version", "power_mw", "hottest",
                            "mem_used_pct", "gpu_load_pct", "emc_util_pct"})
        EXPECT_EQ(remote[key], direct[key]) << key;
    EXPECT_FALSE(remote["power_mw"].is_null());
    const json& refused = rows[closed];
    EXPECT_EQ(refused["state"], "down");
    EXPECT_THAT(refused["reason"].get<std::string>(), HasSubstr("Connection refused"));

    // The board's serve ended with the ssh and took its socket directory with it; fleet's own
    // directory of local sockets is gone too.
    for (int i = 0; i < 50 && board_dirs() != before; ++i)
        std::this_thread::sleep_for(100ms);
    EXPECT_EQ(board_dirs(), before);
}

}  // namespace edgetop::testing::fleet_remote
