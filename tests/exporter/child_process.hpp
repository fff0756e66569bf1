// A child process for the exporter's end-to-end tests (edgetop serve, prometheus): standard output
// and error go to a log file, and stopping it is bounded in time.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace edgetop::testing {

class ChildProcess {
  public:
    ChildProcess(std::vector<std::string> argv, std::string log_path)
        : log_path_(std::move(log_path)) {
        pid_ = ::fork();
        if (pid_ == 0) {
            int log = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
            ::dup2(log, STDOUT_FILENO);
            ::dup2(log, STDERR_FILENO);
            std::vector<char*> raw;
            for (auto& arg : argv)
                raw.push_back(arg.data());
            raw.push_back(nullptr);
            ::execv(raw[0], raw.data());
            _exit(126);
        }
    }
    ~ChildProcess() {
        if (!status_) stop(std::chrono::milliseconds(0));
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return pid_; }
    std::string log() const {
        std::ifstream in(log_path_);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }
    // Waits (polling the log) for the first match of `pattern`; its first group, or nullopt when
    // the time ran out.
    std::optional<std::string> wait_for_log(const std::regex& pattern,
                                            std::chrono::milliseconds limit) const {
        auto deadline = std::chrono::steady_clock::now() + limit;
        do {
            std::string text = log();
            std::smatch match;
            if (std::regex_search(text, match, pattern)) return match[1].str();
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        } while (std::chrono::steady_clock::now() < deadline);
        return std::nullopt;
    }
    // SIGTERM, then SIGKILL when it has not exited within `grace`. Returns the exit status, or
    // 128 + signal.
    int stop(std::chrono::milliseconds grace) {
        if (status_) return *status_;
        ::kill(pid_, SIGTERM);
        return wait(grace);
    }
    // Waits for the process to exit on its own; SIGKILL after `limit`.
    int wait(std::chrono::milliseconds limit) {
        if (status_) return *status_;
        auto deadline = std::chrono::steady_clock::now() + limit;
        int raw = 0;
        while (::waitpid(pid_, &raw, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() >= deadline) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &raw, 0);
                killed_ = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        return *status_;
    }
    bool was_killed() const { return killed_; }

  private:
    std::string log_path_;
    pid_t pid_ = -1;
    std::optional<int> status_;
    bool killed_ = false;
};

// A temporary directory, removed with its content at the end of the test.
class TempDir {
  public:
    TempDir() {
        std::string pattern = ::testing::TempDir() + "edgetop-exporter-XXXXXX";
        if (!::mkdtemp(pattern.data())) std::abort();
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return path_; }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

}  // namespace edgetop::testing
