#include "support/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace edgetop::testing {
namespace {

int decode(int raw) {
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
}

// Appends what one readable pipe holds; closes it at end of file.
void drain(const pollfd& p, int& fd, std::string& into) {
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

// Only async-signal-safe calls from here on, apart from setenv (the options' environment).
[[noreturn]] void exec_child(char* const* argv, const SpawnOptions& options, int out, int err) {
    if (!options.log_path.empty()) {
        int log = ::open(options.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        out = err = log;
    }
    ::dup2(out, STDOUT_FILENO);
    ::dup2(err, STDERR_FILENO);
    for (const auto& [name, value] : options.env)
        ::setenv(name.c_str(), value.c_str(), 1);
    if (options.uid && ::setuid(*options.uid) != 0) _exit(126);
    if (options.file_size_limit) {
        rlimit limit{*options.file_size_limit, *options.file_size_limit};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    if (options.ignore_sighup) ::signal(SIGHUP, SIG_IGN);
    ::execvp(argv[0], argv);
    _exit(126);
}

}  // namespace

ChildProcess::ChildProcess(std::vector<std::string> argv, SpawnOptions options)
    : log_path_(options.log_path) {
    std::vector<char*> raw;
    for (auto& arg : argv)
        raw.push_back(arg.data());
    raw.push_back(nullptr);
    int out[2] = {-1, -1}, err[2] = {-1, -1};
    if (log_path_.empty() && (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0))
        std::abort();
    pid_ = ::fork();
    if (pid_ == 0) exec_child(raw.data(), options, out[1], err[1]);
    if (log_path_.empty()) {
        ::close(out[1]);
        ::close(err[1]);
        out_fd_ = out[0];
        err_fd_ = err[0];
        if (options.close_stdout_reader) {
            ::close(out_fd_);
            out_fd_ = -1;
        }
    }
}

ChildProcess::ChildProcess(const char* name, std::function<void(int ready_fd)> body) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) std::abort();
    pid_ = ::fork();
    if (pid_ == 0) {
        ::close(fds[0]);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        ::prctl(PR_SET_NAME, name);
        body(fds[1]);
        _exit(0);
    }
    ::close(fds[1]);
    ready_fd_ = fds[0];
}

ChildProcess::~ChildProcess() {
    if (pid_ > 0 && !status_) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    for (int fd : {ready_fd_, out_fd_, err_fd_})
        if (fd >= 0) ::close(fd);
}

void ChildProcess::send(int signal) const {
    ::kill(pid_, signal);
}

bool ChildProcess::wait_ready() const {
    char byte;
    return pid_ > 0 && ready_fd_ >= 0 && ::read(ready_fd_, &byte, 1) == 1;
}

bool ChildProcess::wait_asleep() const {
    if (!wait_ready()) return false;
    for (int tries = 0; tries < 200; ++tries) {
        std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
        std::string line;
        std::getline(stat, line);
        size_t paren = line.rfind(')');
        if (paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'S')
            return true;
        ::usleep(10000);
    }
    return false;
}

void ChildProcess::kill_only() const {
    if (pid_ > 0 && !status_) ::kill(pid_, SIGKILL);
}

int ChildProcess::reap(bool block) {
    int raw = 0;
    if (::waitpid(pid_, &raw, block ? 0 : WNOHANG) != pid_) return -1;
    status_ = decode(raw);
    return *status_;
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
    if (status_) return *status_;
    ::kill(pid_, SIGTERM);
    return wait(grace);
}

int ChildProcess::wait(std::chrono::milliseconds limit) {
    if (status_) return *status_;
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (reap(false) < 0) {
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(pid_, SIGKILL);
            killed_ = true;
            return reap(true);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return *status_;
}

RunResult ChildProcess::collect(std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    RunResult result;
    while (out_fd_ >= 0 || err_fd_ >= 0) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timed_out = true;
            ::kill(pid_, SIGKILL);
            killed_ = true;
            break;
        }
        pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
        if (::poll(fds, 2, static_cast<int>(left.count())) <= 0) continue;
        drain(fds[0], out_fd_, result.out);
        drain(fds[1], err_fd_, result.err);
    }
    result.status = status_ ? *status_ : reap(true);
    return result;
}

std::string ChildProcess::log() const {
    std::ifstream in(log_path_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::optional<std::string> ChildProcess::wait_for_log(const std::regex& pattern,
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

void ready(int fd) {
    char byte = 1;
    if (::write(fd, &byte, 1) != 1) _exit(1);
}

void idle(int fd) {
    ready(fd);
    while (true)
        ::pause();
}

ChildProcess on_usr1(const char* name, void (*then)(int fd)) {
    return ChildProcess(name, [then](int fd) {
        sigset_t usr1;
        sigemptyset(&usr1);
        sigaddset(&usr1, SIGUSR1);
        sigprocmask(SIG_BLOCK, &usr1, nullptr);
        ready(fd);
        int signal = 0;
        sigwait(&usr1, &signal);
        then(fd);
    });
}

int run_in_child(const std::function<int()>& body) {
    pid_t pid = ::fork();
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        _exit(body());
    }
    int raw = 0;
    if (pid < 0 || ::waitpid(pid, &raw, 0) != pid) return -1;
    return decode(raw);
}

std::optional<ChildText> text_of_child(const std::function<std::string()>& body) {
    int fds[2];
    if (::pipe(fds) != 0) return std::nullopt;
    pid_t pid = ::fork();
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        ::close(fds[0]);
        std::string text = body();
        for (size_t done = 0; done < text.size();) {
            ssize_t n = ::write(fds[1], text.data() + done, text.size() - done);
            if (n <= 0) _exit(4);
            done += static_cast<size_t>(n);
        }
        _exit(0);
    }
    ::close(fds[1]);
    if (pid < 0) {
        ::close(fds[0]);
        return std::nullopt;
    }
    ChildText child;
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
        child.text.append(buffer, static_cast<size_t>(n));
    ::close(fds[0]);
    int raw = 0;
    if (::waitpid(pid, &raw, 0) != pid) return std::nullopt;
    child.status = decode(raw);
    return child;
}

std::vector<std::string> busy_loop_command() {
    return {"sh", "-c", "while :; do :; done"};
}

}  // namespace edgetop::testing
