// A real Prometheus server (Debian package prometheus) scrapes `edgetop serve --root <fixture>`
// on loopback, and its HTTP API returns the fixture's values: the end-to-end path a fleet uses.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/exporter/bcrypt_hash.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

using namespace std::chrono_literals;

constexpr const char* kPrometheus = "/usr/bin/prometheus";

std::string url_encode(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '_' || c == '-' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

class PrometheusServer {
  public:
    // `job_options`: further lines of the scrape job (basic_auth, scheme, tls_config), indented
    // as its keys are.
    // `more_jobs`: further scrape jobs, whole.
    PrometheusServer(const TempDir& dir, int target_port, const std::string& job_options = "",
                     const std::string& more_jobs = "")
        : port_(free_loopback_port()),
          child_(arguments(dir, target_port, port_, job_options, more_jobs),
                 {.log_path = dir.file("prometheus.log")}) {}

    ChildProcess& child() { return child_; }

    // GET of the HTTP API, parsed; null when it does not answer (yet).
    nlohmann::json api(const std::string& path_and_query) {
        auto response = http_get(port_, path_and_query, "", 5000ms);
        if (!response || response->status != 200) return nullptr;
        return nlohmann::json::parse(response->body, nullptr, false);
    }
    // The result vector of an instant query, polled until it is non-empty or `limit` ran out.
    nlohmann::json query_until_found(const std::string& promql, std::chrono::seconds limit) {
        auto deadline = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < deadline) {
            auto answer = api("/api/v1/query?query=" + url_encode(promql));
            if (answer.is_object() && answer["status"] == "success" &&
                !answer["data"]["result"].empty())
                return answer["data"]["result"];
            std::this_thread::sleep_for(250ms);
        }
        return nlohmann::json::array();
    }

  private:
    static std::vector<std::string> arguments(const TempDir& dir, int target_port, int port,
                                              const std::string& job_options,
                                              const std::string& more_jobs) {
        std::ofstream(dir.file("prometheus.yml"))
            << "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
            << "scrape_configs:\n  - job_name: edgetop\n"
            << job_options << "    static_configs:\n"
            << "      - targets: ['127.0.0.1:" << target_port << "']\n"
            << more_jobs;
        return {kPrometheus, "--config.file=" + dir.file("prometheus.yml"),
                "--storage.tsdb.path=" + dir.file("data"),
                "--web.listen-address=127.0.0.1:" + std::to_string(port), "--log.level=warn"};
    }

    int port_;
    ChildProcess child_;
};

double value_of(const nlohmann::json& result) {
    return std::stod(result[0]["value"][1].get<std::string>());
}

TEST(PrometheusScrape, RealServerStoresTheFixtureSeries) {
    if (!std::filesystem::exists(kPrometheus))
        GTEST_SKIP() << kPrometheus << " is missing (Debian package prometheus)";
    TempDir dir;
    ServeProcess serve(dir, {"--root", fixture_path("agx-orin"), "--interval", "250"});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    PrometheusServer prometheus(dir, serve.port());

    // The target is up once a scrape succeeded.
    auto up = prometheus.query_until_found("up{job=\"edgetop\"} == 1", 15s);
    ASSERT_FALSE(up.empty()) << prometheus.child().log();

    // hwmon3 of the fixture: 843 mV x 5182 mA on VDD_GPU_SOC.
    auto gpu_rail =
        prometheus.query_until_found("edgetop_rail_power_watts{rail=\"VDD_GPU_SOC\"}", 5s);
    ASSERT_EQ(gpu_rail.size(), 1u);
    EXPECT_NEAR(value_of(gpu_rail), 0.843 * 5.182, 1e-9);

    auto board = prometheus.query_until_found("edgetop_board_info", 5s);
    ASSERT_EQ(board.size(), 1u);
    EXPECT_EQ(board[0]["metric"]["soc"], "tegra234");
    EXPECT_EQ(board[0]["metric"]["model"], "Jetson AGX Orin");

    auto cpu =
        prometheus.query_until_found("edgetop_cpu_seconds_total{cpu=\"0\",mode=\"user\"}", 5s);
    ASSERT_EQ(cpu.size(), 1u);
    EXPECT_DOUBLE_EQ(value_of(cpu), 2566.15);  // 256615 ticks at USER_HZ 100

    // Prometheus asks for OpenMetrics first and got it: the metadata holds the OpenMetrics
    // family names and types (the text format has no info type and names counters with _total).
    auto type_of = [&](const std::string& family) -> std::string {
        for (int attempt = 0; attempt < 40; ++attempt) {
            auto answer = prometheus.api("/api/v1/metadata?metric=" + family);
            if (answer.is_object() && answer["data"].is_object() &&
                answer["data"].contains(family) && !answer["data"][family].empty())
                return answer["data"][family][0].value("type", "");
            std::this_thread::sleep_for(250ms);
        }
        return "";
    };
    EXPECT_EQ(type_of("edgetop_board"), "info");
    EXPECT_EQ(type_of("edgetop_samples"), "counter");

    auto flags = prometheus.query_until_found("count(edgetop_flag_raised)", 5s);
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_GE(value_of(flags), 1);

    // A few scrapes: the samples counter has grown between the first and the last of them.
    auto scrapes =
        prometheus.query_until_found("count_over_time(edgetop_samples_total[1m]) >= 3", 15s);
    ASSERT_FALSE(scrapes.empty());
    auto growth = prometheus.query_until_found("increase(edgetop_samples_total[1m]) > 0", 5s);
    EXPECT_FALSE(growth.empty());

    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
    int prometheus_status = prometheus.child().stop(10s);
    EXPECT_FALSE(prometheus.child().was_killed()) << prometheus.child().log();
    EXPECT_EQ(prometheus_status, 0) << prometheus.child().log();
}

// Scrape jobs as a fleet writes them for a serve that asks for basic auth: with the right
// password the series arrive; with a wrong one the target is down and Prometheus says 401.
TEST(PrometheusScrape, BasicAuthOfTheScrapeJob) {
    if (!std::filesystem::exists(kPrometheus))
        GTEST_SKIP() << kPrometheus << " is missing (Debian package prometheus)";
    TempDir dir;
    std::ofstream(dir.file("web.yml"))
        << "basic_auth_users:\n  prometheus: " << bcrypt_hash("scrape-pw") << "\n";
    std::ofstream(dir.file("password")) << "scrape-pw\n";
    ServeProcess serve(dir, {"--root", fixture_path("agx-orin"), "--interval", "250",
                             "--web-config", dir.file("web.yml")});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    std::string target = "      - targets: ['127.0.0.1:" + std::to_string(serve.port()) + "']\n";
    PrometheusServer prometheus(dir, serve.port(),
                                "    basic_auth:\n      username: prometheus\n"
                                "      password_file: " +
                                    dir.file("password") + "\n",
                                "  - job_name: wrong_password\n"
                                "    basic_auth:\n      username: prometheus\n"
                                "      password: not-the-password\n"
                                "    static_configs:\n" +
                                    target);
    auto up = prometheus.query_until_found("up{job=\"edgetop\"} == 1", 15s);
    ASSERT_FALSE(up.empty()) << prometheus.child().log();
    auto board = prometheus.query_until_found("edgetop_board_info", 5s);
    ASSERT_EQ(board.size(), 1u);
    EXPECT_EQ(board[0]["metric"]["soc"], "tegra234");

    std::string last_error;
    std::string health;
    for (int attempt = 0; attempt < 60 && last_error.empty(); ++attempt) {
        auto targets = prometheus.api("/api/v1/targets");
        if (targets.is_object() && targets["data"].is_object()) {
            for (const auto& active : targets["data"]["activeTargets"]) {
                if (active["labels"].value("job", "") != "wrong_password") continue;
                last_error = active.value("lastError", "");
                health = active.value("health", "");
            }
        }
        if (last_error.empty()) std::this_thread::sleep_for(250ms);
    }
    EXPECT_EQ(health, "down");
    EXPECT_NE(last_error.find("401"), std::string::npos) << last_error;
    EXPECT_EQ(prometheus.query_until_found("up{job=\"wrong_password\"} == 0", 10s).size(), 1u);
    EXPECT_EQ(prometheus.child().stop(10s), 0) << prometheus.child().log();
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

}  // namespace
}  // namespace edgetop::testing
