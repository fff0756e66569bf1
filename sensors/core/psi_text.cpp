#include "sensors/core/psi_text.hpp"

#include <cmath>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

std::optional<double> parse_psi_avg10(std::string_view text, std::string_view kind) {
    while (!text.empty()) {
        std::string_view line = next_line(text);
        if (next_token(line) != kind) continue;
        for (auto token = next_token(line); !token.empty(); token = next_token(line)) {
            constexpr std::string_view kAvg10 = "avg10=";
            if (!token.starts_with(kAvg10)) continue;
            auto value = parse_double(token.substr(kAvg10.size()));
            if (!value || !std::isfinite(*value) || *value < 0 || *value > 100) return std::nullopt;
            return value;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace edgetop
