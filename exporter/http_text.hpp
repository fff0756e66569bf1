// The two text rules HTTP header fields share (RFC 9110 section 5.6): optional whitespace is
// spaces and tabs only, and tokens (field names, media types, codings) compare case-insensitively.
#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

namespace edgetop::exporter::http_text {

inline std::string_view trim_ows(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

inline bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace edgetop::exporter::http_text
