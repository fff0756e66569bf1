// A strict reader of OpenMetrics 1.0.0 text for the exporter's tests: promtool 2.42 checks only
// the Prometheus text format, so the structure the specification's ABNF and its rules give is
// checked here (line forms, escapes, numbers, family metadata before and around its samples,
// sample names by family type, info values, no repeated family or series, `# EOF` last).
#pragma once

#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace edgetop::testing {

struct OpenMetricsCheck {
    std::vector<std::string> problems;
    std::map<std::string, double> series;      // "name{labels}" -> value
    std::map<std::string, std::string> types;  // family -> type
};

// Value of an exposition number ("+Inf", "NaN", "1.5e-3"); nullopt when it is not one.
inline std::optional<double> exposition_number(const std::string& text) {
    static const std::regex number(R"([+-]?(Inf|NaN|[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?))");
    if (!std::regex_match(text, number)) return std::nullopt;
    return std::strtod(text.c_str(), nullptr);
}

inline OpenMetricsCheck check_openmetrics(const std::string& text) {
    static const std::regex metadata(R"(# (HELP|TYPE|UNIT) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*))");
    static const std::regex escaped(R"(([^"\\\n]|\\\\|\\"|\\n)*)");
    static const std::regex sample(
        R"re(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\\\|\\"|\\n)*")(,[a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\\\|\\"|\\n)*")*\})? (\S+)( \S+)?)re");
    static const std::map<std::string, std::set<std::string>> suffixes{
        {"counter", {"_total", "_created"}},
        {"gauge", {""}},
        {"unknown", {""}},
        {"info", {"_info"}},
        {"stateset", {""}},
        {"histogram", {"_bucket", "_count", "_sum", "_created"}},
        {"gaugehistogram", {"_gbucket", "_gcount", "_gsum"}},
        {"summary", {"", "_count", "_sum", "_created"}}};

    OpenMetricsCheck check;
    auto problem = [&](int line, const std::string& what) {
        check.problems.push_back("line " + std::to_string(line) + ": " + what);
    };
    if (!text.ends_with("# EOF\n")) check.problems.push_back("does not end with # EOF");
    std::string family;  // of the samples being read
    std::set<std::string> seen_families;
    std::set<std::string> family_samples_started;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    bool eof = false;
    while (std::getline(in, line)) {
        ++number;
        std::smatch match;
        if (eof) problem(number, "text after # EOF");
        if (line == "# EOF") {
            eof = true;
        } else if (std::regex_match(line, match, metadata)) {
            std::string name = match[2];
            if (name != family) {
                if (!seen_families.insert(name).second) problem(number, "family repeated: " + name);
                family = name;
            } else if (family_samples_started.count(name)) {
                problem(number, "metadata after the samples of " + name);
            }
            if (match[1] == "TYPE") {
                if (!suffixes.count(match[3])) problem(number, "unknown type " + match[3].str());
                if (!check.types.emplace(name, match[3]).second) problem(number, "second TYPE");
                if (match[3] == "counter" && name.ends_with("_total"))
                    problem(number, "counter family named with _total: " + name);
            } else if (match[1] == "HELP" && !std::regex_match(match[3].str(), escaped)) {
                problem(number, "HELP not escaped: " + line);
            }
        } else if (std::regex_match(line, match, sample)) {
            std::string name = match[1];
            auto type = check.types.find(family);
            if (family.empty() || type == check.types.end()) {
                problem(number, "sample outside a typed family: " + line);
                continue;
            }
            bool belongs = false;
            for (const auto& suffix : suffixes.at(type->second))
                belongs = belongs || name == family + suffix;
            if (!belongs) problem(number, name + " is not a sample of " + family);
            family_samples_started.insert(family);
            auto value = exposition_number(match[7]);
            if (!value) problem(number, "bad value: " + line);
            if (match[8].matched && !exposition_number(match[8].str().substr(1)))
                problem(number, "bad timestamp: " + line);
            if (type->second == "info" && value != 1.0) problem(number, "info value not 1");
            std::string series =
                line.substr(0, line.size() - match[7].length() - match[8].length() - 1);
            if (value && !check.series.emplace(series, *value).second)
                problem(number, "series repeated: " + series);
        } else {
            problem(number, "not an OpenMetrics line: " + line);
        }
    }
    if (!eof) check.problems.push_back("no # EOF line");
    return check;
}

// "name{labels}" -> value of every sample line of the Prometheus text format.
inline std::map<std::string, double> text_format_series(const std::string& text) {
    std::map<std::string, double> series;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line.starts_with('#')) continue;
        auto space = line.rfind(' ');
        series[line.substr(0, space)] = std::strtod(line.c_str() + space + 1, nullptr);
    }
    return series;
}

}  // namespace edgetop::testing
