// The HTTP side of `edgetop serve`: the latest exposition at /metrics (the Prometheus text
// format, or OpenMetrics when the scraper asks for it; gzip on request), the JSON API under
// /api/ (api_routes.hpp) and a short page at / that links to them, served by the project's own
// event-driven server (http_server.hpp).
//
// GET and HEAD only (405 for other methods); 404 for other paths; 503 with a short text until
// the first sample is published, so that a scraper never takes an empty answer for a healthy
// target. With basic-auth users in the web configuration or a bearer token, a request without
// valid credentials is 401 with a WWW-Authenticate challenge (http_auth.hpp); the web
// configuration's headers are added to every answer. Slow and idle clients are bounded by
// HttpLimits (see http_server.hpp); none of this touches the sampling thread.
//
// With an event stream, /api/v1/stream answers it as Server-Sent Events (event_stream.hpp), under
// the same authentication and headers.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exporter/api_store.hpp"
#include "exporter/event_stream.hpp"
#include "exporter/http_auth.hpp"
#include "exporter/http_server.hpp"
#include "exporter/latest_metrics.hpp"
#include "exporter/listen_address.hpp"
#include "exporter/web_config_source.hpp"

namespace edgetop::exporter {

// The answer to one request, from the latest exposition or, under /api/, the API's documents (no
// serialization here); api null: no API (404).
HttpAnswer answer_metrics_request(const HttpRequest& request, const LatestMetrics& metrics,
                                  const ApiStore* api = nullptr);

// Who may read the pages: serve's --web-config and --bearer-token-file.
struct ServeSecurity {
    std::shared_ptr<WebConfigSource> web_config{};  // null: none
    std::optional<std::string> bearer_token{};
    TlsContextSource tls{};  // empty: plain HTTP (see http_server.hpp)
};

inline constexpr std::string_view kStreamPath = "/api/v1/stream";

// The answer to GET /api/v1/stream: the stream's events (405 for methods other than GET, HEAD).
HttpAnswer answer_stream_request(const HttpRequest& request, std::shared_ptr<EventStream> stream);

// The answer under `config` (null: no web configuration): 401 without valid credentials, else
// answer_metrics_request's (answer_stream_request's at kStreamPath with a stream); the
// configured headers added either way.
HttpAnswer answer_secured_request(const HttpRequest& request, const LatestMetrics& metrics,
                                  const WebConfig* config, HttpAuthenticator& authenticator,
                                  const ApiStore* api = nullptr,
                                  const std::shared_ptr<EventStream>& stream = nullptr);

class MetricsServer {
  public:
    // Starts listening. Throws std::runtime_error("cannot listen on ADDR: REASON") when the
    // address cannot be bound (in use, not local, no permission, no IPv6).
    // With `security.tls`, connections are served over TLS whenever it gives a context. Without
    // `api`, paths under /api/ are not found.
    MetricsServer(const ListenAddress& address, std::shared_ptr<LatestMetrics> metrics,
                  HttpLimits limits = {}, ServeSecurity security = {},
                  std::shared_ptr<const ApiStore> api = nullptr);
    // Every address served by the same loop and pages; with `stream`, /api/v1/stream too.
    MetricsServer(const std::vector<ListenAddress>& addresses,
                  std::shared_ptr<LatestMetrics> metrics, HttpLimits limits = {},
                  ServeSecurity security = {}, std::shared_ptr<EventStream> stream = nullptr,
                  std::shared_ptr<const ApiStore> api = nullptr);
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    // The address actually bound: the given one, with port 0 replaced by the port chosen.
    const ListenAddress& address() const { return server_.addresses().front(); }
    const std::vector<ListenAddress>& addresses() const { return server_.addresses(); }

  private:
    std::shared_ptr<LatestMetrics> metrics_;
    std::shared_ptr<const ApiStore> api_;
    std::shared_ptr<EventStream> stream_;
    std::shared_ptr<WebConfigSource> web_config_;
    std::unique_ptr<HttpAuthenticator> authenticator_;
    HttpServer server_;  // last: its thread stops before what its handler uses goes
};

}  // namespace edgetop::exporter
