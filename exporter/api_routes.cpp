#include "exporter/api_routes.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "exporter/api_duration.hpp"
#include "exporter/content_negotiation.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace api_routes {

constexpr std::string_view kPlainText = "text/plain; charset=utf-8";

HttpAnswer text_answer(int status, std::string body, std::string fields = "") {
    auto owned = std::make_shared<const std::string>(std::move(body));
    HttpAnswer answer;
    answer.status = status;
    answer.content_type = kPlainText;
    answer.body = *owned;
    answer.owner = std::move(owned);
    answer.fields = std::move(fields);
    return answer;
}

HttpAnswer not_yet() {
    return text_answer(503, "no sample yet: edgetop serve is starting\n", "Retry-After: 1\r\n");
}

// A published document, gzipped when the client takes it.
HttpAnswer document_answer(const HttpRequest& request, std::shared_ptr<const ApiDocument> doc) {
    HttpAnswer answer;
    answer.content_type = kJsonContentType;
    answer.fields = "Vary: Accept-Encoding\r\n";
    if (!doc->etag.empty()) answer.fields += "ETag: " + doc->etag + "\r\n";
    if (!doc->etag.empty() && matches_if_none_match(request.if_none_match, doc->etag)) {
        answer.status = 304;
        answer.content_type = {};
        answer.owner = std::move(doc);
        return answer;
    }
    answer.body = doc->body;
    if (accepts_gzip(request.accept_encoding) && !doc->gzip().empty()) {
        answer.body = doc->gzip();
        answer.fields += "Content-Encoding: gzip\r\n";
    }
    answer.owner = std::move(doc);
    return answer;
}

// A body made for this request only.
HttpAnswer fresh_answer(const HttpRequest& request, std::string body) {
    auto doc = std::make_shared<ApiDocument>();
    doc->body = std::move(body);
    return document_answer(request, std::move(doc));
}

// The value of `name` in a query ("since=5m&x=1"); nullopt when absent. Two of them: `repeated`.
std::optional<std::string_view> query_value(std::string_view query, std::string_view name,
                                            bool& repeated) {
    std::optional<std::string_view> found;
    while (!query.empty()) {
        size_t amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        size_t eq = pair.find('=');
        if (pair.substr(0, eq) == name) {
            if (found) repeated = true;
            found = eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
        }
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return found;
}

HttpAnswer samples_answer(const HttpRequest& request, const ApiStore& api) {
    bool repeated = false;
    auto since = query_value(request.query, "since", repeated);
    if (!since)
        return text_answer(400,
                           "since: required (the t of a sample already read, or a duration "
                           "such as 5m or 30s)\n");
    if (repeated) return text_answer(400, "since: given more than once\n");
    // Printable ASCII only in the message: the value is echoed back.
    std::string shown;
    for (char c : since->substr(0, 64))
        shown += (c >= ' ' && c < 0x7f) ? c : '?';
    std::optional<std::string> body;
    if (auto t_us = parse_sample_time_us(*since))
        body = api.samples_after(*t_us);
    else if (auto span = parse_duration(*since))
        body = api.samples_within(*span);
    else
        return text_answer(400,
                           "since: expected the t of a sample (12.5) or a duration (5m, "
                           "30s, 500ms), got '" +
                               shown + "'\n");
    if (!body) return not_yet();
    return fresh_answer(request, std::move(*body));
}

enum class Route { sample, samples, board, flags, schema, none };

Route route_of(std::string_view path) {
    if (path == "/api/v1/sample") return Route::sample;
    if (path == "/api/v1/samples") return Route::samples;
    if (path == "/api/v1/board") return Route::board;
    if (path == "/api/v1/flags") return Route::flags;
    if (path == "/api/v1/schema") return Route::schema;
    return Route::none;
}

}  // namespace api_routes

bool matches_if_none_match(std::string_view if_none_match, std::string_view etag) {
    auto opaque = [](std::string_view tag) {
        tag = ascii::trim_ows(tag);
        if (tag.substr(0, 2) == "W/") tag.remove_prefix(2);
        return tag;
    };
    std::string_view wanted = opaque(etag);
    while (!if_none_match.empty()) {
        size_t comma = if_none_match.find(',');
        std::string_view tag = opaque(if_none_match.substr(0, comma));
        if (tag == "*" || (!tag.empty() && tag == wanted)) return true;
        if (comma == std::string_view::npos) break;
        if_none_match.remove_prefix(comma + 1);
    }
    return false;
}

HttpAnswer answer_api_request(const HttpRequest& request, const ApiStore& api) {
    using namespace api_routes;
    Route route = route_of(request.path);
    if (route == Route::none) return text_answer(404, "not found\n");
    if (request.method != "GET" && request.method != "HEAD")
        return text_answer(405, "only GET and HEAD\n", "Allow: GET, HEAD\r\n");
    std::shared_ptr<const ApiDocument> doc;
    switch (route) {
        case Route::sample:
            doc = api.sample();
            break;
        case Route::samples:
            return samples_answer(request, api);
        case Route::board:
            doc = api.board();
            break;
        case Route::flags:
            doc = api.flags();
            break;
        case Route::schema:
            return document_answer(request, std::shared_ptr<const ApiDocument>(
                                                std::shared_ptr<const void>(), &api.schema()));
        case Route::none:
            break;
    }
    if (!doc) return not_yet();
    return document_answer(request, std::move(doc));
}

}  // namespace edgetop::exporter
