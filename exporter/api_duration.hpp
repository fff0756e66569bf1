// A duration as the API and `serve --history` take it: a number (decimals allowed) and its unit,
// `ms`, `s`, `m` or `h` ("500ms", "30s", "5m", "1.5h"). The unit is required: in
// /api/v1/samples?since=T a bare number is the time `t` of a sample, not a duration.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace edgetop::exporter {

// nullopt for anything else: no unit, an unknown one, a negative or non-finite number, or a
// duration beyond a year.
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

}  // namespace edgetop::exporter
