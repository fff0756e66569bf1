// `edgetop serve` running on a free loopback port for the exporter's end-to-end tests.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "tests/exporter/loopback_http.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace edgetop::testing {

class ServeProcess {
  public:
    // Starts `edgetop serve --listen 127.0.0.1:0 EXTRA...` (the system picks the port) and waits
    // for the line that names the port; port() is 0 when it never came.
    // `env`: variables set for serve.
    ServeProcess(const TempDir& dir, const std::vector<std::string>& extra,
                 std::vector<std::pair<std::string, std::string>> env = {})
        : child_(arguments(extra), {.env = std::move(env), .log_path = dir.file("serve.log")}) {
        static const std::regex serving(R"(serving https?://127\.0\.0\.1:(\d+)/metrics)");
        if (auto port = child_.wait_for_log(serving, std::chrono::seconds(20)))
            port_ = std::stoi(*port);
    }

    int port() const { return port_; }
    ChildProcess& child() { return child_; }
    std::optional<HttpResponse> get(const std::string& path, const std::string& headers = "") {
        return http_get(port_, path, headers);
    }
    // Value of the first series of `metrics` whose line starts with `series` ("name{labels}").
    static std::optional<double> value_of(const std::string& metrics, const std::string& series) {
        std::string text = "\n" + metrics;
        std::string prefix = "\n" + series + " ";
        auto at = text.find(prefix);
        if (at == std::string::npos) return std::nullopt;
        return std::stod(text.substr(at + prefix.size()));
    }

  private:
    static std::vector<std::string> arguments(const std::vector<std::string>& extra) {
        std::vector<std::string> argv{EDGETOP_BINARY, "serve", "--listen", "127.0.0.1:0"};
        argv.insert(argv.end(), extra.begin(), extra.end());
        return argv;
    }

    ChildProcess child_;
    int port_ = 0;
};

}  // namespace edgetop::testing
