// Owns the curses screen for the lifetime of the view and puts the terminal back on every way
// out: normal return, exception (destructor), SIGTERM/SIGHUP/SIGINT (a flag the loop checks) and
// fatal signals (a handler that calls endwin and re-raises).
#pragma once

#include <csignal>
#include <string>

#include "tui/curses.hpp"

namespace edgetop::tui {

class Terminal {
  public:
    Terminal() = default;
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;
    ~Terminal();

    // Sets LC_CTYPE from the environment, starts curses on stdin/stdout and installs the signal
    // handlers. On failure returns false with a reason and leaves the terminal untouched.
    bool open(bool want_ascii, bool no_color, std::string& error);
    bool ascii() const { return ascii_; }
    bool color() const { return color_; }
    int input_fd() const { return input_fd_; }
    // A stop signal (TERM, HUP, INT) arrived.
    bool stop_requested() const;

  private:
    void install_handlers();
    void restore_handlers();

    SCREEN* screen_ = nullptr;
    bool ascii_ = true;
    bool color_ = false;
    int input_fd_ = 0;
    std::string saved_ctype_;
    struct sigaction saved_[8] = {};
};

// Whether a locale codeset name is UTF-8 ("UTF-8", "utf8").
bool is_utf8_codeset(const char* codeset);

}  // namespace edgetop::tui
