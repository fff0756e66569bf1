// The --listen argument of `edgetop serve`: HOST:PORT, where HOST is an IPv4 address or a
// bracketed IPv6 address ("[::1]:9102") and PORT 0 asks the system for a free port, or
// unix:PATH, a local (AF_UNIX) stream socket at PATH.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace edgetop::exporter {

struct ListenAddress {
    std::string host;  // "127.0.0.1", "0.0.0.0", "[::1]", "[::]"; empty for a unix socket
    int port = 0;
    std::string unix_path;          // a unix socket's path (host and port unused)
    std::optional<unsigned> group;  // the group a unix socket's file is given to (gid)

    bool is_unix() const { return !unix_path.empty(); }
    // The form given on the command line and printed by serve.
    std::string text() const {
        return is_unix() ? "unix:" + unix_path : host + ":" + std::to_string(port);
    }
};

inline constexpr std::string_view kUnixPrefix = "unix:";
// sockaddr_un's sun_path holds 108 bytes with the terminating NUL.
inline constexpr size_t kMaxUnixPathBytes = 107;

inline constexpr std::string_view kDefaultListen = "127.0.0.1:9102";

// nullopt for anything but a numeric address and a port from 0 to 65535 (no host names: the
// address must not depend on name resolution at start-up), or unix: and a path of 1 to 107
// bytes (no NUL: Linux's abstract names are not served).
std::optional<ListenAddress> parse_listen_address(std::string_view text);

// Whether the address is of this machine only (127.0.0.0/8, [::1] or a unix socket).
bool is_loopback(const ListenAddress& address);

}  // namespace edgetop::exporter
