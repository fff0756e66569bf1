#include "exporter/http_server.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <list>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

#include "exporter/listen_socket.hpp"
#include "exporter/tls_context.hpp"
#include "exporter/unix_listen_socket.hpp"

namespace edgetop::exporter {

std::string_view reason_phrase(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 304:
            return "Not Modified";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 431:
            return "Request Header Fields Too Large";
        case 503:
            return "Service Unavailable";
        default:
            return "Internal Server Error";
    }
}

// Named, not anonymous: the server's members hold these types (and unity builds put this file
// beside others).
namespace http_loop {

using Clock = std::chrono::steady_clock;

// What a connection is doing; Closed ones wait for the end of the event batch to be freed.
// A Streaming one writes an event stream's head and events until either side closes.
enum class Phase { Handshaking, Reading, Writing, Lingering, Streaming, Closed };

// What one read or write on a connection gave: bytes, a wait for the socket to become readable
// or writable (a TLS read may need to write, a TLS write to read), the peer's end, or a failure.
enum class Io { Bytes, WantRead, WantWrite, End, Failed };
struct IoResult {
    Io io = Io::Failed;
    size_t bytes = 0;
};

// One gathering write without blocking (a closed peer is Failed, never SIGPIPE).
inline IoResult send_parts(int fd, iovec* parts, size_t count) {
    msghdr message{};
    message.msg_iov = parts;
    message.msg_iovlen = count;
    for (;;) {
        ssize_t n = ::sendmsg(fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) return {Io::Bytes, static_cast<size_t>(n)};
        if (n < 0 && errno == EINTR) continue;
        return {n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? Io::WantWrite : Io::Failed};
    }
}

struct SslFree {
    void operator()(SSL* ssl) const { SSL_free(ssl); }
};

struct Connection {
    uint64_t id = 0;
    int fd = -1;
    std::string peer;  // the client's address bytes: the key of the per-address limit
    Phase phase = Phase::Reading;
    bool request_started = false;  // bytes of the next request have come
    bool peer_closed = false;      // the client half-closed (FIN): no further bytes will come
    int requests = 0;
    Clock::time_point deadline;     // with the id, the connection's key in Loop::deadlines_
    Clock::time_point write_until;  // the latest a whole response may take
    std::string in;                 // bytes of requests not yet answered
    std::string head;               // the response being written
    std::string_view body;
    std::shared_ptr<const void> body_owner;
    size_t sent = 0;
    bool close_after = false;
    uint32_t events = 0;                    // what epoll watches
    size_t lingered = 0;                    // bytes read and dropped after the answer
    std::shared_ptr<const TlsContext> tls;  // TLS connections only
    std::unique_ptr<SSL, SslFree> ssl;      // from the first byte of the handshake on
    bool tls_failed = false;                // a fatal TLS error: no close_notify may follow
    // Streaming only: the events not yet written whole (the first one from `stream_sent` on).
    std::shared_ptr<EventStream> stream;
    std::deque<StreamEvent> stream_queue;
    size_t stream_sent = 0;
    size_t stream_bytes = 0;  // unsent bytes in stream_queue
};

uint32_t interest(Io io) {
    return io == Io::WantWrite ? EPOLLOUT : EPOLLIN;
}

// A unix socket's client is its user: "u" and the uid's bytes, a key no IP address has (4 or 16
// bytes).
std::string peer_key(const sockaddr_storage& address, int fd) {
    if (address.ss_family == AF_UNIX) {
        ucred credentials{};
        socklen_t size = sizeof credentials;
        if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0)
            credentials.uid = static_cast<uid_t>(-1);
        return "u" +
               std::string(reinterpret_cast<const char*>(&credentials.uid), sizeof credentials.uid);
    }
    if (address.ss_family == AF_INET6) {
        const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address).sin6_addr;
        return std::string(reinterpret_cast<const char*>(&v6), sizeof v6);
    }
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address).sin_addr;
    return std::string(reinterpret_cast<const char*>(&v4), sizeof v4);
}

// The epoll keys: the stop event, the listeners, the event streams' wake-ups, then connections.
constexpr uint64_t kStopId = 0;
constexpr uint64_t kFirstListenerId = 1;
constexpr uint64_t kFirstStreamId = kFirstListenerId + HttpServer::kMaxListeners;
constexpr uint64_t kMaxStreams = 64;
constexpr uint64_t kFirstConnectionId = kFirstStreamId + kMaxStreams;
constexpr std::chrono::milliseconds kAcceptPause{100};
constexpr size_t kMaxLingerBytes = 1 << 20;
constexpr size_t kTlsRecordBytes = 16384;  // the most plaintext one TLS record carries

}  // namespace http_loop

class HttpServer::Loop {
    using Clock = http_loop::Clock;
    using Connection = http_loop::Connection;
    using Phase = http_loop::Phase;

  public:
    Loop(const std::vector<ListenAddress>& addresses, HttpHandler handler, HttpLimits limits,
         TlsContextSource tls)
        : handler_(std::move(handler)), limits_(limits), tls_source_(std::move(tls)) {
        if (addresses.empty() || addresses.size() > HttpServer::kMaxListeners)
            throw std::runtime_error("cannot listen: from 1 to " +
                                     std::to_string(HttpServer::kMaxListeners) + " addresses");
        try {
            for (const auto& address : addresses) {
                Listener listener{-1, address, {}};
                if (address.is_unix())
                    listener.fd = open_unix_listen_socket(address, listener.file);
                else
                    listener.fd = open_listen_socket(address, listener.address.port);
                listeners_.push_back(std::move(listener));
            }
        } catch (...) {
            close_fds();
            throw;
        }
        epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
        stop_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (epoll_fd_ < 0 || stop_fd_ < 0) {
            close_fds();
            throw std::runtime_error("cannot listen on " + addresses.front().text() +
                                     ": no epoll or eventfd");
        }
        for (size_t i = 0; i < listeners_.size(); ++i)
            watch(listeners_[i].fd, http_loop::kFirstListenerId + i, EPOLL_CTL_ADD, EPOLLIN);
        watch(stop_fd_, http_loop::kStopId, EPOLL_CTL_ADD, EPOLLIN);
        for (const auto& listener : listeners_)
            addresses_.push_back(listener.address);
        thread_ = std::thread([this] { run(); });
    }

    ~Loop() {
        uint64_t one = 1;
        if (::write(stop_fd_, &one, sizeof one) < 0) std::perror("edgetop: stopping the server");
        thread_.join();
        for (auto* list : {&waiting_, &writing_, &streaming_})
            for (auto& connection : *list)
                ::close(connection.fd);
        for (auto& stream : streams_)
            ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, stream->wake_fd(), nullptr);
        close_fds();
    }

    int port() const { return addresses_.front().port; }
    const std::vector<ListenAddress>& addresses() const { return addresses_; }

  private:
    using Iterator = std::list<Connection>::iterator;

    struct Listener {
        int fd = -1;
        ListenAddress address;
        UnixSocketFile file;  // a unix socket's
    };

    void close_fds() {
        for (const auto& listener : listeners_) {
            ::close(listener.fd);
            listener.file.remove();
        }
        for (int fd : {epoll_fd_, stop_fd_})
            if (fd >= 0) ::close(fd);
    }

    void watch(int fd, uint64_t id, int operation, uint32_t events) {
        epoll_event event{};
        event.events = events;
        event.data.u64 = id;
        ::epoll_ctl(epoll_fd_, operation, fd, &event);
    }

    void run() {
        sigset_t all;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, nullptr);
        try {
            serve();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "edgetop: the HTTP server stopped: %s\n", e.what());
        }
    }

    void serve() {
        std::vector<epoll_event> events(64);
        for (;;) {
            int ready =
                ::epoll_wait(epoll_fd_, events.data(), static_cast<int>(events.size()), wait_ms());
            if (ready < 0 && errno != EINTR) throw std::runtime_error("epoll_wait failed");
            for (int i = 0; i < ready; ++i) {
                uint64_t id = events[i].data.u64;
                if (id == http_loop::kStopId) return;
                if (id < http_loop::kFirstStreamId) {
                    accept_all(listeners_[id - http_loop::kFirstListenerId].fd);
                    continue;
                }
                if (id < http_loop::kFirstConnectionId) {
                    deliver(*streams_[id - http_loop::kFirstStreamId]);
                    continue;
                }
                auto found = by_id_.find(id);
                if (found == by_id_.end() || found->second->phase == Phase::Closed) continue;
                Connection& connection = *found->second;
                if (events[i].events & (EPOLLERR | EPOLLHUP) &&
                    !(events[i].events & (EPOLLIN | EPOLLOUT))) {
                    close(connection);
                } else if (connection.phase == Phase::Streaming) {
                    stream_events(connection, events[i].events);
                } else if (connection.phase == Phase::Writing) {
                    advance(connection);
                } else {
                    read_from(connection);
                }
            }
            expire();
            closed_.clear();
        }
    }

    // Milliseconds until the next deadline (or the end of a pause in accepting).
    int wait_ms() const {
        auto next = deadlines_.empty() ? Clock::time_point::max() : deadlines_.begin()->first;
        if (accept_paused_) next = std::min(next, accept_resume_);
        if (next == Clock::time_point::max()) return -1;
        auto left = std::chrono::ceil<std::chrono::milliseconds>(next - Clock::now());
        return static_cast<int>(std::clamp<int64_t>(left.count(), 0, 60000));
    }

    void schedule(Connection& connection, Clock::time_point deadline) {
        deadlines_.erase({connection.deadline, connection.id});
        connection.deadline = deadline;
        deadlines_.emplace(deadline, connection.id);
    }

    // Closes the connections past their deadline: the earliest first, without visiting the others.
    void expire() {
        auto now = Clock::now();
        if (accept_paused_ && now >= accept_resume_) {
            accept_paused_ = false;
            for (size_t i = 0; i < listeners_.size(); ++i)
                watch(listeners_[i].fd, http_loop::kFirstListenerId + i, EPOLL_CTL_MOD, EPOLLIN);
        }
        while (!deadlines_.empty() && deadlines_.begin()->first <= now)
            close(*by_id_.at(deadlines_.begin()->second));
    }

    void accept_all(int listen_fd) {
        for (;;) {
            sockaddr_storage address{};
            socklen_t size = sizeof address;
            int fd = ::accept4(listen_fd, reinterpret_cast<sockaddr*>(&address), &size,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) {
                if (errno == EINTR || errno == ECONNABORTED) continue;
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                    // Out of descriptors: free one, or wait a little.
                    if (evict(nullptr)) continue;
                    pause_accepting();
                }
                return;
            }
            std::string peer = http_loop::peer_key(address, fd);
            auto same_address = per_address_.find(peer);
            bool room =
                (same_address == per_address_.end() ||
                 same_address->second < limits_.max_connections_per_address || evict(&peer)) &&
                (live_ < limits_.max_connections || evict(nullptr));
            if (!room) {
                ::close(fd);
                continue;
            }
            add(fd, std::move(peer));
        }
    }

    void pause_accepting() {
        accept_paused_ = true;
        accept_resume_ = Clock::now() + http_loop::kAcceptPause;
        for (size_t i = 0; i < listeners_.size(); ++i)
            watch(listeners_[i].fd, http_loop::kFirstListenerId + i, EPOLL_CTL_MOD, 0);
    }

    // Makes room for a new connection (of `peer`, when given) by closing the one that holds a
    // slot for the least reason: the one idle longest (waiting for a request, or lingering),
    // else the answer stalled longest (a client that does not read what it asked for).
    bool evict(const std::string* peer) {
        for (auto* list : {&waiting_, &writing_}) {
            for (auto& connection : *list) {
                if (peer && connection.peer != *peer) continue;
                close(connection);
                return true;
            }
        }
        return false;
    }

    void add(int fd, std::string peer) {
        std::shared_ptr<const TlsContext> tls;
        if (tls_source_) {
            auto context = tls_context();
            if (!context) {
                ::close(fd);
                return;
            }
            tls = std::move(*context);
        }
        // A bounded kernel buffer: a client that does not read stalls its answer early, where
        // eviction can see it, instead of holding megabytes of the machine's memory.
        int send_buffer = limits_.send_buffer_bytes;
        ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &send_buffer, sizeof send_buffer);
        if (tls) {
            // An answer is several writes (a record each), not one sendmsg: without this, the
            // last one waits for the client's delayed acknowledgement (40 ms).
            int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        }
        ++per_address_[peer];
        ++live_;
        Connection& connection = waiting_.emplace_back();
        connection.id = next_id_++;
        connection.fd = fd;
        connection.peer = std::move(peer);
        by_id_[connection.id] = std::prev(waiting_.end());
        connection.events = EPOLLIN;
        watch(fd, connection.id, EPOLL_CTL_ADD, EPOLLIN);
        if (tls) {
            connection.tls = std::move(tls);
            connection.phase = Phase::Handshaking;
        }
        schedule(connection, Clock::now() + (connection.tls ? limits_.handshake_timeout
                                                            : limits_.header_timeout));
        // A client usually sends its request with the connection: answer it now, before a
        // later connection in this batch could find this one idle.
        read_from(connection);
    }

    // The TLS context for a new connection, null when the source gives none (plain HTTP);
    // nullopt when the source failed: the connection is closed, never answered in plain HTTP.
    std::optional<std::shared_ptr<const TlsContext>> tls_context() {
        try {
            return tls_source_();
        } catch (const std::exception& e) {
            if (tls_problem_ != e.what()) {
                tls_problem_ = e.what();
                std::fprintf(stderr, "edgetop: no TLS: %s\n", e.what());
            }
            return std::nullopt;
        }
    }

    void set_events(Connection& connection, uint32_t events) {
        if (connection.events == events) return;
        connection.events = events;
        watch(connection.fd, connection.id, EPOLL_CTL_MOD, events);
    }

    // Moves the connection to the end of `list`: the most recently active of its kind.
    void move_to_end(Connection& connection, std::list<Connection>& list) {
        auto at = by_id_.find(connection.id);
        if (at != by_id_.end()) list.splice(list.end(), list_of(connection), at->second);
    }

    std::list<Connection>& list_of(const Connection& connection) {
        switch (connection.phase) {
            case Phase::Writing:
                return writing_;
            case Phase::Closed:
                return closed_;
            case Phase::Streaming:
                return streaming_;
            default:
                return waiting_;
        }
    }

    // Runs the TLS handshake as far as the socket allows; a finished one reads the request.
    void handshake(Connection& connection) {
        if (!connection.ssl) {
            // The SSL object (kilobytes) is made once the ClientHello begins: a client that
            // connects and sends nothing holds none.
            char first = 0;
            ssize_t n = ::recv(connection.fd, &first, 1, MSG_PEEK);
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
            if (n > 0) connection.ssl.reset(SSL_new(connection.tls->native()));
            if (!connection.ssl || SSL_set_fd(connection.ssl.get(), connection.fd) != 1) {
                close(connection);  // closed before a byte, or no memory
                return;
            }
            SSL_set_accept_state(connection.ssl.get());
        }
        ERR_clear_error();
        int result = SSL_do_handshake(connection.ssl.get());
        if (result == 1) {
            connection.phase = Phase::Reading;
            schedule(connection, Clock::now() + limits_.header_timeout);
            set_events(connection, EPOLLIN);
            read_from(connection);
            return;
        }
        switch (SSL_get_error(connection.ssl.get(), result)) {
            case SSL_ERROR_WANT_READ:
                set_events(connection, EPOLLIN);
                return;
            case SSL_ERROR_WANT_WRITE:
                set_events(connection, EPOLLOUT);
                return;
            default:
                connection.tls_failed = true;
                close(connection);
        }
    }

    // Reads at most `room` bytes of the request stream: the socket's, or what TLS decrypts (a
    // lingering connection's bytes are dropped unread, TLS or not).
    http_loop::IoResult receive(Connection& connection, char* buffer, size_t room) {
        using http_loop::Io;
        if (!connection.ssl || connection.phase == Phase::Lingering) {
            for (;;) {
                ssize_t n = ::recv(connection.fd, buffer, room, 0);
                if (n > 0) return {Io::Bytes, static_cast<size_t>(n)};
                if (n == 0) return {Io::End};
                if (errno == EINTR) continue;
                return {errno == EAGAIN || errno == EWOULDBLOCK ? Io::WantRead : Io::Failed};
            }
        }
        ERR_clear_error();
        size_t got = 0;
        if (SSL_read_ex(connection.ssl.get(), buffer, room, &got) == 1) return {Io::Bytes, got};
        return tls_failure(connection, SSL_get_error(connection.ssl.get(), 0));
    }

    static http_loop::IoResult tls_failure(Connection& connection, int error) {
        using http_loop::Io;
        switch (error) {
            case SSL_ERROR_WANT_READ:
                return {Io::WantRead};
            case SSL_ERROR_WANT_WRITE:
                return {Io::WantWrite};
            case SSL_ERROR_ZERO_RETURN:  // close_notify
                return {Io::End};
            case SSL_ERROR_SYSCALL:
                connection.tls_failed = true;
                // OpenSSL 1.1 reports a close without close_notify so.
                return {ERR_peek_error() == 0 && errno == 0 ? Io::End : Io::Failed};
            default:
                connection.tls_failed = true;
                return {Io::Failed};
        }
    }

    void read_from(Connection& connection) {
        using http_loop::Io;
        if (connection.phase == Phase::Handshaking) {
            handshake(connection);
            return;
        }
        char buffer[16384];
        bool progressed = false;
        for (;;) {
            size_t room = sizeof buffer;
            if (connection.phase == Phase::Reading) {
                // Never hold more than one head's worth: a longer head is refused anyway.
                if (connection.in.size() > kMaxHeaderBytes) break;
                room = std::min(room, kMaxHeaderBytes + 1 - connection.in.size());
            }
            auto [io, n] = receive(connection, buffer, room);
            if (io == Io::Bytes) {
                progressed = true;
                if (connection.phase == Phase::Lingering) {
                    connection.lingered += n;
                    if (connection.lingered > http_loop::kMaxLingerBytes) break;
                    continue;
                }
                connection.in.append(buffer, n);
                if (!connection.request_started) {
                    connection.request_started = true;
                    schedule(connection, Clock::now() + limits_.header_timeout);
                }
                continue;
            }
            if (io == Io::WantRead || io == Io::WantWrite) {
                set_events(connection, http_loop::interest(io));
                break;
            }
            if (io == Io::End && connection.phase == Phase::Reading) {
                // A FIN after a request (the client's shutdown(SHUT_WR)) still gets the answer:
                // advance() answers what came, then closes.
                connection.peer_closed = true;
                break;
            }
            close(connection);  // an error, or the end of a lingering connection
            return;
        }
        if (progressed) move_to_end(connection, waiting_);
        if (connection.phase == Phase::Lingering &&
            connection.lingered > http_loop::kMaxLingerBytes)
            close(connection);
        if (connection.phase == Phase::Reading) advance(connection);
    }

    // Answers complete requests and writes answers until the connection must wait.
    void advance(Connection& connection) {
        for (;;) {
            if (connection.phase == Phase::Reading && !take_request(connection)) {
                // Nothing more can complete a request once the client closed its side.
                if (connection.peer_closed) close(connection);
                return;
            }
            if (connection.phase != Phase::Writing || !write_some(connection)) return;
        }
    }

    // Turns the next complete head into an answer being written; false while none is complete.
    bool take_request(Connection& connection) {
        ParsedHead parsed = parse_request_head(connection.in);
        switch (parsed.status) {
            case HeadStatus::Incomplete:
                return false;
            case HeadStatus::Malformed:
                respond(connection, error_answer(400), false, false);
                return true;
            case HeadStatus::TooLarge:
                respond(connection, error_answer(431), false, false);
                return true;
            case HeadStatus::Complete:
                break;
        }
        connection.in.erase(0, parsed.head_bytes);
        ++connection.requests;
        const HttpRequest& request = parsed.request;
        // A body is never read, so a request with one ends the connection; so does the last
        // complete request of a client that half-closed.
        bool keep_alive = request.keep_alive && !request.has_body &&
                          connection.requests < limits_.max_requests_per_connection &&
                          (!connection.peer_closed ||
                           parse_request_head(connection.in).status == HeadStatus::Complete);
        HttpAnswer answer;
        try {
            answer = handler_(request);
        } catch (const std::exception&) {
            answer = error_answer(500);
        }
        respond(connection, std::move(answer), keep_alive, request.method == "HEAD");
        return true;
    }

    static HttpAnswer error_answer(int status) {
        HttpAnswer answer;
        answer.status = status;
        answer.content_type = "text/plain; charset=utf-8";
        answer.body = status == 400   ? "bad request\n"
                      : status == 431 ? "request header fields too large\n"
                                      : "internal server error\n";
        return answer;
    }

    void respond(Connection& connection, HttpAnswer answer, bool keep_alive, bool head_only) {
        if (answer.stream) {
            if (!head_only) {
                start_stream(connection, std::move(answer));
                return;
            }
            answer.stream.reset();  // HEAD: the head alone, as an empty answer
        }
        std::string& head = connection.head;
        head.clear();
        head += "HTTP/1.1 ";
        head += std::to_string(answer.status);
        head += ' ';
        head += reason_phrase(answer.status);
        head += "\r\n";
        if (!answer.content_type.empty()) {
            head += "Content-Type: ";
            head += answer.content_type;
            head += "\r\n";
        }
        head += answer.fields;
        // A 304 has no body, and a Content-Length there would be the unsent 200's (RFC 9110
        // section 8.6).
        if (answer.status != 304) {
            head += "Content-Length: ";
            head += std::to_string(answer.body.size());
            head += "\r\n";
        }
        head += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
        connection.body = head_only ? std::string_view() : answer.body;
        if (connection.ssl) {
            // One TLS record for the head and the body's start: a record of its own for the head
            // would cost a seal and a send per answer (a scrape's body often fits whole).
            size_t start = std::min(
                connection.body.size(),
                http_loop::kTlsRecordBytes - std::min(http_loop::kTlsRecordBytes, head.size()));
            head.append(connection.body.substr(0, start));
            connection.body.remove_prefix(start);
        }
        connection.body_owner = std::move(answer.owner);
        connection.sent = 0;
        connection.close_after = !keep_alive;
        move_to_end(connection, writing_);
        connection.phase = Phase::Writing;
        auto now = Clock::now();
        connection.write_until = now + 6 * limits_.write_timeout;
        schedule(connection, now + limits_.write_timeout);
    }

    // Answers with an event stream: its head now, then every event it publishes (deliver()).
    // Beyond the stream's bound on clients, or on streams, the answer is 503.
    void start_stream(Connection& connection, HttpAnswer answer) {
        auto stream = std::move(answer.stream);
        if (!watch_stream(stream) || !stream->attach()) {
            HttpAnswer busy;
            busy.status = 503;
            busy.content_type = "text/plain; charset=utf-8";
            busy.fields = "Retry-After: 10\r\n";
            busy.body = "too many event stream clients\n";
            respond(connection, std::move(busy), false, false);
            return;
        }
        std::string head = "HTTP/1.1 200 OK\r\nContent-Type: ";
        head += answer.content_type;
        head += "\r\n";
        head += answer.fields;
        head += "Connection: close\r\n\r\n";
        connection.stream = std::move(stream);
        connection.stream_bytes = head.size();
        connection.stream_queue.push_back(std::make_shared<const std::string>(std::move(head)));
        connection.stream_sent = 0;
        connection.in.clear();  // nothing more is read as a request
        move_to_end(connection, streaming_);
        connection.phase = Phase::Streaming;
        unschedule(connection);
        // Each event is one write: it must not wait for the acknowledgement of the previous one.
        int one = 1;
        ::setsockopt(connection.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        write_stream(connection);
    }

    // Watches the stream's wake-up from its first client on; false when too many streams.
    bool watch_stream(const std::shared_ptr<EventStream>& stream) {
        if (std::find(streams_.begin(), streams_.end(), stream) != streams_.end()) return true;
        if (streams_.size() >= http_loop::kMaxStreams) return false;
        watch(stream->wake_fd(), http_loop::kFirstStreamId + streams_.size(), EPOLL_CTL_ADD,
              EPOLLIN);
        streams_.push_back(stream);
        return true;
    }

    void unschedule(Connection& connection) {
        deadlines_.erase({connection.deadline, connection.id});
        connection.deadline = {};
    }

    // Hands the events published since the last wake-up to the stream's clients: a client whose
    // unsent bytes would pass the bound is closed, the others are written to.
    void deliver(EventStream& stream) {
        std::vector<StreamEvent> events = stream.take();
        std::vector<Connection*> clients;
        for (auto& connection : streaming_)
            if (connection.stream.get() == &stream) clients.push_back(&connection);
        const size_t bound = stream.limits().max_buffered_bytes;
        for (Connection* connection : clients) {
            for (const auto& event : events) {
                connection->stream_bytes += event->size();
                connection->stream_queue.push_back(event);
                if (connection->stream_bytes <= bound) continue;
                // Past the bound only when the socket takes no more of it now.
                write_stream(*connection);
                if (connection->phase != Phase::Streaming) break;
                if (connection->stream_bytes > bound) {
                    close(*connection);
                    break;
                }
            }
            if (connection->phase == Phase::Streaming) write_stream(*connection);
        }
    }

    // A streaming connection's socket event: what the client sends is read and dropped (its end
    // closes the connection), then the events are written as far as the socket takes them.
    void stream_events(Connection& connection, uint32_t ready) {
        using http_loop::Io;
        if (ready & EPOLLIN) {
            char buffer[4096];
            for (size_t read = 0; read < http_loop::kMaxLingerBytes;) {
                auto [io, n] = receive(connection, buffer, sizeof buffer);
                if (io == Io::Bytes) {
                    read += n;
                    continue;
                }
                if (io == Io::End || io == Io::Failed) {
                    close(connection);
                    return;
                }
                break;
            }
        }
        write_stream(connection);
    }

    http_loop::IoResult send_stream(Connection& connection) {
        using http_loop::Io;
        if (connection.ssl) {
            const std::string& event = *connection.stream_queue.front();
            ERR_clear_error();
            size_t wrote = 0;
            if (SSL_write_ex(connection.ssl.get(), event.data() + connection.stream_sent,
                             event.size() - connection.stream_sent, &wrote) == 1)
                return {Io::Bytes, wrote};
            return tls_failure(connection, SSL_get_error(connection.ssl.get(), 0));
        }
        constexpr size_t kMaxParts = 16;
        iovec iov[kMaxParts];
        size_t count = 0;
        for (const auto& event : connection.stream_queue) {
            if (count == kMaxParts) break;
            size_t skip = count == 0 ? connection.stream_sent : 0;
            iov[count++] = {const_cast<char*>(event->data()) + skip, event->size() - skip};
        }
        return http_loop::send_parts(connection.fd, iov, count);
    }

    // Writes queued events until the socket is full; a queue that makes no progress for
    // write_timeout closes the connection (expire()); an empty one has no deadline.
    void write_stream(Connection& connection) {
        using http_loop::Io;
        bool progressed = false;
        while (!connection.stream_queue.empty()) {
            auto [io, n] = send_stream(connection);
            if (io == Io::Bytes) {
                progressed = true;
                connection.stream_bytes -= n;
                connection.stream_sent += n;
                while (!connection.stream_queue.empty() &&
                       connection.stream_sent >= connection.stream_queue.front()->size()) {
                    connection.stream_sent -= connection.stream_queue.front()->size();
                    connection.stream_queue.pop_front();
                }
                continue;
            }
            if (io == Io::WantRead || io == Io::WantWrite) {
                bool scheduled = deadlines_.count({connection.deadline, connection.id}) != 0;
                if (progressed || !scheduled)
                    schedule(connection, Clock::now() + limits_.write_timeout);
                set_events(connection, EPOLLIN | http_loop::interest(io));
                return;
            }
            close(connection);
            return;
        }
        unschedule(connection);
        set_events(connection, EPOLLIN);
    }

    // One write of what is left of the answer: head and body in one sendmsg (the body is not
    // copied), or over TLS the head (which carries the body's start) or the body.
    http_loop::IoResult send_some(Connection& connection) {
        using http_loop::Io;
        size_t sent = connection.sent;
        std::string_view parts[2] = {connection.head, connection.body};
        if (sent < parts[0].size()) {
            parts[0].remove_prefix(sent);
        } else {
            parts[1].remove_prefix(sent - parts[0].size());
            parts[0] = {};
        }
        if (connection.ssl) {
            std::string_view part = parts[0].empty() ? parts[1] : parts[0];
            ERR_clear_error();
            size_t wrote = 0;
            if (SSL_write_ex(connection.ssl.get(), part.data(), part.size(), &wrote) == 1)
                return {Io::Bytes, wrote};
            return tls_failure(connection, SSL_get_error(connection.ssl.get(), 0));
        }
        iovec iov[2];
        size_t count = 0;
        for (std::string_view part : parts)
            if (!part.empty()) iov[count++] = {const_cast<char*>(part.data()), part.size()};
        return http_loop::send_parts(connection.fd, iov, count);
    }

    // Writes what the socket takes; true when the answer is complete and the connection reads
    // again, false when it waits for the socket or was closed.
    bool write_some(Connection& connection) {
        size_t total = connection.head.size() + connection.body.size();
        bool progressed = false;
        while (connection.sent < total) {
            auto [io, n] = send_some(connection);
            if (io == http_loop::Io::Bytes) {
                connection.sent += n;
                progressed = true;
                continue;
            }
            if (io == http_loop::Io::WantRead || io == http_loop::Io::WantWrite) {
                if (progressed) {
                    // The answers stalled longest stay first in line for eviction.
                    move_to_end(connection, writing_);
                    schedule(connection, std::min(Clock::now() + limits_.write_timeout,
                                                  connection.write_until));
                }
                set_events(connection, http_loop::interest(io));
                return false;
            }
            close(connection);
            return false;
        }
        connection.body_owner.reset();
        connection.body = {};
        move_to_end(connection, waiting_);
        connection.phase = connection.close_after ? Phase::Lingering : Phase::Reading;
        if (connection.close_after) {
            linger(connection);
            return false;
        }
        connection.request_started = !connection.in.empty();
        schedule(connection, Clock::now() + (connection.request_started ? limits_.header_timeout
                                                                        : limits_.idle_timeout));
        set_events(connection, EPOLLIN);
        return true;
    }

    // Ends the answer with a FIN and reads what the client still sends for a moment, so that a
    // close with unread bytes does not reset the connection before the client read the answer.
    void linger(Connection& connection) {
        notify_close(connection);
        ::shutdown(connection.fd, SHUT_WR);
        connection.in.clear();
        connection.in.shrink_to_fit();
        set_events(connection, EPOLLIN);
        schedule(connection, Clock::now() + limits_.linger);
        read_from(connection);
    }

    // TLS's close_notify, once, where the session is sound; best effort (a full socket buffer
    // drops it, as the close that follows would).
    static void notify_close(Connection& connection) {
        SSL* ssl = connection.ssl.get();
        if (!ssl || connection.tls_failed || !SSL_is_init_finished(ssl) ||
            (SSL_get_shutdown(ssl) & SSL_SENT_SHUTDOWN))
            return;
        ERR_clear_error();
        SSL_shutdown(ssl);
        ERR_clear_error();
    }

    // A closed connection leaves by_id_ (later events of the batch skip it) but stays in closed_
    // until the batch ends: the functions that closed it still hold it.
    void close(Connection& connection) {
        if (connection.phase == Phase::Closed) return;
        notify_close(connection);
        connection.ssl.reset();
        connection.tls.reset();
        ::close(connection.fd);  // also removes it from the epoll set
        connection.fd = -1;
        deadlines_.erase({connection.deadline, connection.id});
        connection.body_owner.reset();
        if (connection.stream) {
            connection.stream->detach();
            connection.stream.reset();
            connection.stream_queue.clear();
        }
        auto count = per_address_.find(connection.peer);
        if (count != per_address_.end() && --count->second == 0) per_address_.erase(count);
        --live_;
        move_to_end(connection, closed_);
        connection.phase = Phase::Closed;
        by_id_.erase(connection.id);
    }

    HttpHandler handler_;
    HttpLimits limits_;
    TlsContextSource tls_source_;
    std::string tls_problem_;  // the source's last failure, said once
    std::vector<Listener> listeners_;
    std::vector<ListenAddress> addresses_;               // as bound
    std::vector<std::shared_ptr<EventStream>> streams_;  // each watched from its first client on
    int epoll_fd_ = -1;
    int stop_fd_ = -1;
    // Every connection is in one list: waiting_ (reading or lingering, least recently active
    // first), writing_ (answer least recently progressed first), streaming_ (never evicted) or
    // closed_ (freed after the batch); by_id_ finds it.
    std::list<Connection> waiting_;
    std::list<Connection> writing_;
    std::list<Connection> streaming_;
    std::list<Connection> closed_;
    std::unordered_map<uint64_t, Iterator> by_id_;
    std::set<std::pair<Clock::time_point, uint64_t>> deadlines_;  // earliest first
    std::unordered_map<std::string, int> per_address_;
    int live_ = 0;
    uint64_t next_id_ = http_loop::kFirstConnectionId;
    bool accept_paused_ = false;
    Clock::time_point accept_resume_;
    std::thread thread_;
};

HttpServer::HttpServer(const ListenAddress& address, HttpHandler handler, HttpLimits limits,
                       TlsContextSource tls)
    : HttpServer(std::vector<ListenAddress>{address}, std::move(handler), limits, std::move(tls)) {}

HttpServer::HttpServer(const std::vector<ListenAddress>& addresses, HttpHandler handler,
                       HttpLimits limits, TlsContextSource tls)
    : loop_(std::make_unique<Loop>(addresses, std::move(handler), limits, std::move(tls))) {}

HttpServer::~HttpServer() = default;

int HttpServer::port() const {
    return loop_->port();
}

const std::vector<ListenAddress>& HttpServer::addresses() const {
    return loop_->addresses();
}

}  // namespace edgetop::exporter
