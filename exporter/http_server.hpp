// The HTTP/1.1 server of `edgetop serve`: one thread, one epoll loop over non-blocking sockets,
// answering each complete request head through a handler that never blocks (it only picks a
// ready body). Written here because no library packaged for every target does this well: Debian
// and Ubuntu's civetweb serves a fixed pool of threads that a few slow or idle clients can hold
// (issue 13), has no static archive for the static binary and no IPv6 in Debian's build, and is
// absent from Ubuntu 18.04; libmicrohttpd and Boost.Beast are heavier than the two pages served.
//
// Slow and idle clients cannot take what scrapes need: every connection has a deadline (a whole
// request head within header_timeout, the next request of a kept-alive connection within
// idle_timeout, some progress of a response within write_timeout), the number of connections is
// bounded overall and per client address, and a new connection over either bound closes the
// connection that has been idle longest (waiting for a request) or, when every one is being
// answered, the one whose answer has stalled longest (a client that does not read). A client
// that half-closes after its request (FIN) is answered, then closed.
//
// TLS (1.2 and 1.3, OpenSSL) runs inside the same loop: a connection whose context source gives a
// context first handshakes without blocking, within handshake_timeout from its accept, and counts
// in the limits like any other (a handshake that has not finished is as evictable as an idle
// reader), so clients that open TCP and never send a ClientHello, or stop halfway, cannot starve
// the others. An answer is written as TLS records; a closed TLS connection sends close_notify.
//
// Several listening sockets (TCP, and unix sockets: listen_address.hpp) are served by the one
// loop, with the same handler and limits. A unix socket's client counts under the per-address
// limit by its user (SO_PEERCRED): each local user is one "address", so one user's programs cannot
// take every slot from another's.
//
// An answer may be an event stream (event_stream.hpp): its head, without Content-Length, then
// every event published, until either side closes. Streaming connections are not evicted for new
// ones (their number has its own bound, beyond which the answer is 503); one whose unsent events
// pass the stream's byte bound, or whose events make no progress within write_timeout, is
// closed alone.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "exporter/event_stream.hpp"
#include "exporter/http_request.hpp"
#include "exporter/listen_address.hpp"

namespace edgetop::exporter {

struct HttpLimits {
    int max_connections = 512;
    int max_connections_per_address = 64;
    int max_requests_per_connection = 100;
    std::chrono::milliseconds handshake_timeout{3000};  // a whole TLS handshake, from the accept
    std::chrono::milliseconds header_timeout{3000};
    std::chrono::milliseconds idle_timeout{5000};
    std::chrono::milliseconds write_timeout{5000};  // without any progress
    std::chrono::milliseconds linger{1000};  // reading what a client still sends before a close
    int send_buffer_bytes = 65536;           // SO_SNDBUF of each connection (Linux doubles it)
};

// What a handler answers; the server adds Content-Length and Connection.
struct HttpAnswer {
    int status = 200;
    std::string_view content_type;
    std::string fields;  // further header fields, each ending in CRLF
    std::string_view body;
    std::shared_ptr<const void> owner;  // keeps `body` alive while it is written
    // Set: the body is this stream's events, as they are published (no Content-Length; the
    // connection closes when it ends). One HttpServer takes a stream's events.
    std::shared_ptr<EventStream> stream;
};

using HttpHandler = std::function<HttpAnswer(const HttpRequest&)>;

class TlsContext;
// Asked once for each accepted connection: the TLS context to handshake with (so a rotated
// certificate serves the next connection), or null for plain HTTP. When it throws, the
// connection is closed, never answered in plain HTTP.
using TlsContextSource = std::function<std::shared_ptr<const TlsContext>()>;

// The status line's reason phrase for the statuses this server sends.
std::string_view reason_phrase(int status);

class HttpServer {
  public:
    // Binds `address` and starts serving on a thread of its own (with every signal blocked).
    // Throws std::runtime_error("cannot listen on ADDR: REASON") when it cannot bind.
    HttpServer(const ListenAddress& address, HttpHandler handler, HttpLimits limits = {},
               TlsContextSource tls = {});
    // The same on every address (at least one, at most kMaxListeners); a unix socket's file is
    // removed when the server stops.
    HttpServer(const std::vector<ListenAddress>& addresses, HttpHandler handler,
               HttpLimits limits = {}, TlsContextSource tls = {});
    static constexpr size_t kMaxListeners = 64;
    // Stops the thread and closes every connection.
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // The port bound on the first address (0 for a unix socket).
    int port() const;
    // Every address as bound: port 0 replaced by the port chosen.
    const std::vector<ListenAddress>& addresses() const;

  private:
    class Loop;
    std::unique_ptr<Loop> loop_;
};

}  // namespace edgetop::exporter
