// Runs the real edgetop binary for end-to-end tests: arguments in, exit status and output out.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace edgetop::testing {

struct RunResult {
    int status = -1;  // exit code, or 128 + signal
    std::string out;
    std::string err;
};

struct SpawnOptions {
    bool close_stdout_reader = false;                      // stdout is a pipe nobody reads (EPIPE)
    std::optional<rlim_t> file_size_limit;                 // RLIMIT_FSIZE in bytes
    std::vector<std::pair<std::string, std::string>> env;  // variables set for edgetop
    std::optional<uid_t> uid;                              // run as this user (needs root)
    bool ignore_sighup = false;                            // started as nohup starts it
};

// A running edgetop with its standard output and error captured.
class EdgetopProcess {
  public:
    explicit EdgetopProcess(const std::vector<std::string>& args, SpawnOptions options = {}) {
        int out[2], err[2];
        if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) std::abort();
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], STDOUT_FILENO);
            dup2(err[1], STDERR_FILENO);
            for (const auto& [name, value] : options.env)
                setenv(name.c_str(), value.c_str(), 1);
            if (options.uid && setuid(*options.uid) != 0) _exit(126);
            if (options.file_size_limit) {
                rlimit limit{*options.file_size_limit, *options.file_size_limit};
                setrlimit(RLIMIT_FSIZE, &limit);
            }
            if (options.ignore_sighup) ::signal(SIGHUP, SIG_IGN);
            std::vector<char*> argv;
            std::string binary = EDGETOP_BINARY;
            argv.push_back(binary.data());
            std::vector<std::string> copy = args;
            for (auto& a : copy)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(binary.c_str(), argv.data());
            _exit(126);
        }
        ::close(out[1]);
        ::close(err[1]);
        out_fd_ = out[0];
        err_fd_ = err[0];
        if (options.close_stdout_reader) {
            ::close(out_fd_);
            out_fd_ = -1;
        }
    }
    ~EdgetopProcess() {
        if (!finished_) {
            ::kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (out_fd_ >= 0) ::close(out_fd_);
        if (err_fd_ >= 0) ::close(err_fd_);
    }
    EdgetopProcess(const EdgetopProcess&) = delete;
    EdgetopProcess& operator=(const EdgetopProcess&) = delete;

    void send(int signal) const { ::kill(pid_, signal); }
    pid_t pid() const { return pid_; }

    // Collects the output until the process exits; kills it after `limit` (a hung edgetop fails
    // the test instead of hanging the suite).
    RunResult wait(std::chrono::seconds limit = std::chrono::seconds(60)) {
        auto deadline = std::chrono::steady_clock::now() + limit;
        RunResult result;
        while (out_fd_ >= 0 || err_fd_ >= 0) {
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                ADD_FAILURE() << "edgetop did not exit within " << limit.count() << " s";
                ::kill(pid_, SIGKILL);
                break;
            }
            pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
            if (::poll(fds, 2, static_cast<int>(left.count())) <= 0) continue;
            drain(fds[0], out_fd_, result.out);
            drain(fds[1], err_fd_, result.err);
        }
        int raw = 0;
        waitpid(pid_, &raw, 0);
        finished_ = true;
        result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        return result;
    }

  private:
    static void drain(const pollfd& p, int& fd, std::string& into) {
        if (fd < 0 || !(p.revents & (POLLIN | POLLHUP | POLLERR))) return;
        char buf[65536];
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) {
            into.append(buf, static_cast<size_t>(n));
        } else {
            ::close(fd);
            fd = -1;
        }
    }

    pid_t pid_ = -1;
    int out_fd_ = -1;
    int err_fd_ = -1;
    bool finished_ = false;
};

inline RunResult run_edgetop(const std::vector<std::string>& args, SpawnOptions options = {}) {
    EdgetopProcess process(args, options);
    return process.wait();
}

// A temporary directory removed at the end of the test.
class TempDir {
  public:
    TempDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "edgetop-e2e-XXXXXX").string();
        if (!mkdtemp(pattern.data())) std::abort();
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

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
