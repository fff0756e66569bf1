// Runs the real edgetop binary for end-to-end tests: arguments in, exit status and output out.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/child_process.hpp"
#include "support/temp_dir.hpp"

namespace edgetop::testing {

// A running edgetop with its standard output and error captured.
class EdgetopProcess {
  public:
    explicit EdgetopProcess(const std::vector<std::string>& args, SpawnOptions options = {})
        : child_(command(args), std::move(options)) {}

    void send(int signal) const { child_.send(signal); }
    pid_t pid() const { return child_.pid(); }

    // Collects the output until the process exits; kills it after `limit` (a hung edgetop fails
    // the test instead of hanging the suite).
    RunResult wait(std::chrono::seconds limit = std::chrono::seconds(60)) {
        RunResult result = child_.collect(limit);
        if (result.timed_out)
            ADD_FAILURE() << "edgetop did not exit within " << limit.count() << " s";
        return result;
    }

  private:
    static std::vector<std::string> command(const std::vector<std::string>& args) {
        std::vector<std::string> argv{EDGETOP_BINARY};
        argv.insert(argv.end(), args.begin(), args.end());
        return argv;
    }

    ChildProcess child_;
};

inline RunResult run_edgetop(const std::vector<std::string>& args, SpawnOptions options = {}) {
    EdgetopProcess process(args, options);
    return process.wait();
}

inline std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line))
        lines.push_back(line);
    return lines;
}

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// Every line parsed as JSON; a line that is not valid JSON fails the test.
inline std::vector<nlohmann::json> parse_lines(const std::vector<std::string>& lines) {
    std::vector<nlohmann::json> out;
    for (size_t i = 0; i < lines.size(); ++i) {
        auto value = nlohmann::json::parse(lines[i], nullptr, false);
        EXPECT_FALSE(value.is_discarded()) << "line " << i + 1 << " is not JSON: " << lines[i];
        out.push_back(value);
    }
    return out;
}

// Waits until the file holds at least `count` sample lines (false after the time limit).
inline bool wait_for_samples(const std::string& path, size_t count,
                             std::chrono::seconds limit = std::chrono::seconds(30)) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        size_t samples = 0;
        for (const auto& line : read_lines(path))
            samples += line.starts_with(R"({"type":"sample")");
        if (samples >= count) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

inline std::string fixture_root(const std::string& board) {
    return std::string(EDGETOP_FIXTURES) + "/" + board;
}

}  // namespace edgetop::testing
