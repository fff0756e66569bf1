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

    enum class Opened { ok, not_a_terminal, cannot_drive };
    // Sets LC_CTYPE from the environment, starts curses on stdin/stdout and installs the signal
    // handlers. On failure returns why with a one-line reason and leaves the terminal untouched:
    // cannot_drive for TERM unset, "dumb", a terminal without cursor addressing, or one curses
    // cannot start.
    Opened open(bool want_ascii, bool no_color, std::string& error);
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

// Whether TERM names a terminal the view can never draw on (unset, empty, "dumb"), before asking
// terminfo.
bool is_dumb_terminal(const char* term);

// Whether TERM names a text console whose font lacks braille and eighth blocks: the linux
// console ("linux", "linux-16color", ...), screen running on it ("screen.linux"), the BSD consoles
// ("cons25") and hardware VTs and serial consoles ("vt100", "vt220"). The view is drawn in ASCII
// there.
bool is_console_without_braille(const char* term);

}  // namespace edgetop::tui
