#include "tui/terminal.hpp"

#include <langinfo.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "sensors/core/text_scan.hpp"
#include "tui/locale_fallback.hpp"

namespace edgetop::tui {
namespace {

// A signal handler can only talk to the loop through static storage; this flag is the one
// piece of mutable static state in the view, written only by the handler.
volatile std::sig_atomic_t stop_signal = 0;

constexpr std::array kStopSignals = {SIGTERM, SIGHUP, SIGINT};
constexpr std::array kFatalSignals = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};

void on_stop(int signal) {
    stop_signal = signal;
}

// endwin() is not async-signal-safe, but after a fatal signal the process is going down anyway
// and a terminal left in raw mode is the worse outcome; htop does the same.
void on_fatal(int signal) {
    endwin();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

}  // namespace

bool is_utf8_codeset(const char* codeset) {
    if (!codeset) return false;
    std::string name;
    for (const char* p = codeset; *p; ++p)
        if (*p != '-' && *p != '_') name += ascii::to_lower(*p);
    return name == "utf8";
}

bool is_dumb_terminal(const char* term) {
    return !term || !*term || std::strcmp(term, "dumb") == 0;
}

bool is_console_without_braille(const char* term) {
    if (!term) return false;
    std::string name = term;
    auto family = [&](const char* prefix) {
        size_t n = std::strlen(prefix);
        return name.compare(0, n, prefix) == 0 && (name.size() == n || name[n] == '-');
    };
    bool vt = name.size() > 2 && name.compare(0, 2, "vt") == 0 && ascii::is_digit(name[2]);
    // GNU screen started on the console names itself "screen.linux" (when that entry exists).
    bool multiplexed_console = name.find(".linux") != std::string::npos;
    return family("linux") || name.compare(0, 5, "cons2") == 0 || vt || multiplexed_console;
}

Terminal::Opened Terminal::open(bool want_ascii, bool no_color, std::string& error) {
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        error = "the interactive view needs a terminal on stdin and stdout";
        return Opened::not_a_terminal;
    }
    const char* term = std::getenv("TERM");
    if (is_dumb_terminal(term)) {
        error = term && *term ? "terminal '" + std::string(term) + "' cannot show the view"
                              : "TERM is not set: the terminal cannot show the view";
        return Opened::cannot_drive;
    }
    // Only the character type: numeric formatting elsewhere must stay in the C locale.
    if (const char* current = std::setlocale(LC_CTYPE, nullptr)) saved_ctype_ = current;
    set_ctype_from_environment();
    ascii_ =
        want_ascii || !is_utf8_codeset(nl_langinfo(CODESET)) || is_console_without_braille(term);

    screen_ = newterm(nullptr, stdout, stdin);
    if (!screen_) screen_ = newterm("vt100", stdout, stdin);  // unknown TERM: still run
    // Without cursor addressing (a hardcopy or glass terminal) curses would draw a blank screen.
    if (screen_) {
        set_term(screen_);
        const char* cup = tigetstr(const_cast<char*>("cup"));
        if (!cup || cup == reinterpret_cast<const char*>(-1)) {
            endwin();
            delscreen(screen_);
            screen_ = nullptr;
        }
    }
    if (!screen_) {
        error = "terminal '" + std::string(term) + "' cannot show the view";
        if (!saved_ctype_.empty()) std::setlocale(LC_CTYPE, saved_ctype_.c_str());
        return Opened::cannot_drive;
    }
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    const char* no_color_env = std::getenv("NO_COLOR");
    bool color_off = no_color || (no_color_env && *no_color_env);
    color_ = !color_off && has_colors() && start_color() == OK;
    install_handlers();
    return Opened::ok;
}

Terminal::~Terminal() {
    if (!screen_) return;
    curs_set(1);
    // ncurses 6.2's delscreen leaves the colour pairs' search tree allocated (6.4 frees it);
    // resetting the pairs first empties it, so a leak check at exit stays quiet on both.
    if (color_) reset_color_pairs();
    endwin();
    delscreen(screen_);
    restore_handlers();
    if (!saved_ctype_.empty()) std::setlocale(LC_CTYPE, saved_ctype_.c_str());
}

bool Terminal::stop_requested() const {
    return stop_signal != 0;
}

void Terminal::install_handlers() {
    stop_signal = 0;
    size_t i = 0;
    struct sigaction action {};
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_stop;
    for (int s : kStopSignals)
        sigaction(s, &action, &saved_[i++]);
    action.sa_handler = on_fatal;
    action.sa_flags = SA_RESETHAND;
    for (int s : kFatalSignals)
        sigaction(s, &action, &saved_[i++]);
}

void Terminal::restore_handlers() {
    size_t i = 0;
    for (int s : kStopSignals)
        sigaction(s, &saved_[i++], nullptr);
    for (int s : kFatalSignals)
        sigaction(s, &saved_[i++], nullptr);
}

}  // namespace edgetop::tui
