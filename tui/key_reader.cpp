#include "tui/key_reader.hpp"

#include <string>

#include "tui/curses.hpp"

// The sequences are decoded here, not by terminfo, because TERM often names a different terminal
// than the one sending the keys (PuTTY or the linux console behind TERM=xterm, tmux behind
// TERM=screen): ECMA-48 gives the shape (CSI: ESC [ parameters final byte; SS3: ESC O byte), the
// table below the common meanings.
namespace edgetop::tui {
namespace {

struct Sequence {
    const char* body;  // after ESC
    int key;
};
constexpr Sequence kSequences[] = {
    {"[1~", KEY_HOME}, {"[7~", KEY_HOME}, {"[H", KEY_HOME},  {"OH", KEY_HOME},   {"[4~", KEY_END},
    {"[8~", KEY_END},  {"[F", KEY_END},   {"OF", KEY_END},   {"[5~", KEY_PPAGE}, {"[6~", KEY_NPAGE},
    {"[A", KEY_UP},    {"[B", KEY_DOWN},  {"[C", KEY_RIGHT}, {"[D", KEY_LEFT},   {"OA", KEY_UP},
    {"OB", KEY_DOWN},  {"OC", KEY_RIGHT}, {"OD", KEY_LEFT},  {"[Z", KEY_BTAB},
};

bool is_csi_final(int byte) {
    return byte >= 0x40 && byte <= 0x7E;
}

// Reads the rest of a sequence whose ESC was read; returns its bytes after ESC (a decoded curses
// key after ESC is Alt+that key and ends the sequence as a byte no table entry has).
std::string read_sequence(const std::function<int()>& next_byte) {
    std::string body;
    int first = next_byte();
    if (first == ERR) return body;
    if (first < 0 || first > 0x7F) return "\x7F";
    body += static_cast<char>(first);
    if (first == 'O') {
        int b = next_byte();
        if (b >= 0 && b <= 0x7F) body += static_cast<char>(b);
        return body;
    }
    if (first != '[') return body;  // Alt+key
    // CSI: parameter and intermediate bytes, then the final byte. The linux console's F1-F5 are
    // ESC [ [ A..E: a '[' right after CSI takes one more byte.
    for (int n = 0; n < 32; ++n) {
        int b = next_byte();
        if (b < 0 || b > 0x7F) return body;
        body += static_cast<char>(b);
        if (n == 0 && b == '[') continue;
        if (is_csi_final(b)) return body;
    }
    return body;
}

int decode(const std::string& body) {
    for (const auto& s : kSequences)
        if (body == s.body) return s.key;
    return kIgnoredKey;
}

}  // namespace

int normalize_key(int key) {
    switch (key) {
        case KEY_FIND:
        case KEY_A1:
            return KEY_HOME;
        case KEY_SELECT:
        case KEY_C1:
        case KEY_LL:
            return KEY_END;
        case KEY_A3:
            return KEY_PPAGE;
        case KEY_C3:
            return KEY_NPAGE;
        default:
            return key;
    }
}

int read_key(const KeySource& source) {
    int key = source.next();
    if (key != kEscapeKey) return key == ERR ? ERR : normalize_key(key);
    int second = source.next();
    if (second == ERR) return kEscapeKey;
    if (second == kEscapeKey) {
        // Alt with a sequence (ESC ESC [1~), or Esc typed twice.
        int third = source.next();
        if (third == '[' || third == 'O') {
            source.unread(third);
            read_sequence(source.next);
            return kIgnoredKey;
        }
        if (third != ERR) source.unread(third);
        source.unread(kEscapeKey);
        return kEscapeKey;
    }
    source.unread(second);
    std::string body = read_sequence(source.next);
    return decode(body);
}

}  // namespace edgetop::tui
