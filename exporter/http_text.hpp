// The text rules HTTP header fields share (RFC 9110 section 5.6): optional whitespace is spaces
// and tabs only, tokens (field names, media types, codings) compare case-insensitively, and every
// character class is ASCII's, whatever the locale (std::isalnum and std::tolower follow it).
#pragma once

#include <algorithm>
#include <string_view>

namespace edgetop::exporter::http_text {

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

inline std::string_view trim_ows(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

constexpr bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return to_lower(x) == to_lower(y);
           });
}

}  // namespace edgetop::exporter::http_text
