// A small HTTP client for reading another edgetop's API: one GET over TCP, TLS (OpenSSL,
// verified against the system's CAs or a given CA file, and the host name) or a unix socket,
// bounded in the size of the answer and in total time. Written here rather than taken from
// libcurl, which no other part of edgetop needs: the server side (http_server.hpp) and TLS
// (tls_context.hpp) are already here, and the client needs one request form only.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "exporter/http_answer.hpp"
#include "exporter/sse_reader.hpp"

namespace edgetop::exporter {

struct HttpTarget {
    enum class Scheme { http, https, unix_socket };
    Scheme scheme = Scheme::http;
    std::string host;         // a name, an IPv4 address or an IPv6 one without brackets
    int port = 0;             // TCP only
    std::string socket_path;  // unix_socket only
    std::string path;         // the request target ("/api/v1/sample")
    std::string text;         // the URL as given, for messages
};

// http://HOST[:PORT][/PATH], https://... or unix:PATH; default_path where the URL has no path
// (or "/"). nullopt for anything else.
std::optional<HttpTarget> parse_http_target(std::string_view url, std::string_view default_path);

struct HttpClientLimits {
    std::size_t max_body_bytes = std::size_t{16} << 20;
    std::chrono::milliseconds total{10'000};
};

// What a secured serve asks of its clients (the same credentials `serve` accepts).
struct HttpCredentials {
    std::optional<std::string> ca_file;    // verify https against these CAs, not the system's
    std::optional<std::string> cert_file;  // a client certificate (PEM), with key_file
    std::optional<std::string> key_file;
    std::optional<std::string> authorization;  // the Authorization header's value
};

// "Basic base64(user:password)", RFC 7617.
std::string basic_authorization(std::string_view user, std::string_view password);

// One GET. Throws std::runtime_error with one line naming the URL and what went wrong ("cannot
// connect: Connection refused", "no complete answer within 10 s", "answer larger than 16 MiB",
// "certificate verify failed").
HttpReply http_get(const HttpTarget& target, const HttpClientLimits& limits,
                   const HttpCredentials& credentials = {});

struct HttpStreamLimits {
    std::chrono::milliseconds connect{10'000};  // until the answer's head is in
    std::chrono::milliseconds idle{30'000};     // at most between two reads, once streaming
    std::size_t max_event_bytes = std::size_t{4} << 20;
};

// An answer other than 200 to a stream's request, its status kept for the caller.
struct HttpStatusError : std::runtime_error {
    HttpStatusError(const std::string& what, int code) : std::runtime_error(what), status(code) {}
    int status;
};

// Ends, from another thread, the stream http_stream() reads: shuts its socket down, which wakes
// the read. Once stopped, http_stream() with it returns at once.
class HttpStreamStop {
  public:
    void stop();
    bool stopped();
    // http_stream()'s side: the socket to shut down (false when already stopped), then none.
    bool attach(int fd);
    void detach();

  private:
    std::mutex mutex_;
    int fd_ = -1;
    bool stopped_ = false;
};

// A GET of an event stream (/api/v1/stream): each event to on_event as it arrives, until `stop`
// is stopped (then it returns). Throws std::runtime_error with one line naming the URL and why
// the stream ended: the client's reasons, an answer other than 200 (HttpStatusError), the server
// ending it, nothing read within `idle`, an event larger than max_event_bytes.
void http_stream(const HttpTarget& target, const HttpStreamLimits& limits,
                 const HttpCredentials& credentials, HttpStreamStop& stop,
                 const std::function<void(SseEvent&)>& on_event);

}  // namespace edgetop::exporter
