#include "exporter/openmetrics_serializer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "edgetop/numbers.hpp"

namespace edgetop::exporter {

namespace {

void append_escaped(std::string& out, std::string_view text) {
    for (char c : text) {
        switch (c) {
            case '\\':
                out += "\\\\";
                break;
            case '"':
                out += "\\\"";
                break;
            case '\n':
                out += "\\n";
                break;
            default:
                out += c;
        }
    }
}

void append_number(std::string& out, double value) {
    if (std::isnan(value)) {
        out += "NaN";
    } else if (std::isinf(value)) {
        out += value > 0 ? "+Inf" : "-Inf";
    } else {
        numbers::append_shortest(out, value);
    }
}

// One sample line: name{labels} value.
void append_sample(std::string& out, std::string_view name, const Series& series) {
    out += name;
    if (!series.labels.empty()) {
        out += '{';
        bool first = true;
        for (const auto& label : series.labels) {
            if (!first) out += ',';
            first = false;
            out += label.name;
            out += "=\"";
            append_escaped(out, label.value);
            out += '"';
        }
        out += '}';
    }
    out += ' ';
    append_number(out, series.value);
    out += '\n';
}

bool is_info(const MetricFamily& family) {
    return family.type == MetricType::Gauge && family.name.ends_with("_info") &&
           std::all_of(family.series.begin(), family.series.end(),
                       [](const Series& series) { return series.value == 1.0; });
}

std::string_view without_suffix(std::string_view name, std::string_view suffix) {
    if (name.ends_with(suffix) && name.size() > suffix.size()) name.remove_suffix(suffix.size());
    return name;
}

void append_metadata(std::string& out, std::string_view name, std::string_view type,
                     const std::string& help) {
    if (!help.empty()) {
        out += "# HELP ";
        out += name;
        out += ' ';
        append_escaped(out, help);
        out += '\n';
    }
    out += "# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void append_family(std::string& out, const MetricFamily& family) {
    switch (family.type) {
        case MetricType::Counter: {
            std::string name(without_suffix(family.name, "_total"));
            append_metadata(out, name, "counter", family.help);
            for (const auto& series : family.series)
                append_sample(out, name + "_total", series);
            break;
        }
        case MetricType::Gauge:
            if (is_info(family)) {
                append_metadata(out, without_suffix(family.name, "_info"), "info", family.help);
                for (const auto& series : family.series)
                    append_sample(out, family.name, series);
                break;
            }
            append_metadata(out, family.name, "gauge", family.help);
            for (const auto& series : family.series)
                append_sample(out, family.name, series);
            break;
        case MetricType::Untyped:
            append_metadata(out, family.name, "unknown", family.help);
            for (const auto& series : family.series)
                append_sample(out, family.name, series);
            break;
    }
}

}  // namespace

std::string serialize_openmetrics(const Families& families) {
    std::string out;
    out.reserve(families.size() * 512);  // a guess near the usual size; saves regrowth
    for (const auto& family : families)
        append_family(out, family);
    out += "# EOF\n";
    return out;
}

}  // namespace edgetop::exporter
