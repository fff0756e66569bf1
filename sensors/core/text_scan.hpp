// Scanning the text of procfs, sysfs and config files, and of network input: lines, tokens,
// trimming and ASCII character classes, each written once for every library above core.
// The classes are ASCII's whatever the locale (std::isalnum and std::tolower follow it).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace edgetop {

// White space as the kernel's and config files' text has it (and a NUL, which some sysfs
// attributes end with) trimmed from both ends.
std::string_view trim(std::string_view text);
// Splits text without copying: each call returns the next line (without its newline) or the
// next blank-separated token, and advances `text` past it.
std::string_view next_line(std::string_view& text);
std::string_view next_token(std::string_view& text);

namespace ascii {

constexpr bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

constexpr bool is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool is_alnum(char c) {
    return is_digit(c) || is_alpha(c);
}

constexpr char to_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

constexpr char to_upper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

inline std::string lowered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), to_lower);
    return out;
}

constexpr bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return to_lower(x) == to_lower(y);
           });
}

constexpr bool contains_ignoring_case(std::string_view text, std::string_view needle) {
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                       [](char x, char y) { return to_lower(x) == to_lower(y); }) != text.end();
}

// HTTP's optional white space (RFC 9110 section 5.6.3): spaces and tabs only.
inline std::string_view trim_ows(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

}  // namespace ascii

}  // namespace edgetop
