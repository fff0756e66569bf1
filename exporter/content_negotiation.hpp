// Which body a scrape gets, from its Accept and Accept-Encoding headers (RFC 9110 section 12.5).
// Neither prometheus-cpp nor any HTTP library packaged for every target parses these headers,
// hence the small parser here.
#pragma once

#include <string_view>

namespace edgetop::exporter {

enum class ExpositionFormat { Text, OpenMetrics };

// OpenMetrics when the most preferred acceptable media range is application/openmetrics-text
// with version 1.0.0, 0.0.1 or none; the text format 0.0.4 otherwise, also for no header, */*
// or a header that names neither (as Prometheus' own Go client does). Prometheus 2.5 to 2.32
// (Debian 11 ships 2.24) ask for OpenMetrics 0.0.1, the draft that 1.0.0 finalised; their parser
// reads a 1.0.0 body, and Prometheus' Go client answers such requests with OpenMetrics too.
ExpositionFormat negotiate_format(std::string_view accept);

inline constexpr std::string_view kTextContentType = "text/plain; version=0.0.4; charset=utf-8";
inline constexpr std::string_view kOpenMetricsContentType =
    "application/openmetrics-text; version=1.0.0; charset=utf-8";

// Whether the client takes gzip: the coding gzip, x-gzip or * with a q above 0.
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace edgetop::exporter
