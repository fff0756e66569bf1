// Metric and label names as the Prometheus data model allows them
// (https://prometheus.io/docs/concepts/data_model/): a metric name matches
// [a-zA-Z_:][a-zA-Z0-9_:]*, a label name [a-zA-Z_][a-zA-Z0-9_]* and must not begin with "__"
// (reserved for Prometheus' own use). Written here so that the checks run in builds without
// prometheus-cpp (whose check_names.h says the same).
#pragma once

#include <string_view>

namespace edgetop::testing {

inline bool is_name_char(char c, bool colon_allowed, bool first) {
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    bool digit = c >= '0' && c <= '9';
    return letter || (colon_allowed && c == ':') || (!first && digit);
}

inline bool is_metric_name(std::string_view name) {
    if (name.empty()) return false;
    for (std::size_t i = 0; i < name.size(); ++i)
        if (!is_name_char(name[i], true, i == 0)) return false;
    return true;
}

inline bool is_label_name(std::string_view name) {
    if (name.empty() || name.substr(0, 2) == "__") return false;
    for (std::size_t i = 0; i < name.size(); ++i)
        if (!is_name_char(name[i], false, i == 0)) return false;
    return true;
}

}  // namespace edgetop::testing
