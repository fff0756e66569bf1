// The --listen argument of `edgetop serve`: HOST:PORT, where HOST is an IPv4 address or a
// bracketed IPv6 address ("[::1]:9102") and PORT 0 asks the system for a free port.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace edgetop::exporter {

struct ListenAddress {
    std::string host;  // "127.0.0.1", "0.0.0.0", "[::1]", "[::]"
    int port = 0;

    // The form given on the command line and printed by serve.
    std::string text() const { return host + ":" + std::to_string(port); }
};

inline constexpr std::string_view kDefaultListen = "127.0.0.1:9102";

// nullopt for anything but a numeric address and a port from 0 to 65535 (no host names: the
// address must not depend on name resolution at start-up).
std::optional<ListenAddress> parse_listen_address(std::string_view text);

// Whether the address is of this machine only (127.0.0.0/8 or [::1]).
bool is_loopback(const ListenAddress& address);

}  // namespace edgetop::exporter
