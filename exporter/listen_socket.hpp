// The listening socket of `edgetop serve`: a non-blocking TCP socket bound to an IPv4 or IPv6
// address.
#pragma once

#include "exporter/listen_address.hpp"

namespace edgetop::exporter {

// A listening, non-blocking, close-on-exec socket; `port` receives the port bound (the one the
// system chose for port 0). Throws std::runtime_error("cannot listen on ADDR: REASON").
int open_listen_socket(const ListenAddress& address, int& port);

}  // namespace edgetop::exporter
