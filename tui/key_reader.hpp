// Reads one key from curses, decoding the escape sequences curses hands over as ESC and loose
// bytes (terminfo does not know them for this TERM): Home/End/PgUp/PgDn of xterm, screen, tmux,
// PuTTY, rxvt and the linux console become KEY_HOME etc.; any other sequence, and Alt+key, becomes
// kIgnoredKey, which no key binding acts on; ESC with nothing after it is the Esc key.
#pragma once

#include <functional>

namespace edgetop::tui {

// A sequence that was read and deliberately dropped; distinct from ERR and every curses key.
inline constexpr int kIgnoredKey = -2;
inline constexpr int kEscapeKey = 27;

// Where keys come from: curses getch in nodelay mode (ERR when none is waiting) and ungetch.
struct KeySource {
    std::function<int()> next;
    std::function<void(int)> unread;  // the next `next` returns it (the last unread first)
};

// Returns ERR when nothing is waiting. ESC ESC not starting an Alt+sequence is Esc, the second
// ESC read again as a key of its own: Esc typed twice while the view was busy closes, never acts.
int read_key(const KeySource& source);

// Keys curses decodes under other names on some terminal types, as the key the view binds:
// KEY_FIND / KEY_SELECT (xterm's terminfo for ESC [1~ / ESC [4~) are Home / End, the keypad's
// corners (KEY_A1, KEY_C1, KEY_A3, KEY_C3) are Home, End, PgUp, PgDn.
int normalize_key(int key);

}  // namespace edgetop::tui
