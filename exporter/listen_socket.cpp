#include "exporter/listen_socket.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace edgetop::exporter {

namespace {

[[noreturn]] void fail(const ListenAddress& address, int error, int fd) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("cannot listen on " + address.text() + ": " + std::strerror(error));
}

}  // namespace

int open_listen_socket(const ListenAddress& address, int& port) {
    sockaddr_storage storage{};
    socklen_t size = 0;
    bool ipv6 = address.host.size() > 2 && address.host.front() == '[';
    if (ipv6) {
        auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(static_cast<uint16_t>(address.port));
        std::string inner = address.host.substr(1, address.host.size() - 2);
        if (inet_pton(AF_INET6, inner.c_str(), &v6->sin6_addr) != 1) fail(address, EINVAL, -1);
        size = sizeof *v6;
    } else {
        auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
        v4->sin_family = AF_INET;
        v4->sin_port = htons(static_cast<uint16_t>(address.port));
        if (inet_pton(AF_INET, address.host.c_str(), &v4->sin_addr) != 1) fail(address, EINVAL, -1);
        size = sizeof *v4;
    }

    int fd = ::socket(storage.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) fail(address, errno, -1);
    // A restarted serve binds again while the previous one's connections are in TIME_WAIT; it
    // still cannot bind a port another process listens on.
    int on = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&storage), size) != 0) fail(address, errno, fd);
    if (::listen(fd, SOMAXCONN) != 0) fail(address, errno, fd);

    sockaddr_storage bound{};
    socklen_t bound_size = sizeof bound;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &bound_size) != 0)
        fail(address, errno, fd);
    port = bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                       : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    return fd;
}

}  // namespace edgetop::exporter
