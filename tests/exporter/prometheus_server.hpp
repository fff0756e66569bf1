// A real Prometheus server (Debian package prometheus) on a free loopback port, scraping one
// target every second and, with a rule file, evaluating its rules every second; its HTTP API.
#pragma once

#include <cctype>
#include <chrono>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/exporter/loopback_http.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::testing {

inline constexpr const char* kPrometheus = "/usr/bin/prometheus";

inline std::string url_encode(const std::string& text) {
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

// Why this machine's Prometheus cannot load edgetop's generated rules, or "" when it can: they
// use keep_firing_for (the board's clear_s), which Prometheus reads from 2.42 on (Debian 11 has
// 2.24). The version is promtool's, which comes with the server.
inline std::string rules_need_newer_prometheus() {
    RunResult version =
        ChildProcess({"/usr/bin/promtool", "--version"}).collect(std::chrono::seconds(10));
    std::smatch found;
    std::string text = version.out + version.err;
    if (!std::regex_search(text, found, std::regex(R"(version (\d+)\.(\d+))")))
        return "promtool --version says no version: " + text;
    int major = std::stoi(found[1]), minor = std::stoi(found[2]);
    if (major > 2 || (major == 2 && minor >= 42)) return "";
    return "Prometheus " + found[1].str() + "." + found[2].str() +
           " reads no keep_firing_for (2.42 or newer does)";
}

class PrometheusServer {
  public:
    // rule_file: a rule file to load, or empty. job_options: further lines of the scrape job
    // (basic_auth, scheme, tls_config), indented as its keys are. more_jobs: further scrape jobs,
    // whole.
    PrometheusServer(const TempDir& dir, int target_port, const std::string& rule_file = "",
                     const std::string& job_options = "", const std::string& more_jobs = "")
        : port_(free_loopback_port()),
          child_(arguments(dir, target_port, port_, rule_file, job_options, more_jobs),
                 {.log_path = dir.file("prometheus.log")}) {}

    ChildProcess& child() { return child_; }
    int port() const { return port_; }

    // GET of the HTTP API, parsed; null when it does not answer (yet).
    nlohmann::json api(const std::string& path_and_query) {
        auto response = http_get(port_, path_and_query, "", std::chrono::milliseconds(5000));
        if (!response || response->status != 200) return nullptr;
        return nlohmann::json::parse(response->body, nullptr, false);
    }
    // The result vector of an instant query (empty when it has none or fails).
    nlohmann::json query(const std::string& promql) {
        auto answer = api("/api/v1/query?query=" + url_encode(promql));
        if (answer.is_object() && answer["status"] == "success") return answer["data"]["result"];
        return nlohmann::json::array();
    }
    // The result vector of an instant query, polled until it is non-empty or `limit` ran out.
    nlohmann::json query_until_found(const std::string& promql, std::chrono::milliseconds limit) {
        auto deadline = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < deadline) {
            auto result = query(promql);
            if (!result.empty()) return result;
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
        }
        return nlohmann::json::array();
    }

  private:
    static std::vector<std::string> arguments(const TempDir& dir, int target_port, int port,
                                              const std::string& rule_file,
                                              const std::string& job_options,
                                              const std::string& more_jobs) {
        std::ofstream config(dir.file("prometheus.yml"));
        config << "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
               << "  evaluation_interval: 1s\n";
        if (!rule_file.empty()) config << "rule_files:\n  - " << rule_file << "\n";
        config << "scrape_configs:\n  - job_name: edgetop\n"
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

}  // namespace edgetop::testing
