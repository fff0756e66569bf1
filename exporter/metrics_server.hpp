// The HTTP side of `edgetop serve`: the latest exposition at /metrics (the Prometheus text
// format, or OpenMetrics when the scraper asks for it; gzip on request) and a short page at /
// that links to it, served by the project's own event-driven server (http_server.hpp).
//
// GET and HEAD only (405 for other methods); 404 for other paths; 503 with a short text until
// the first sample is published, so that a scraper never takes an empty answer for a healthy
// target. Slow and idle clients are bounded by HttpLimits (see http_server.hpp); none of this
// touches the sampling thread.
#pragma once

#include <memory>

#include "exporter/http_server.hpp"
#include "exporter/latest_metrics.hpp"
#include "exporter/listen_address.hpp"

namespace edgetop::exporter {

// The answer to one request, from the latest exposition (no serialization here).
HttpAnswer answer_metrics_request(const HttpRequest& request, const LatestMetrics& metrics);

class MetricsServer {
  public:
    // Starts listening. Throws std::runtime_error("cannot listen on ADDR: REASON") when the
    // address cannot be bound (in use, not local, no permission, no IPv6).
    // With `tls`, connections are served over TLS whenever it gives a context (http_server.hpp).
    MetricsServer(const ListenAddress& address, std::shared_ptr<LatestMetrics> metrics,
                  HttpLimits limits = {}, TlsContextSource tls = {});
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    // The address actually bound: the given one, with port 0 replaced by the port chosen.
    const ListenAddress& address() const { return address_; }

  private:
    ListenAddress address_;
    std::shared_ptr<LatestMetrics> metrics_;
    HttpServer server_;
};

}  // namespace edgetop::exporter
