// The HTTP side of `edgetop serve`: civetweb serving the latest exposition at /metrics (the
// Prometheus text format, or OpenMetrics when the scraper asks for it; gzip on request) and a
// short page at / that links to it. Any other path is 404.
//
// Bad clients are bounded by civetweb's own limits: a request whose headers exceed
// kMaxRequestBytes is refused, a request not complete within kRequestTimeoutMs (a slow client)
// is dropped, and kWorkerThreads connections are served at once, so a few stuck clients leave
// threads for the scrapers. None of this touches the sampling thread.
#pragma once

#include <memory>

#include "exporter/latest_metrics.hpp"
#include "exporter/listen_address.hpp"

class CivetServer;

namespace edgetop::exporter {

inline constexpr int kWorkerThreads = 8;
inline constexpr int kRequestTimeoutMs = 5000;
inline constexpr int kMaxRequestBytes = 16384;

class MetricsServer {
  public:
    // Starts listening. Throws std::runtime_error("cannot listen on ADDR") when the address
    // cannot be bound (in use, not local, no permission).
    MetricsServer(const ListenAddress& address, std::shared_ptr<LatestMetrics> metrics);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    // The address actually bound: the given one, with port 0 replaced by the port chosen.
    const ListenAddress& address() const { return address_; }

  private:
    struct Handlers;  // civetweb's handler objects; they must outlive the server

    ListenAddress address_;
    std::shared_ptr<LatestMetrics> metrics_;
    std::unique_ptr<Handlers> handlers_;
    std::unique_ptr<CivetServer> server_;
};

}  // namespace edgetop::exporter
