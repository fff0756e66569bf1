// Which body a scrape gets, from its Accept and Accept-Encoding headers (RFC 9110 section 12.5).
// Neither prometheus-cpp nor any HTTP library packaged for every target parses these headers,
// hence the small parser here.
#pragma once

#include <string_view>

namespace edgetop::exporter {

enum class ExpositionFormat { Text, OpenMetrics };

// OpenMetrics when the most preferred acceptable media range is application/openmetrics-text
// with version 1.0.0 (or no version); the text format 0.0.4 otherwise, also for no header,
// */* or a header that names neither (as Prometheus' own Go client does).
ExpositionFormat negotiate_format(std::string_view accept);

inline constexpr std::string_view kTextContentType = "text/plain; version=0.0.4; charset=utf-8";
inline constexpr std::string_view kOpenMetricsContentType =
    "application/openmetrics-text; version=1.0.0; charset=utf-8";

// Whether the client takes gzip: the coding gzip, x-gzip or * with a q above 0.
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace edgetop::exporter
