#include "exporter/metrics_server.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "exporter/api_routes.hpp"
#include "exporter/content_negotiation.hpp"

namespace edgetop::exporter {

// A named namespace, not an anonymous one: unity builds put this file beside others.
namespace metrics_pages {

constexpr std::string_view kLandingPage =
    "<!DOCTYPE html>\n"
    "<html><head><meta charset=\"utf-8\"><title>edgetop exporter</title></head>\n"
    "<body><h1>edgetop exporter</h1>\n"
    "<p>CPU, GPU, memory controller, engines, power rails, energy, temperatures, fans, memory "
    "and bottleneck flags of this board, sampled on a fixed schedule.</p>\n"
    "<p><a href=\"/metrics\">Metrics</a></p>\n"
    "<p><a href=\"/api/v1/sample\">The latest sample as JSON</a> "
    "(<a href=\"/api/v1/schema\">its schema</a>)</p>\n"
    "</body></html>\n";

constexpr std::string_view kPlainText = "text/plain; charset=utf-8";

HttpAnswer text_answer(int status, std::string_view body, std::string fields = "") {
    HttpAnswer answer;
    answer.status = status;
    answer.content_type = kPlainText;
    answer.body = body;
    answer.fields = std::move(fields);
    return answer;
}

}  // namespace metrics_pages

HttpAnswer answer_metrics_request(const HttpRequest& request, const LatestMetrics& metrics,
                                  const ApiStore* api) {
    using namespace metrics_pages;
    if (api && request.path.starts_with(kApiPrefix)) return answer_api_request(request, *api);
    bool landing = request.path == "/";
    if (!landing && request.path != "/metrics") return text_answer(404, "not found\n");
    if (request.method != "GET" && request.method != "HEAD")
        return text_answer(405, "only GET and HEAD\n", "Allow: GET, HEAD\r\n");
    if (landing) {
        HttpAnswer answer;
        answer.content_type = "text/html; charset=utf-8";
        answer.body = kLandingPage;
        return answer;
    }

    std::shared_ptr<const Exposition> exposition = metrics.current();
    // The text body is empty only before the first sample (every sample has its counter).
    if (exposition->body(ExpositionFormat::Text).empty())
        return text_answer(503, "no sample yet: edgetop serve is starting\n", "Retry-After: 1\r\n");

    ExpositionFormat format = negotiate_format(request.accept);
    HttpAnswer answer;
    answer.content_type =
        format == ExpositionFormat::OpenMetrics ? kOpenMetricsContentType : kTextContentType;
    // The body depends on Accept and Accept-Encoding: a cache must tell them apart.
    answer.fields = "Vary: Accept, Accept-Encoding\r\n";
    answer.body = exposition->body(format);
    if (accepts_gzip(request.accept_encoding)) {
        const std::string& gzip = exposition->gzip_body(format);
        if (!gzip.empty()) {
            answer.body = gzip;
            answer.fields += "Content-Encoding: gzip\r\n";
        }
    }
    answer.owner = std::move(exposition);
    return answer;
}

HttpAnswer answer_stream_request(const HttpRequest& request, std::shared_ptr<EventStream> stream) {
    using namespace metrics_pages;
    if (request.method != "GET" && request.method != "HEAD")
        return text_answer(405, "only GET and HEAD\n", "Allow: GET, HEAD\r\n");
    HttpAnswer answer;
    answer.content_type = "text/event-stream; charset=utf-8";
    // No cache may keep it, and a proxy (nginx) passes each event on at once.
    answer.fields = "Cache-Control: no-cache\r\nX-Accel-Buffering: no\r\n";
    answer.stream = std::move(stream);
    return answer;
}

HttpAnswer answer_secured_request(const HttpRequest& request, const LatestMetrics& metrics,
                                  const WebConfig* config, HttpAuthenticator& authenticator,
                                  const ApiStore* api, const std::shared_ptr<EventStream>& stream) {
    using namespace metrics_pages;
    HttpAnswer answer = !authenticator.allows(request.authorization, config)
                            ? text_answer(401, "unauthorized\n", authenticator.challenge(config))
                        : stream && request.path == kStreamPath
                            ? answer_stream_request(request, stream)
                            : answer_metrics_request(request, metrics, api);
    if (config) {
        for (const auto& [name, value] : config->headers)
            answer.fields += name + ": " + value + "\r\n";
    }
    return answer;
}

MetricsServer::MetricsServer(const ListenAddress& address, std::shared_ptr<LatestMetrics> metrics,
                             HttpLimits limits, ServeSecurity security,
                             std::shared_ptr<const ApiStore> api)
    : MetricsServer(std::vector<ListenAddress>{address}, std::move(metrics), limits,
                    std::move(security), nullptr, std::move(api)) {}

MetricsServer::MetricsServer(const std::vector<ListenAddress>& addresses,
                             std::shared_ptr<LatestMetrics> metrics, HttpLimits limits,
                             ServeSecurity security, std::shared_ptr<EventStream> stream,
                             std::shared_ptr<const ApiStore> api)
    : metrics_(std::move(metrics)),
      api_(std::move(api)),
      stream_(std::move(stream)),
      web_config_(std::move(security.web_config)),
      authenticator_(std::make_unique<HttpAuthenticator>(std::move(security.bearer_token))),
      server_(
          addresses,
          [latest = metrics_.get(), api = api_.get(), stream = stream_, web = web_config_.get(),
           authenticator = authenticator_.get()](const HttpRequest& request) {
              // Read again when the file changed, so that a new password counts at once.
              std::shared_ptr<const WebConfig> config = web ? web->current() : nullptr;
              return answer_secured_request(request, *latest, config.get(), *authenticator, api,
                                            stream);
          },
          limits, std::move(security.tls)) {}

}  // namespace edgetop::exporter
