// Text that came from a file (a rail, zone, chip, host, process or GPU name, a board or software
// string, a line of a log) made safe to print on a terminal: nothing in it can move the cursor,
// change colours, retitle the window or reorder what follows. Every text output (the snapshot,
// report, warnings, the view) shows such text through terminal_safe().
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace edgetop::text {

// The code point of the valid UTF-8 sequence at text[i] and its length in bytes; nullopt for a
// byte that does not start one (a stray or truncated sequence, an overlong form, a surrogate,
// beyond U+10FFFF).
struct CodePoint {
    char32_t value = 0;
    std::size_t length = 0;
};
std::optional<CodePoint> utf8_code_point(std::string_view text, std::size_t i);

// A code point that drives a terminal or the direction of the text after it: C0 controls
// (NUL, ESC, tab, newline...), DEL, C1 controls (U+0080..U+009F) and the Unicode bidi controls
// (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069).
bool is_control_code_point(char32_t cp);

// text with every control code point written as an escape, "\x1b" for C0 and DEL, "\u202e" for
// C1 and bidi controls, and every byte that is not valid UTF-8 as "\xff"; everything else as it
// is. A backslash stays as it is, so terminal_safe(terminal_safe(x)) == terminal_safe(x).
std::string terminal_safe(std::string_view text);

}  // namespace edgetop::text
