// RFC 3339 timestamps in UTC with millisecond fractions, as written in session files.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace edgetop {

// "2025-03-14T09:26:53.589Z"
std::string format_rfc3339(std::chrono::system_clock::time_point time);
// Accepts any fraction length and a "Z" or "+hh:mm"/"-hh:mm" offset; nullopt on anything else.
std::optional<std::chrono::system_clock::time_point> parse_rfc3339(std::string_view text);

}  // namespace edgetop
