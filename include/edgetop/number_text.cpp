#include "edgetop/number_text.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

namespace edgetop {

std::string fixed(double value, int decimals) {
    if (std::isfinite(value) && std::fabs(value) >= kMaxFixedMagnitude)
        return fmt::format("{:.3g}", value);
    return fmt::format("{:.{}f}", value, decimals);
}

std::optional<int64_t> to_int64(double value) {
    // 2^63 is exactly representable; every double below it converts.
    constexpr double kLimit = 9223372036854775808.0;
    if (!std::isfinite(value) || value >= kLimit || value < -kLimit) return std::nullopt;
    return static_cast<int64_t>(value);
}

std::string plural(int64_t count, std::string_view one, std::string_view many) {
    if (count == 1) return fmt::format("1 {}", one);
    if (many.empty()) return fmt::format("{} {}s", count, one);
    return fmt::format("{} {}", count, many);
}

}  // namespace edgetop
