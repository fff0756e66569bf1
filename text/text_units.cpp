#include "text/text_units.hpp"

#include <cmath>

#include <fmt/format.h>

#include "edgetop/number_text.hpp"

namespace edgetop::text {

std::string number(double value, int decimals) {
    if (!std::isfinite(value)) return kAbsent;
    std::string s = fixed(value, decimals);
    if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

std::string percent(std::optional<double> pct) {
    return pct ? fixed(*pct, 2) + " %" : kAbsent;
}

std::string khz_as_mhz(std::optional<int64_t> khz) {
    return khz ? number(static_cast<double>(*khz) / 1e3, 3) + " MHz" : kAbsent;
}

std::string hz_as_mhz(std::optional<int64_t> hz) {
    return hz ? number(static_cast<double>(*hz) / 1e6, 3) + " MHz" : kAbsent;
}

std::string milli(std::optional<double> value, const char* unit) {
    return value ? fmt::format("{} {}", number(*value, 1), unit) : kAbsent;
}

std::string celsius(std::optional<double> c) {
    return c ? number(*c, 1) + " °C" : kAbsent;
}

std::string kb_as_mib(std::optional<int64_t> kb) {
    return kb ? fixed(static_cast<double>(*kb) / 1024.0, 1) + " MiB" : kAbsent;
}

std::string integer(std::optional<int64_t> value, const char* unit) {
    if (!value) return kAbsent;
    return *unit ? fmt::format("{} {}", *value, unit) : fmt::format("{}", *value);
}

std::string yes_no(std::optional<bool> value) {
    return value ? (*value ? "yes" : "no") : kAbsent;
}

std::string text_or_absent(const std::optional<std::string>& value) {
    return value && !value->empty() ? *value : kAbsent;
}

std::string duration(std::optional<double> seconds) {
    auto whole = seconds ? to_int64(*seconds) : std::nullopt;
    if (!whole || *whole < 0) return kAbsent;
    int64_t total = *whole;
    int64_t days = total / 86400;
    std::string hms =
        fmt::format("{:02}:{:02}:{:02}", total % 86400 / 3600, total % 3600 / 60, total % 60);
    return days > 0 ? fmt::format("{}d {}", days, hms) : hms;
}

}  // namespace edgetop::text
