#include "exporter/http_request.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "exporter/http_text.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others with helpers of these names.
namespace request_head {

bool is_token_char(char c) {
    static constexpr std::string_view kSpecials = "!#$%&'*+-.^_`|~";
    return std::isalnum(static_cast<unsigned char>(c)) ||
           kSpecials.find(c) != std::string_view::npos;
}

bool is_token(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), is_token_char);
}

// Whether a comma-separated field value (Connection) holds `option`.
bool lists(std::string_view value, std::string_view option) {
    while (!value.empty()) {
        size_t comma = value.find(',');
        if (http_text::equals_ignoring_case(http_text::trim_ows(value.substr(0, comma)), option))
            return true;
        if (comma == std::string_view::npos) break;
        value.remove_prefix(comma + 1);
    }
    return false;
}

// The end of the head: just past the first empty line (CRLF CRLF, or bare LFs as RFC 9112
// section 2.2 allows a recipient to accept); npos while there is none.
size_t end_of_head(std::string_view data) {
    for (size_t at = data.find('\n'); at != std::string_view::npos; at = data.find('\n', at + 1)) {
        size_t next = at + 1;
        if (next < data.size() && data[next] == '\n') return next + 1;
        if (next + 1 < data.size() && data[next] == '\r' && data[next + 1] == '\n') return next + 2;
    }
    return std::string_view::npos;
}

bool parse_request_line(std::string_view line, HttpRequest& request) {
    size_t first = line.find(' ');
    if (first == std::string_view::npos) return false;
    size_t second = line.find(' ', first + 1);
    if (second == std::string_view::npos) return false;
    std::string_view method = line.substr(0, first);
    std::string_view target = line.substr(first + 1, second - first - 1);
    std::string_view version = line.substr(second + 1);
    if (!is_token(method) || target.empty() || target.front() != '/') return false;
    if (std::any_of(target.begin(), target.end(),
                    [](char c) { return static_cast<unsigned char>(c) <= ' ' || c == 0x7f; }))
        return false;
    if (version == "HTTP/1.1")
        request.minor_version = 1;
    else if (version == "HTTP/1.0")
        request.minor_version = 0;
    else
        return false;
    request.method = std::string(method);
    request.path = std::string(target.substr(0, target.find('?')));
    return true;
}

enum class FieldResult { Ok, Malformed, TooLarge };

FieldResult parse_fields(std::string_view fields, HttpRequest& request) {
    int count = 0;
    bool close = false;
    bool keep_alive = false;
    while (!fields.empty()) {
        size_t newline = fields.find('\n');
        std::string_view line = fields.substr(0, newline);
        fields.remove_prefix(newline == std::string_view::npos ? fields.size() : newline + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) break;  // the blank line that ends the head
        if (++count > kMaxHeaderFields) return FieldResult::TooLarge;
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) return FieldResult::Malformed;
        // A name must be a token right before the colon: no folded lines, no space (section 5.1).
        std::string_view name = line.substr(0, colon);
        if (!is_token(name)) return FieldResult::Malformed;
        std::string_view value = http_text::trim_ows(line.substr(colon + 1));
        if (std::any_of(value.begin(), value.end(), [](char c) { return c == '\r' || c == 0; }))
            return FieldResult::Malformed;
        if (http_text::equals_ignoring_case(name, "Accept")) {
            if (!request.accept.empty()) request.accept += ", ";
            request.accept += value;
        } else if (http_text::equals_ignoring_case(name, "Accept-Encoding")) {
            if (!request.accept_encoding.empty()) request.accept_encoding += ", ";
            request.accept_encoding += value;
        } else if (http_text::equals_ignoring_case(name, "Connection")) {
            close = close || lists(value, "close");
            keep_alive = keep_alive || lists(value, "keep-alive");
        } else if (http_text::equals_ignoring_case(name, "Transfer-Encoding")) {
            request.has_body = true;
        } else if (http_text::equals_ignoring_case(name, "Content-Length")) {
            unsigned long long length = 0;
            auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
            if (error != std::errc() || end != value.data() + value.size())
                return FieldResult::Malformed;
            if (length > 0) request.has_body = true;
        }
    }
    request.keep_alive = request.minor_version == 1 ? !close : keep_alive && !close;
    return FieldResult::Ok;
}

}  // namespace request_head

ParsedHead parse_request_head(std::string_view data) {
    using namespace request_head;
    ParsedHead parsed;
    size_t end = end_of_head(data.substr(0, std::min(data.size(), kMaxHeaderBytes)));
    if (end == std::string_view::npos) {
        parsed.status =
            data.size() >= kMaxHeaderBytes ? HeadStatus::TooLarge : HeadStatus::Incomplete;
        return parsed;
    }
    std::string_view head = data.substr(0, end);
    // Empty lines before the request line are ignored (RFC 9112 section 2.2).
    while (!head.empty() && (head.front() == '\r' || head.front() == '\n'))
        head.remove_prefix(1);
    size_t newline = head.find('\n');
    std::string_view line = head.substr(0, newline);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (newline == std::string_view::npos || !parse_request_line(line, parsed.request)) {
        parsed.status = HeadStatus::Malformed;
        return parsed;
    }
    switch (parse_fields(head.substr(newline + 1), parsed.request)) {
        case FieldResult::Ok:
            parsed.status = HeadStatus::Complete;
            parsed.head_bytes = end;
            break;
        case FieldResult::Malformed:
            parsed.status = HeadStatus::Malformed;
            break;
        case FieldResult::TooLarge:
            parsed.status = HeadStatus::TooLarge;
            break;
    }
    return parsed;
}

}  // namespace edgetop::exporter
