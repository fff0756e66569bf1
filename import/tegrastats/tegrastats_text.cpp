#include "import/tegrastats/tegrastats_text.hpp"

#include <charconv>
#include <cmath>

#include "edgetop/numbers.hpp"

namespace edgetop::tegrastats {

std::optional<int64_t> to_uint_slow(std::string_view text) {
    if (text.empty() || !is_digit(text.front())) return std::nullopt;
    int64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<double> to_double_slow(std::string_view text) {
    if (text.empty()) return std::nullopt;
    double value = 0;
    auto [end, ec] =
        numbers::from_chars(text.data(), text.data() + text.size(), value, numbers::Format::fixed);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

}  // namespace edgetop::tegrastats
