#include "exporter/listen_address.hpp"

#include <arpa/inet.h>

#include <charconv>

namespace edgetop::exporter {

std::optional<ListenAddress> parse_listen_address(std::string_view text) {
    if (text.starts_with(kUnixPrefix)) {
        std::string_view path = text.substr(kUnixPrefix.size());
        if (path.empty() || path.size() > kMaxUnixPathBytes ||
            path.find('\0') != std::string_view::npos)
            return std::nullopt;
        ListenAddress address;
        address.unix_path = path;
        return address;
    }
    auto colon = text.rfind(':');
    if (colon == std::string_view::npos || colon == 0) return std::nullopt;
    std::string_view host = text.substr(0, colon);
    std::string_view port_text = text.substr(colon + 1);

    int port = -1;
    auto [end, error] =
        std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (error != std::errc() || end != port_text.data() + port_text.size() || port < 0 ||
        port > 65535)
        return std::nullopt;

    // inet_pton is the address parser; a bracketed host is IPv6, anything else must be IPv4.
    unsigned char buffer[sizeof(in6_addr)];
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
        std::string inner(host.substr(1, host.size() - 2));
        if (inet_pton(AF_INET6, inner.c_str(), buffer) != 1) return std::nullopt;
    } else if (inet_pton(AF_INET, std::string(host).c_str(), buffer) != 1) {
        return std::nullopt;
    }
    ListenAddress address;
    address.host = host;
    address.port = port;
    return address;
}

bool is_loopback(const ListenAddress& address) {
    if (address.is_unix()) return true;
    const std::string& host = address.host;
    if (host.size() > 2 && host.front() == '[') {
        in6_addr v6{};
        std::string inner = host.substr(1, host.size() - 2);
        return inet_pton(AF_INET6, inner.c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
    }
    in_addr v4{};
    return inet_pton(AF_INET, host.c_str(), &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127;
}

}  // namespace edgetop::exporter
