#include "exporter/metrics_server.hpp"

#include <CivetServer.h>
#include <civetweb.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exporter/content_negotiation.hpp"

namespace edgetop::exporter {

// A named namespace, not an anonymous one: MetricsServer::Handlers holds these as members.
namespace http_pages {

constexpr std::string_view kLandingPage =
    "<!DOCTYPE html>\n"
    "<html><head><meta charset=\"utf-8\"><title>edgetop exporter</title></head>\n"
    "<body><h1>edgetop exporter</h1>\n"
    "<p>CPU, GPU, memory controller, engines, power rails, energy, temperatures, fans, memory "
    "and bottleneck flags of this board, sampled on a fixed schedule.</p>\n"
    "<p><a href=\"/metrics\">Metrics</a></p>\n"
    "</body></html>\n";

// civetweb hands a handler every path under its own ("/" is the prefix of all of them); a
// handler that answers false leaves the request to civetweb, which has no document root and so
// answers 404.
bool is_path(mg_connection* connection, const char* path) {
    const mg_request_info* request = mg_get_request_info(connection);
    return request && request->local_uri && std::strcmp(request->local_uri, path) == 0;
}

std::string_view header(mg_connection* connection, const char* name) {
    const char* value = mg_get_header(connection, name);
    return value ? std::string_view(value) : std::string_view();
}

// `negotiated`: the body depends on Accept and Accept-Encoding (a cache must tell them apart).
void send(mg_connection* connection, std::string_view content_type, std::string_view body,
          bool negotiated, bool gzip, bool head) {
    mg_printf(connection,
              "HTTP/1.1 200 OK\r\nContent-Type: %.*s\r\n%s%sContent-Length: %zu\r\n"
              "Connection: close\r\n\r\n",
              static_cast<int>(content_type.size()), content_type.data(),
              negotiated ? "Vary: Accept, Accept-Encoding\r\n" : "",
              gzip ? "Content-Encoding: gzip\r\n" : "", body.size());
    if (!head) mg_write(connection, body.data(), body.size());
}

class LandingPage : public CivetHandler {
  public:
    bool handleGet(CivetServer*, mg_connection* connection) override {
        return answer(connection, false);
    }
    bool handleHead(CivetServer*, mg_connection* connection) override {
        return answer(connection, true);
    }

  private:
    static bool answer(mg_connection* connection, bool head) {
        if (!is_path(connection, "/")) return false;
        send(connection, "text/html; charset=utf-8", kLandingPage, false, false, head);
        return true;
    }
};

// Picks the ready body by the request's headers and writes it: no serialization here.
class MetricsPage : public CivetHandler {
  public:
    explicit MetricsPage(const LatestMetrics* metrics) : metrics_(metrics) {}

    bool handleGet(CivetServer*, mg_connection* connection) override {
        return answer(connection, false);
    }
    bool handleHead(CivetServer*, mg_connection* connection) override {
        return answer(connection, true);
    }

  private:
    bool answer(mg_connection* connection, bool head) const {
        if (!is_path(connection, "/metrics")) return false;
        ExpositionFormat format = negotiate_format(header(connection, "Accept"));
        std::string_view type =
            format == ExpositionFormat::OpenMetrics ? kOpenMetricsContentType : kTextContentType;
        std::shared_ptr<const Exposition> exposition = metrics_->current();
        if (accepts_gzip(header(connection, "Accept-Encoding"))) {
            const std::string& gzip = exposition->gzip_body(format);
            if (!gzip.empty()) {
                send(connection, type, gzip, true, true, head);
                return true;
            }
        }
        send(connection, type, exposition->body(format), true, false, head);
        return true;
    }

    const LatestMetrics* metrics_;
};

std::vector<std::string> civetweb_options(const ListenAddress& address) {
    return {"listening_ports",    address.text(),
            "num_threads",        std::to_string(kWorkerThreads),
            "request_timeout_ms", std::to_string(kRequestTimeoutMs),
            "max_request_size",   std::to_string(kMaxRequestBytes),
            "enable_keep_alive",  "no"};
}

}  // namespace http_pages

struct MetricsServer::Handlers {
    explicit Handlers(const LatestMetrics* latest) : metrics(latest) {}
    http_pages::LandingPage landing;
    http_pages::MetricsPage metrics;
};

MetricsServer::MetricsServer(const ListenAddress& address, std::shared_ptr<LatestMetrics> metrics)
    : address_(address),
      metrics_(std::move(metrics)),
      handlers_(std::make_unique<Handlers>(metrics_.get())) {
    // Debian's civetweb 1.15 is built without IPv6; say so instead of civetweb's "null context".
    constexpr unsigned kCivetwebIpv6 = 8;
    if (address.host.starts_with('[') && mg_check_feature(kCivetwebIpv6) == 0)
        throw std::runtime_error("cannot listen on " + address.text() +
                                 ": the HTTP server (civetweb) was built without IPv6");
    try {
        server_ = std::make_unique<CivetServer>(http_pages::civetweb_options(address));
    } catch (const std::exception& e) {
        throw std::runtime_error("cannot listen on " + address.text() + ": " + e.what());
    }
    server_->addHandler("/", handlers_->landing);
    server_->addHandler("/metrics", handlers_->metrics);
    auto ports = server_->getListeningPorts();
    if (!ports.empty()) address_.port = ports.front();
}

MetricsServer::~MetricsServer() = default;

}  // namespace edgetop::exporter
