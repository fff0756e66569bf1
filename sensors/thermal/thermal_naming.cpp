#include "sensors/thermal/thermal_naming.hpp"
#include "sensors/core/text_scan.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>

namespace edgetop {

std::string zone_short_name(std::string_view type) {
    auto cut = type.find('-');
    if (cut == std::string_view::npos) cut = type.find('_');
    if (cut == 0) return std::string(type);  // "-x" or "_x": keep the whole type
    return std::string(type.substr(0, cut));
}

bool is_fake_zone(std::string_view type) {
    return ascii::lowered(type).starts_with("pmic");
}

void make_names_unique(std::vector<std::string>& names, std::string_view separator) {
    std::map<std::string, int> seen;
    for (auto& name : names) {
        int count = seen[name]++;
        if (count == 0) continue;
        std::string candidate = name + std::string(separator) + std::to_string(count);
        while (seen.contains(candidate))
            candidate = name + std::string(separator) + std::to_string(++count);
        seen[candidate] = 1;
        name = candidate;
    }
}

std::optional<double> millidegrees_to_celsius(std::optional<int64_t> millidegrees) {
    constexpr int64_t kPowerGated = -256000;
    // Outside what any board sensor reports (-100..+250 degC): garbage, not a temperature.
    constexpr int64_t kLowest = -100000, kHighest = 250000;
    if (!millidegrees || *millidegrees == kPowerGated) return std::nullopt;
    if (*millidegrees < kLowest || *millidegrees > kHighest) return std::nullopt;
    return static_cast<double>(*millidegrees) / 1000.0;
}

}  // namespace edgetop
