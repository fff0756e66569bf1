// One HTTP/1.x request head (request line and header fields, RFC 9112 sections 3 and 5) parsed
// from the bytes a client sent. Only what `edgetop serve` needs: the method, the path and query of
// the target (origin-form "/metrics?x" or absolute-form "http://host:9102/metrics?x"), the version,
// and the few header fields it acts on (a field that may appear once, Host or Authorization, twice
// is malformed, and so is an HTTP/1.1 request without Host). ASCII only: a byte above 0x7f in the
// request line is malformed. Hand-written because no HTTP library packaged for every target (Debian
// 11 to 13, Ubuntu 18.04 to 24.04) parses a request head without also bringing its own threads and
// server (see http_server.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace edgetop::exporter {

inline constexpr size_t kMaxHeaderBytes = 16384;  // request line and header fields together
inline constexpr int kMaxHeaderFields = 100;

struct HttpRequest {
    std::string method;     // "GET", "HEAD", ... as sent (methods are case-sensitive)
    std::string path;       // "/metrics": the target's path, without its query or authority
    std::string query;      // "since=5m": what follows the path's '?', as sent
    int minor_version = 1;  // HTTP/1.0 or HTTP/1.1
    std::string accept;     // every Accept field, joined with ", "
    std::string accept_encoding;
    std::string if_none_match;        // every If-None-Match field, joined with ", "
    std::optional<std::string> host;  // the Host field; HTTP/1.1 requires exactly one
    std::optional<std::string>
        authorization;        // the Authorization field ("Basic ...", "Bearer ...")
    bool keep_alive = false;  // what the client asked for (Connection field and version)
    bool has_body = false;    // Content-Length above 0 or any Transfer-Encoding
};

enum class HeadStatus { Complete, Incomplete, Malformed, TooLarge };

struct ParsedHead {
    HeadStatus status = HeadStatus::Incomplete;
    HttpRequest request;    // when Complete
    size_t head_bytes = 0;  // when Complete: the bytes the head took, blank line included
};

// Parses the head at the start of `data`. Incomplete while no blank line ends it within
// kMaxHeaderBytes; TooLarge past that or with more than kMaxHeaderFields fields.
ParsedHead parse_request_head(std::string_view data);

}  // namespace edgetop::exporter
