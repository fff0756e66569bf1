// A minimal HTTP/1.0 client over a loopback socket for the exporter's tests (test code only: the
// exporter has its own server, exporter/http_server.hpp). Every call is bounded by a deadline.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>

namespace edgetop::testing {

struct HttpResponse {
    int status = 0;
    std::string head;  // status line and headers
    std::string body;
};

// A connected TCP socket to 127.0.0.1:port (or [::1]:port), closed on destruction; -1 when the
// connect failed.
class LoopbackSocket {
  public:
    explicit LoopbackSocket(int port, bool ipv6 = false) {
        fd_ = ::socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_storage storage{};
        socklen_t size = 0;
        if (ipv6) {
            auto* address = reinterpret_cast<sockaddr_in6*>(&storage);
            address->sin6_family = AF_INET6;
            address->sin6_port = htons(static_cast<uint16_t>(port));
            address->sin6_addr = in6addr_loopback;
            size = sizeof *address;
        } else {
            auto* address = reinterpret_cast<sockaddr_in*>(&storage);
            address->sin_family = AF_INET;
            address->sin_port = htons(static_cast<uint16_t>(port));
            address->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            size = sizeof *address;
        }
        if (fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&storage), size) != 0) {
            ::close(fd_);
            fd_ = -1;
        }
    }
    // A TCP socket to 127.0.0.1:port from the local address `from` (any of 127.0.0.0/8), with a
    // receive buffer of `receive_buffer` bytes when above 0 (set before connecting, so the window
    // the server sees is that small). Fails (ok() false) where `from` cannot be bound.
    // (A C string, not std::string: a string literal would otherwise choose the constructor above.)
    LoopbackSocket(int port, const char* from, int receive_buffer = 0) {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd_ < 0) return;
        if (receive_buffer > 0)
            ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
        sockaddr_in source{};
        source.sin_family = AF_INET;
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::inet_pton(AF_INET, from, &source.sin_addr) != 1 ||
            ::bind(fd_, reinterpret_cast<sockaddr*>(&source), sizeof source) != 0 ||
            ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            ::close(fd_);
            fd_ = -1;
        }
    }
    ~LoopbackSocket() {
        if (fd_ >= 0) ::close(fd_);
    }
    LoopbackSocket(const LoopbackSocket&) = delete;
    LoopbackSocket& operator=(const LoopbackSocket&) = delete;

    bool ok() const { return fd_ >= 0; }
    // Sends a FIN: the request is complete, the reading side stays open (shutdown(SHUT_WR)).
    bool shutdown_write() const { return ::shutdown(fd_, SHUT_WR) == 0; }
    // Whether the first bytes of an answer came within `limit`; false when none came or the
    // server closed the connection without one. Reads nothing.
    bool answer_begins_within(std::chrono::milliseconds limit) const {
        pollfd p{fd_, POLLIN, 0};
        char byte = 0;
        return ::poll(&p, 1, static_cast<int>(limit.count())) == 1 &&
               ::recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 1;
    }
    bool send(const std::string& data) const {
        size_t done = 0;
        while (done < data.size()) {
            ssize_t n = ::send(fd_, data.data() + done, data.size() - done, MSG_NOSIGNAL);
            if (n <= 0) return false;
            done += static_cast<size_t>(n);
        }
        return true;
    }
    // Reads until the peer closes or the time is up; `closed` tells which.
    std::string read_until_closed(std::chrono::milliseconds limit, bool& closed) const {
        auto deadline = std::chrono::steady_clock::now() + limit;
        std::string data;
        closed = false;
        for (;;) {
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return data;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
            char buffer[65536];
            ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n <= 0) {
                closed = true;
                return data;
            }
            data.append(buffer, static_cast<size_t>(n));
        }
    }

    // Reads one response whose body length is given by Content-Length (a kept-alive
    // connection); nullopt when it is not complete in time.
    std::optional<std::string> read_response(std::chrono::milliseconds limit) {
        auto deadline = std::chrono::steady_clock::now() + limit;
        for (;;) {
            auto end_of_head = pending_.find("\r\n\r\n");
            if (end_of_head != std::string::npos) {
                auto length_at = pending_.find("Content-Length: ");
                if (length_at != std::string::npos && length_at < end_of_head) {
                    size_t length = std::stoul(pending_.substr(length_at + 16));
                    size_t total = end_of_head + 4 + length;
                    if (pending_.size() >= total) {
                        std::string response = pending_.substr(0, total);
                        pending_.erase(0, total);
                        return response;
                    }
                }
            }
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return std::nullopt;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
            char buffer[65536];
            ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n <= 0) return std::nullopt;
            pending_.append(buffer, static_cast<size_t>(n));
        }
    }

  private:
    int fd_ = -1;
    std::string pending_;  // bytes read past the last response of read_response
};

// Splits a whole response; status 0 when it is not HTTP.
inline HttpResponse parse_response(const std::string& raw) {
    HttpResponse response;
    auto end_of_head = raw.find("\r\n\r\n");
    response.head = raw.substr(0, end_of_head);
    if (end_of_head != std::string::npos) response.body = raw.substr(end_of_head + 4);
    if (raw.starts_with("HTTP/1.") && raw.size() > 12)
        response.status = std::atoi(raw.substr(9, 3).c_str());
    return response;
}

// GET path; nullopt when nothing complete came back in time.
inline std::optional<HttpResponse> http_get(
    int port, const std::string& path, const std::string& extra_headers = "",
    std::chrono::milliseconds limit = std::chrono::milliseconds(10000)) {
    LoopbackSocket socket(port);
    if (!socket.ok()) return std::nullopt;
    if (!socket.send("GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n" + extra_headers + "\r\n"))
        return std::nullopt;
    bool closed = false;
    std::string raw = socket.read_until_closed(limit, closed);
    if (!closed) return std::nullopt;
    return parse_response(raw);
}

// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then released).
inline int free_loopback_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    int port = -1;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

}  // namespace edgetop::testing
