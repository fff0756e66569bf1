// Runs the real edgetop inside a detached tmux server of its own (a unique -L socket), types keys
// into it and reads the screen back with capture-pane: the interactive view tested as a user sees
// it. Every wait polls the screen with a deadline; nothing sleeps a fixed long time.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace edgetop::testing {

// 'text' quoted for sh.
// The start of the UI's header line on the AGX Orin fixture, wide enough for the full title.
inline const std::string kOrinHeader = " edgetop  Jetson AGX Orin";

inline std::string shell_quote(const std::string& text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

// Runs a shell command line; returns its standard output (and sets status).
inline std::string shell_output(const std::string& command, int* status = nullptr) {
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return "";
    std::string out;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0)
        out.append(buf, n);
    int raw = pclose(pipe);
    if (status) *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return out;
}

inline bool tmux_available() {
    int status = -1;
    shell_output("tmux -V 2>/dev/null", &status);
    return status == 0;
}

struct TmuxOptions {
    int width = 120;
    int height = 40;
    std::string term = "xterm-256color";
    std::string lang = "C.UTF-8";
    std::string extra_env;  // e.g. "NO_COLOR=1"

    TmuxOptions& size(int w, int h) { return width = w, height = h, *this; }
    TmuxOptions& with_term(std::string t) { return term = std::move(t), *this; }
    TmuxOptions& with_lang(std::string l) { return lang = std::move(l), *this; }
    TmuxOptions& with_env(std::string e) { return extra_env = std::move(e), *this; }
};

class TmuxSession {
  public:
    // Starts `edgetop ARGS` in a pane; when it exits, the pane shows "edgetop exited STATUS" and
    // stays open so the test can read what the terminal was left with.
    TmuxSession(const std::vector<std::string>& args, const TmuxOptions& options = {}) {
        auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
        socket_ = "edgetop-test-" + std::to_string(getpid()) + "-" + std::to_string(stamp);
        std::string edgetop = shell_quote(EDGETOP_BINARY);
        for (const auto& a : args)
            edgetop += " " + shell_quote(a);
        std::string inner = "env TERM=" + options.term + " LANG=" + options.lang +
                            " LC_ALL=" + options.lang + " " + options.extra_env + " " + edgetop +
                            "; echo \"edgetop exited $?\"; exec sleep 600";
        int status = -1;
        shell_output(tmux() + " new-session -d -x " + std::to_string(options.width) + " -y " +
                         std::to_string(options.height) + " " + shell_quote(inner) + " 2>&1",
                     &status);
        started_ = status == 0;
    }
    ~TmuxSession() {
        shell_output(tmux() + " kill-server 2>/dev/null");
        // tmux leaves the socket file of a killed server behind.
        const char* dir = std::getenv("TMUX_TMPDIR");
        std::error_code ignored;
        std::filesystem::remove(std::string(dir && *dir ? dir : "/tmp") + "/tmux-" +
                                    std::to_string(getuid()) + "/" + socket_,
                                ignored);
    }
    TmuxSession(const TmuxSession&) = delete;
    TmuxSession& operator=(const TmuxSession&) = delete;

    bool started() const { return started_; }

    // The visible screen, one line per row (-e: with escape sequences when asked).
    std::string capture(bool with_escapes = false) const {
        return shell_output(tmux() + " capture-pane -p " + (with_escapes ? "-e " : "") +
                            "-t 0 2>/dev/null");
    }
    // Keys in tmux send-keys syntax ("Tab", "q", "C-c"); literal sends the text as typed.
    void keys(const std::string& keys, bool literal = false) const {
        shell_output(tmux() + " send-keys -t 0 " + (literal ? "-l " : "") + keys);
    }
    // Raw bytes, as hex pairs ("1b 5b 31 7e"), written to the pane as they are: the sequences
    // of terminals other than the one TERM names.
    void bytes(const std::string& hex_pairs) const {
        shell_output(tmux() + " send-keys -t 0 -H " + hex_pairs);
    }
    void resize(int width, int height) const {
        shell_output(tmux() + " resize-window -t 0 -x " + std::to_string(width) + " -y " +
                     std::to_string(height));
    }

    // Polls the screen until `accept` is true; returns the last screen seen, and fails the test
    // with it when the deadline passes.
    std::string wait_until(const std::function<bool(const std::string&)>& accept,
                           const std::string& what,
                           std::chrono::milliseconds limit = std::chrono::seconds(8)) const {
        auto deadline = std::chrono::steady_clock::now() + limit;
        std::string screen;
        while (true) {
            screen = capture();
            if (accept(screen)) return screen;
            if (std::chrono::steady_clock::now() > deadline) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(40));
        }
        ADD_FAILURE() << "timed out waiting for " << what << "; screen:\n" << screen;
        return screen;
    }
    std::string wait_for(const std::string& text,
                         std::chrono::milliseconds limit = std::chrono::seconds(8)) const {
        return wait_until([&](const std::string& s) { return s.find(text) != std::string::npos; },
                          "'" + text + "'", limit);
    }
    std::string wait_for_all(const std::vector<std::string>& texts,
                             std::chrono::milliseconds limit = std::chrono::seconds(8)) const {
        std::string what;
        for (const auto& t : texts)
            what += "'" + t + "' ";
        return wait_until(
            [&](const std::string& s) {
                for (const auto& t : texts)
                    if (s.find(t) == std::string::npos) return false;
                return true;
            },
            what, limit);
    }

    // Sends a signal to edgetop itself (the pane's shell's child), as a supervisor, `kill` or a
    // closed SSH session would; false when it is not running.
    bool signal_program(int signo) const {
        std::string shell = shell_output(tmux() + " display -p -t 0 '#{pane_pid}'");
        shell.erase(shell.find_last_not_of(" \n") + 1);
        if (shell.empty()) return false;
        int status = -1;
        // By parent, not by name: under an emulator (qemu-user) the process is not named edgetop.
        // While edgetop runs it is the shell's one child.
        shell_output("pkill -" + std::to_string(signo) + " -P " + shell, &status);
        return status == 0;
    }

  private:
    std::string tmux() const { return "tmux -f /dev/null -L " + socket_; }

    std::string socket_;
    bool started_ = false;
};

// Skips the test when tmux is missing, fails it when the server cannot start.
#define EDGETOP_REQUIRE_TMUX()                                         \
    do {                                                               \
        if (!::edgetop::testing::tmux_available())                     \
            GTEST_SKIP() << "tmux is not installed: no terminal test"; \
    } while (0)

}  // namespace edgetop::testing
