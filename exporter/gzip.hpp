// gzip (RFC 1952) of a response body, through zlib.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace edgetop::exporter {

// The gzip stream of `data` at zlib's fastest level (a scrape body is small and repetitive, so
// the fastest level loses little size); nullopt if zlib fails.
std::optional<std::string> gzip_compress(std::string_view data);

}  // namespace edgetop::exporter
