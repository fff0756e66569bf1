#include "exporter/http_client.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

namespace edgetop::exporter {

namespace {

using Clock = std::chrono::steady_clock;

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

// Milliseconds left before deadline, rounded up (a poll that returns with a fraction of a
// millisecond left is not the deadline); throws once it has passed.
int left_ms(Clock::time_point deadline, const HttpClientLimits& limits) {
    auto left = deadline - Clock::now();
    if (left <= Clock::duration::zero())
        throw Failure(fmt::format("no complete answer within {:g} s",
                                  static_cast<double>(limits.total.count()) / 1000));
    return static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
}

void wait_for(int fd, short events, Clock::time_point deadline, const HttpClientLimits& limits) {
    for (;;) {
        pollfd p{fd, events, 0};
        int n = ::poll(&p, 1, left_ms(deadline, limits));
        if (n > 0) return;
        if (n < 0 && errno != EINTR) throw Failure(fmt::format("poll: {}", std::strerror(errno)));
    }
}

// A non-blocking socket connected to one address, within the deadline.
int connect_to(const sockaddr* address, socklen_t size, Clock::time_point deadline,
               const HttpClientLimits& limits, std::string& error) {
    int fd = ::socket(address->sa_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        error = std::strerror(errno);
        return -1;
    }
    if (::connect(fd, address, size) == 0) return fd;
    if (errno != EINPROGRESS) {
        error = std::strerror(errno);
        ::close(fd);
        return -1;
    }
    try {
        wait_for(fd, POLLOUT, deadline, limits);
    } catch (...) {
        ::close(fd);
        throw;
    }
    int so_error = 0;
    socklen_t length = sizeof so_error;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &length);
    if (so_error != 0) {
        error = std::strerror(so_error);
        ::close(fd);
        return -1;
    }
    return fd;
}

int open_connection(const HttpTarget& target, Clock::time_point deadline,
                    const HttpClientLimits& limits) {
    std::string error;
    if (target.scheme == HttpTarget::Scheme::unix_socket) {
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        if (target.socket_path.size() >= sizeof address.sun_path)
            throw Failure("socket path too long");
        std::memcpy(address.sun_path, target.socket_path.c_str(), target.socket_path.size() + 1);
        int fd = connect_to(reinterpret_cast<sockaddr*>(&address), sizeof address, deadline, limits,
                            error);
        if (fd < 0) throw Failure(fmt::format("cannot connect: {}", error));
        return fd;
    }
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    std::string port = std::to_string(target.port);
    if (int rc = ::getaddrinfo(target.host.c_str(), port.c_str(), &hints, &found); rc != 0)
        throw Failure(fmt::format("cannot resolve {}: {}", target.host, ::gai_strerror(rc)));
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> addresses(found, ::freeaddrinfo);
    for (const addrinfo* a = found; a; a = a->ai_next) {
        int fd = connect_to(a->ai_addr, a->ai_addrlen, deadline, limits, error);
        if (fd >= 0) return fd;
    }
    throw Failure(fmt::format("cannot connect: {}", error));
}

std::string tls_error() {
    unsigned long code = ERR_get_error();
    if (code == 0) return "TLS handshake failed";
    char text[256];
    ERR_error_string_n(code, text, sizeof text);
    // "error:0A000086:SSL routines::certificate verify failed": its reason.
    std::string_view whole(text);
    auto colon = whole.rfind(':');
    return std::string(colon == std::string_view::npos ? whole : whole.substr(colon + 1));
}

// The byte stream of one connection: plain or TLS, every call within the deadline.
class Stream {
  public:
    Stream(int fd, const HttpTarget& target, const HttpCredentials& credentials,
           Clock::time_point deadline, const HttpClientLimits& limits)
        : fd_(fd), deadline_(deadline), limits_(&limits) {
        if (target.scheme != HttpTarget::Scheme::https) return;
        context_.reset(SSL_CTX_new(TLS_client_method()));
        if (!context_) throw Failure(tls_error());
        SSL_CTX_set_min_proto_version(context_.get(), TLS1_2_VERSION);
        SSL_CTX_set_verify(context_.get(), SSL_VERIFY_PEER, nullptr);
        const auto& ca_file = credentials.ca_file;
        bool loaded =
            ca_file ? SSL_CTX_load_verify_locations(context_.get(), ca_file->c_str(), nullptr) == 1
                    : SSL_CTX_set_default_verify_paths(context_.get()) == 1;
        if (!loaded)
            throw Failure(fmt::format("cannot load the CA certificates{}{}: {}",
                                      ca_file ? " of " : "", ca_file.value_or(""), tls_error()));
        if (credentials.cert_file && credentials.key_file &&
            (SSL_CTX_use_certificate_chain_file(context_.get(), credentials.cert_file->c_str()) !=
                 1 ||
             SSL_CTX_use_PrivateKey_file(context_.get(), credentials.key_file->c_str(),
                                         SSL_FILETYPE_PEM) != 1 ||
             SSL_CTX_check_private_key(context_.get()) != 1))
            throw Failure(fmt::format("cannot use the client certificate {} and key {}: {}",
                                      *credentials.cert_file, *credentials.key_file, tls_error()));
        ssl_.reset(SSL_new(context_.get()));
        if (!ssl_ || SSL_set_fd(ssl_.get(), fd) != 1) throw Failure(tls_error());
        // An address is checked against the certificate's IP names and sent without SNI (RFC
        // 6066 names hosts only); OpenSSL before 3.0 takes SSL_set1_host's argument as a DNS name.
        const std::string& host = target.host;  // an IPv6 address without its brackets
        in6_addr address{};
        bool literal = inet_pton(AF_INET, host.c_str(), &address) == 1 ||
                       inet_pton(AF_INET6, host.c_str(), &address) == 1;
        bool named =
            literal ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl_.get()), host.c_str()) == 1
                    : SSL_set_tlsext_host_name(ssl_.get(), host.c_str()) == 1 &&
                          SSL_set1_host(ssl_.get(), host.c_str()) == 1;
        if (!named) throw Failure(tls_error());
        for (;;) {
            ERR_clear_error();
            int rc = SSL_connect(ssl_.get());
            if (rc == 1) break;
            wait_tls(rc, "TLS handshake");
        }
    }

    void write_all(std::string_view data) {
        while (!data.empty()) {
            long n = 0;
            if (ssl_) {
                ERR_clear_error();
                int rc = SSL_write(ssl_.get(), data.data(), static_cast<int>(data.size()));
                if (rc <= 0) {
                    wait_tls(rc, "send");
                    continue;
                }
                n = rc;
            } else {
                n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
                if (n < 0) {
                    if (errno == EAGAIN || errno == EINTR) {
                        wait_for(fd_, POLLOUT, deadline_, *limits_);
                        continue;
                    }
                    throw Failure(fmt::format("send: {}", std::strerror(errno)));
                }
            }
            data.remove_prefix(static_cast<std::size_t>(n));
        }
    }

    // Appends what arrives to out; false at the end of the stream.
    bool read_some(std::string& out) {
        char buffer[16384];
        for (;;) {
            if (ssl_) {
                ERR_clear_error();
                int rc = SSL_read(ssl_.get(), buffer, sizeof buffer);
                if (rc > 0) {
                    out.append(buffer, static_cast<std::size_t>(rc));
                    return true;
                }
                int code = SSL_get_error(ssl_.get(), rc);
                if (code == SSL_ERROR_ZERO_RETURN) return false;
                // A peer that closes without close_notify ends the answer as plain TCP would.
                if (code == SSL_ERROR_SYSCALL && ERR_peek_error() == 0) return false;
                wait_tls(rc, "receive");
                continue;
            }
            long n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n > 0) {
                out.append(buffer, static_cast<std::size_t>(n));
                return true;
            }
            if (n == 0) return false;
            if (errno == EAGAIN || errno == EINTR) {
                wait_for(fd_, POLLIN, deadline_, *limits_);
                continue;
            }
            throw Failure(fmt::format("receive: {}", std::strerror(errno)));
        }
    }

    // Every call from now on within the new deadline.
    void set_deadline(Clock::time_point deadline, const HttpClientLimits& limits) {
        deadline_ = deadline;
        limits_ = &limits;
    }

  private:
    void wait_tls(int rc, std::string_view what) {
        int code = SSL_get_error(ssl_.get(), rc);
        if (code == SSL_ERROR_WANT_READ)
            wait_for(fd_, POLLIN, deadline_, *limits_);
        else if (code == SSL_ERROR_WANT_WRITE)
            wait_for(fd_, POLLOUT, deadline_, *limits_);
        else
            throw Failure(fmt::format("{}: {}", what, tls_error()));
    }

    struct ContextFree {
        void operator()(SSL_CTX* c) const { SSL_CTX_free(c); }
    };
    struct SslFree {
        void operator()(SSL* s) const { SSL_free(s); }
    };
    int fd_;
    Clock::time_point deadline_;
    const HttpClientLimits* limits_;
    std::unique_ptr<SSL_CTX, ContextFree> context_;
    std::unique_ptr<SSL, SslFree> ssl_;
};

// HTTP/1.0: the answer is never chunked and ends with the connection.
std::string request_text(const HttpTarget& target, const HttpCredentials& credentials,
                         std::string_view accept) {
    std::string host = target.scheme == HttpTarget::Scheme::unix_socket ? "localhost"
                       : target.host.find(':') != std::string::npos
                           ? fmt::format("[{}]:{}", target.host, target.port)
                           : fmt::format("{}:{}", target.host, target.port);
    return fmt::format(
        "GET {} HTTP/1.0\r\nHost: {}\r\nUser-Agent: edgetop\r\nAccept: {}\r\n"
        "Accept-Encoding: identity\r\nConnection: close\r\n{}\r\n",
        target.path, host, accept,
        credentials.authorization ? fmt::format("Authorization: {}\r\n", *credentials.authorization)
                                  : std::string());
}

HttpReply exchange(const HttpTarget& target, const HttpClientLimits& limits,
                   const HttpCredentials& credentials) {
    auto deadline = Clock::now() + limits.total;
    Fd fd(open_connection(target, deadline, limits));
    Stream stream(fd.get(), target, credentials, deadline, limits);
    stream.write_all(request_text(target, credentials, "application/json"));

    HttpAnswerReader answer(limits.max_body_bytes);
    std::string data;
    while (stream.read_some(data)) {
        if (answer.add(data)) break;
        data.clear();
    }
    return answer.finish();
}

// The socket stays attached to `stop` for the stream's life: detached before it is closed.
class StopAttachment {
  public:
    StopAttachment(HttpStreamStop& stop, int fd) : stop_(stop), attached_(stop.attach(fd)) {}
    ~StopAttachment() {
        if (attached_) stop_.detach();
    }
    StopAttachment(const StopAttachment&) = delete;
    StopAttachment& operator=(const StopAttachment&) = delete;
    bool attached() const { return attached_; }

  private:
    HttpStreamStop& stop_;
    bool attached_;
};

void stream_exchange(const HttpTarget& target, const HttpStreamLimits& limits,
                     const HttpCredentials& credentials, HttpStreamStop& stop,
                     const std::function<void(SseEvent&)>& on_event) {
    const HttpClientLimits head_limits{limits.max_event_bytes, limits.connect};
    const HttpClientLimits idle_limits{limits.max_event_bytes, limits.idle};
    if (stop.stopped()) return;
    auto deadline = Clock::now() + limits.connect;
    Fd fd(open_connection(target, deadline, head_limits));
    StopAttachment attachment(stop, fd.get());
    if (!attachment.attached()) return;
    std::string body;
    try {
        Stream stream(fd.get(), target, credentials, deadline, head_limits);
        stream.write_all(request_text(target, credentials, "text/event-stream"));
        HttpAnswerReader answer(limits.max_event_bytes);
        std::string data;
        while (!answer.has_head()) {
            if (!stream.read_some(data)) answer.finish();  // throws: no complete head
            answer.add(data);
            data.clear();
        }
        if (answer.status() != 200)
            throw HttpStatusError(fmt::format("{}: answered {}", target.text, answer.status()),
                                  answer.status());
        SseReader events(limits.max_event_bytes);
        body = answer.take_body();
        for (;;) {
            events.add(body, on_event);
            body.clear();
            stream.set_deadline(Clock::now() + limits.idle, idle_limits);
            if (!stream.read_some(body)) throw Failure("the stream ended");
        }
    } catch (const std::runtime_error&) {
        if (stop.stopped()) return;
        throw;
    }
}

}  // namespace

void HttpStreamStop::stop() {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    if (fd_ >= 0) ::shutdown(fd_, SHUT_RDWR);
}

bool HttpStreamStop::stopped() {
    std::lock_guard lock(mutex_);
    return stopped_;
}

bool HttpStreamStop::attach(int fd) {
    std::lock_guard lock(mutex_);
    if (stopped_) return false;
    fd_ = fd;
    return true;
}

void HttpStreamStop::detach() {
    std::lock_guard lock(mutex_);
    fd_ = -1;
}

void http_stream(const HttpTarget& target, const HttpStreamLimits& limits,
                 const HttpCredentials& credentials, HttpStreamStop& stop,
                 const std::function<void(SseEvent&)>& on_event) {
    try {
        stream_exchange(target, limits, credentials, stop, on_event);
    } catch (const HttpStatusError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("{}: {}", target.text, e.what()));
    }
}

std::optional<HttpTarget> parse_http_target(std::string_view url, std::string_view default_path) {
    HttpTarget target;
    target.text = std::string(url);
    target.path = std::string(default_path);
    if (url.starts_with("unix:")) {
        target.scheme = HttpTarget::Scheme::unix_socket;
        target.socket_path = std::string(url.substr(5));
        if (target.socket_path.empty()) return std::nullopt;
        return target;
    }
    std::string_view rest;
    if (url.starts_with("http://")) {
        rest = url.substr(7);
        target.port = 80;
    } else if (url.starts_with("https://")) {
        target.scheme = HttpTarget::Scheme::https;
        rest = url.substr(8);
        target.port = 443;
    } else {
        return std::nullopt;
    }
    auto slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    if (slash != std::string_view::npos && rest.substr(slash) != "/")
        target.path = std::string(rest.substr(slash));
    std::string_view port;
    if (authority.starts_with("[")) {
        auto close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        target.host = std::string(authority.substr(1, close - 1));
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':') return std::nullopt;
            port = after.substr(1);
        }
    } else {
        auto colon = authority.find(':');
        target.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
    }
    if (target.host.empty() || target.host.find('@') != std::string::npos) return std::nullopt;
    if (!port.empty() || authority.ends_with(":")) {
        if (port.empty() || port.size() > 5) return std::nullopt;
        int value = 0;
        for (char c : port) {
            if (c < '0' || c > '9') return std::nullopt;
            value = value * 10 + (c - '0');
        }
        if (value < 1 || value > 65535) return std::nullopt;
        target.port = value;
    }
    return target;
}

std::string basic_authorization(std::string_view user, std::string_view password) {
    std::string plain = fmt::format("{}:{}", user, password);
    std::string encoded(4 * ((plain.size() + 2) / 3) + 1, '\0');
    int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(encoded.data()),
                                 reinterpret_cast<const unsigned char*>(plain.data()),
                                 static_cast<int>(plain.size()));
    encoded.resize(static_cast<std::size_t>(length));
    return "Basic " + encoded;
}

HttpReply http_get(const HttpTarget& target, const HttpClientLimits& limits,
                   const HttpCredentials& credentials) {
    try {
        return exchange(target, limits, credentials);
    } catch (const std::runtime_error& e) {  // Failure or HttpAnswerError: one line, named
        throw std::runtime_error(fmt::format("{}: {}", target.text, e.what()));
    }
}

}  // namespace edgetop::exporter
