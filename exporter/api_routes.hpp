// The JSON API of `edgetop serve`, version 1, answered from an ApiStore:
//   /api/v1/sample         the latest sample line (ETag on its time; 304 for If-None-Match)
//   /api/v1/samples?since=T  the samples kept after T: the `t` of a sample already read, or a
//                          duration back from the newest sample ("5m", "30s"), as a JSON array
//   /api/v1/board          {"board":...,"software":...} of the session header
//   /api/v1/flags          the raised flags: their event lines, as the session writes them
//   /api/v1/schema         the JSON Schema of a sample line
// GET and HEAD only (405 with Allow otherwise), 404 for any other /api/ path, 400 naming the
// parameter for a missing or bad `since`, 503 before the first sample; gzip on request.
#pragma once

#include <string_view>

#include "exporter/api_store.hpp"
#include "exporter/http_server.hpp"

namespace edgetop::exporter {

inline constexpr std::string_view kApiPrefix = "/api/";
inline constexpr std::string_view kJsonContentType = "application/json";

// Whether If-None-Match (its field values joined) names `etag` or is "*" (weak comparison, RFC
// 9110 section 13.1.2).
bool matches_if_none_match(std::string_view if_none_match, std::string_view etag);

// The answer to a request whose path starts with kApiPrefix.
HttpAnswer answer_api_request(const HttpRequest& request, const ApiStore& api);

}  // namespace edgetop::exporter
