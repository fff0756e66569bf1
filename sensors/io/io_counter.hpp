// A kernel counter as /proc prints it: unsigned decimal digits only.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace edgetop {

inline std::optional<uint64_t> parse_counter(std::string_view token) {
    uint64_t value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size() || token.empty()) return {};
    return value;
}

}  // namespace edgetop
