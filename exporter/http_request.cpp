#include "exporter/http_request.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others with helpers of these names.
namespace request_head {

using ascii::is_alnum;  // ASCII's: a byte above 0x7f is never part of a token or a target

bool is_token_char(char c) {
    static constexpr std::string_view kSpecials = "!#$%&'*+-.^_`|~";
    return is_alnum(c) || kSpecials.find(c) != std::string_view::npos;
}

bool is_token(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), is_token_char);
}

// Whether a comma-separated field value (Connection) holds `option`.
bool lists(std::string_view value, std::string_view option) {
    while (!value.empty()) {
        size_t comma = value.find(',');
        if (ascii::equals_ignoring_case(ascii::trim_ows(value.substr(0, comma)), option))
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

// The characters of a URI host other than letters and digits: reg-name's unreserved and
// sub-delims and percent-encoding, and an IP literal's brackets, colons and dots (RFC 3986
// section 3.2.2).
bool is_host_char(char c) {
    static constexpr std::string_view kOthers = "-._~!$&'()*+,;=%[]:";
    return is_alnum(c) || kOthers.find(c) != std::string_view::npos;
}

// Whether `authority` is "host" or "host:port" with a host (RFC 9110 section 4.2.1 and 4.2.4:
// an http URI has a host and no userinfo).
bool is_authority(std::string_view authority) {
    if (authority.empty() || !std::all_of(authority.begin(), authority.end(), is_host_char))
        return false;
    std::string_view host = authority;
    size_t colon = authority.rfind(':');
    if (colon != std::string_view::npos && authority.find(']', colon) == std::string_view::npos) {
        std::string_view port = authority.substr(colon + 1);
        if (port.size() > 5 || !std::all_of(port.begin(), port.end(), ascii::is_digit))
            return false;
        host = authority.substr(0, colon);
    }
    if (host.empty()) return false;
    if (host.front() == '[')
        return host.size() > 2 && host.back() == ']' &&
               host.find_first_of("[]", 1) == host.size() - 1;
    return host.find_first_of("[]:") == std::string_view::npos;
}

// The path and query of an absolute-form target ("http://host:9102/metrics?x", RFC 9112
// section 3.2.2, which a server must accept): "/" when the URI has no path; nullopt unless it is
// an http or https URI with a valid authority.
std::optional<std::string_view> absolute_form_path(std::string_view target) {
    size_t scheme_end = target.find("://");
    if (scheme_end == std::string_view::npos) return std::nullopt;
    std::string_view scheme = target.substr(0, scheme_end);
    if (!ascii::equals_ignoring_case(scheme, "http") &&
        !ascii::equals_ignoring_case(scheme, "https"))
        return std::nullopt;
    std::string_view rest = target.substr(scheme_end + 3);
    size_t path_start = rest.find_first_of("/?");
    if (!is_authority(rest.substr(0, path_start))) return std::nullopt;
    // "http://host?x": the path "/", its query lost (no client sends it).
    if (path_start == std::string_view::npos || rest[path_start] == '?') return "/";
    return rest.substr(path_start);
}

bool parse_request_line(std::string_view line, HttpRequest& request) {
    size_t first = line.find(' ');
    if (first == std::string_view::npos) return false;
    size_t second = line.find(' ', first + 1);
    if (second == std::string_view::npos) return false;
    std::string_view method = line.substr(0, first);
    std::string_view target = line.substr(first + 1, second - first - 1);
    std::string_view version = line.substr(second + 1);
    if (!is_token(method) || target.empty()) return false;
    if (std::any_of(target.begin(), target.end(), [](char c) {
            return static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 0x7f;
        }))
        return false;
    std::string_view path = target;
    if (target.front() != '/') {
        auto absolute = absolute_form_path(target);
        if (!absolute) return false;
        path = *absolute;
    }
    if (version == "HTTP/1.1")
        request.minor_version = 1;
    else if (version == "HTTP/1.0")
        request.minor_version = 0;
    else
        return false;
    request.method = std::string(method);
    size_t question = path.find('?');
    request.path = std::string(path.substr(0, question));
    if (question != std::string_view::npos) request.query = std::string(path.substr(question + 1));
    return true;
}

enum class FieldResult { Ok, Malformed, TooLarge };

// A field that may appear once (Host, Authorization): a second one makes the request malformed.
bool take_single(std::optional<std::string>& field, std::string_view value) {
    if (field) return false;
    field = std::string(value);
    return true;
}

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
        std::string_view value = ascii::trim_ows(line.substr(colon + 1));
        if (std::any_of(value.begin(), value.end(), [](char c) { return c == '\r' || c == 0; }))
            return FieldResult::Malformed;
        if (ascii::equals_ignoring_case(name, "Accept")) {
            if (!request.accept.empty()) request.accept += ", ";
            request.accept += value;
        } else if (ascii::equals_ignoring_case(name, "Accept-Encoding")) {
            if (!request.accept_encoding.empty()) request.accept_encoding += ", ";
            request.accept_encoding += value;
        } else if (ascii::equals_ignoring_case(name, "If-None-Match")) {
            if (!request.if_none_match.empty()) request.if_none_match += ", ";
            request.if_none_match += value;
        } else if (ascii::equals_ignoring_case(name, "Connection")) {
            close = close || lists(value, "close");
            keep_alive = keep_alive || lists(value, "keep-alive");
        } else if (ascii::equals_ignoring_case(name, "Host")) {
            // Empty where the target has no authority (RFC 9112 section 3.2), else host[:port].
            if (!take_single(request.host, value) || (!value.empty() && !is_authority(value)))
                return FieldResult::Malformed;
        } else if (ascii::equals_ignoring_case(name, "Authorization")) {
            if (!take_single(request.authorization, value)) return FieldResult::Malformed;
        } else if (ascii::equals_ignoring_case(name, "Transfer-Encoding")) {
            request.has_body = true;
        } else if (ascii::equals_ignoring_case(name, "Content-Length")) {
            unsigned long long length = 0;
            auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
            if (error != std::errc() || end != value.data() + value.size())
                return FieldResult::Malformed;
            if (length > 0) request.has_body = true;
        }
    }
    // RFC 9112 section 3.2: a server must answer 400 to an HTTP/1.1 request without Host.
    if (request.minor_version == 1 && !request.host) return FieldResult::Malformed;
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
