// A real Prometheus server (Debian package prometheus) scrapes `edgetop serve --root <fixture>`
// on loopback, and its HTTP API returns the fixture's values: the end-to-end path a fleet uses.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>
#include <thread>

#include "tests/exporter/bcrypt_hash.hpp"
#include "tests/exporter/prometheus_server.hpp"
#include "tests/exporter/serve_process.hpp"
#include "tests/exporter/test_certificates.hpp"
#include "tests/support/fixture_tree.hpp"

namespace edgetop::testing {
namespace {

using namespace std::chrono_literals;

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

    // hwmon3 of the fixture: 840 mV x 5200 mA on VDD_GPU_SOC.
    auto gpu_rail =
        prometheus.query_until_found("edgetop_rail_power_watts{rail=\"VDD_GPU_SOC\"}", 5s);
    ASSERT_EQ(gpu_rail.size(), 1u);
    EXPECT_NEAR(value_of(gpu_rail), 0.84 * 5.2, 1e-9);

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

// Scrape jobs as a fleet writes them for a serve over TLS that asks for a client certificate of
// its CA and a password: with both the series arrive; with a wrong password the target is down
// with 401 in Prometheus' own lastError; without a client certificate the handshake fails.
TEST(PrometheusScrape, OverTlsWithAClientCertificateAndBasicAuth) {
    if (!std::filesystem::exists(kPrometheus))
        GTEST_SKIP() << kPrometheus << " is missing (Debian package prometheus)";
    if (access("/usr/bin/openssl", X_OK) != 0)
        GTEST_SKIP() << "/usr/bin/openssl is missing (package openssl)";
    TempDir dir;
    auto made = ChildProcess(
                    {"bash", "-c",
                     std::string(kMakeCertificates) + "cd '" + dir.path() + "' && base && clients"})
                    .collect(30s);
    ASSERT_EQ(made.status, 0) << made.err;
    std::ofstream(dir.file("web.yml"))
        << "tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n"
        << "  client_auth_type: RequireAndVerifyClientCert\n  client_ca_file: ca.pem\n"
        << "basic_auth_users:\n  prometheus: " << bcrypt_hash("scrape-pw") << "\n";
    std::ofstream(dir.file("password")) << "scrape-pw\n";
    ServeProcess serve(dir, {"--root", fixture_path("agx-orin"), "--interval", "250",
                             "--web-config", dir.file("web.yml")});
    ASSERT_NE(serve.port(), 0) << serve.child().log();
    EXPECT_NE(serve.child().log().find("serving https://"), std::string::npos);

    std::string tls = "    scheme: https\n    tls_config:\n      ca_file: " + dir.file("ca.pem") +
                      "\n      server_name: localhost\n";
    std::string client_certificate = "      cert_file: " + dir.file("client.pem") +
                                     "\n      key_file: " + dir.file("client.key") + "\n";
    std::string target =
        "    static_configs:\n      - targets: ['127.0.0.1:" + std::to_string(serve.port()) +
        "']\n";
    PrometheusServer prometheus(
        dir, serve.port(), "",
        tls + client_certificate + "    basic_auth:\n      username: prometheus\n" +
            "      password_file: " + dir.file("password") + "\n",
        "  - job_name: wrong_password\n" + tls + client_certificate +
            "    basic_auth:\n      username: prometheus\n      password: not-the-password\n" +
            target + "  - job_name: no_client_certificate\n" + tls +
            "    basic_auth:\n      username: prometheus\n      password_file: " +
            dir.file("password") + "\n" + target);
    auto up = prometheus.query_until_found("up{job=\"edgetop\"} == 1", 15s);
    ASSERT_FALSE(up.empty()) << prometheus.child().log();
    auto board = prometheus.query_until_found("edgetop_board_info", 5s);
    ASSERT_EQ(board.size(), 1u);
    EXPECT_EQ(board[0]["metric"]["soc"], "tegra234");

    // The last error Prometheus keeps for each job's target, once it has one.
    std::map<std::string, std::string> last_error;
    for (int attempt = 0; attempt < 60 && last_error.size() < 2; ++attempt) {
        auto targets = prometheus.api("/api/v1/targets");
        if (targets.is_object() && targets["data"].is_object())
            for (const auto& active : targets["data"]["activeTargets"]) {
                std::string job = active["labels"].value("job", "");
                if (job != "edgetop" && active.value("health", "") == "down")
                    last_error[job] = active.value("lastError", "");
            }
        if (last_error.size() < 2) std::this_thread::sleep_for(250ms);
    }
    EXPECT_NE(last_error["wrong_password"].find("401"), std::string::npos)
        << last_error["wrong_password"];
    EXPECT_NE(last_error["no_client_certificate"].find("certificate"), std::string::npos)
        << last_error["no_client_certificate"];
    EXPECT_EQ(prometheus.child().stop(10s), 0) << prometheus.child().log();
    EXPECT_EQ(serve.child().stop(10s), 0) << serve.child().log();
}

}  // namespace
}  // namespace edgetop::testing
