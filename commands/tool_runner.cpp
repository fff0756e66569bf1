#include "commands/tool_runner.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace edgetop {

namespace {

std::string shown_command(const std::vector<std::string>& argv) {
    std::string out;
    for (const auto& a : argv)
        out += (out.empty() ? "" : " ") + a;
    return out;
}

}  // namespace

ToolRunner::~ToolRunner() {
    if (child_) child_->wait();
    close_pipe();
}

bool ToolRunner::start(std::vector<std::vector<std::string>> commands, std::string& error) {
    if (busy()) {
        error = "a command is still running";
        return false;
    }
    if (commands.empty() || commands.front().empty()) {
        error = "nothing to run";
        return false;
    }
    pending_ = std::move(commands);
    outcome_ = ToolOutcome{};
    if (!launch(error)) {
        pending_.clear();
        return false;
    }
    return true;
}

bool ToolRunner::launch(std::string& error) {
    std::vector<std::string> argv = std::move(pending_.front());
    pending_.erase(pending_.begin());
    outcome_.command = shown_command(argv);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        error = std::string("cannot make a pipe: ") + std::strerror(errno);
        return false;
    }
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    ProcessStart nothing_blocked;  // the view blocks no signals; the tool may keep the raised limit
    sigemptyset(&nothing_blocked.signal_mask);
    ChildOptions options;
    options.own_process_group = true;  // a Ctrl-C at the view does not cut a switch short
    options.stdin_from_null = true;    // it cannot stop to ask (nvpmodel's reboot question)
    options.output_fd = fds[1];
    try {
        child_.emplace(argv, nothing_blocked, options);
    } catch (const std::exception& e) {
        ::close(fds[0]);
        ::close(fds[1]);
        error = e.what();
        return false;
    }
    ::close(fds[1]);
    pipe_ = fds[0];
    return true;
}

void ToolRunner::drain() {
    if (pipe_ < 0) return;
    char buf[4096];
    while (true) {
        ssize_t n = ::read(pipe_, buf, sizeof buf);
        if (n > 0) {
            size_t room = kMaxOutput - std::min(kMaxOutput, outcome_.output.size());
            outcome_.output.append(buf, std::min(room, static_cast<size_t>(n)));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) close_pipe();  // every writer (the tool and its children) is gone
        return;
    }
}

void ToolRunner::close_pipe() {
    if (pipe_ >= 0) ::close(pipe_);
    pipe_ = -1;
}

std::optional<ToolOutcome> ToolRunner::poll() {
    if (!child_) return std::nullopt;
    drain();
    auto status = child_->try_wait();
    if (!status) return std::nullopt;
    drain();
    close_pipe();
    child_.reset();
    outcome_.status = *status;
    if (*status == 0 && !pending_.empty()) {
        std::string error;
        if (launch(error)) return std::nullopt;
        outcome_.output += error + "\n";
        outcome_.status = 127;
    }
    pending_.clear();
    return outcome_;
}

}  // namespace edgetop
