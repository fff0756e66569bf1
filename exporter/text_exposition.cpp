#include "exporter/text_exposition.hpp"

#include <cmath>

#include "edgetop/numbers.hpp"

namespace edgetop::exporter {

namespace {

// 16 significant digits: what prometheus-cpp 1.0 writes (max_digits10 - 1), so that a scrape
// reads the same numbers as from exporters built on it.
constexpr int kValueDigits = 16;

void append_value(std::string& out, double value) {
    if (std::isnan(value)) {
        out += "Nan";
    } else if (std::isinf(value)) {
        out += value < 0 ? "-Inf" : "+Inf";
    } else {
        numbers::append_general(out, value, kValueDigits);
    }
}

void append_label_value(std::string& out, const std::string& value) {
    for (char c : value) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
}

// The format escapes a backslash and a line feed in HELP text (not a quote): a raw line feed
// would end the comment and leave the rest as a line no scraper parses.
void append_help(std::string& out, const std::string& help) {
    for (char c : help) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '\\') out += '\\';
        out += c;
    }
}

const char* type_name(MetricType type) {
    switch (type) {
        case MetricType::Counter:
            return "counter";
        case MetricType::Gauge:
            return "gauge";
        case MetricType::Untyped:
            break;
    }
    return "untyped";
}

}  // namespace

std::string write_text_exposition(const Families& families) {
    std::string out;
    out.reserve(families.size() * 256);
    for (const auto& family : families) {
        if (!family.help.empty()) {
            out += "# HELP ";
            out += family.name;
            out += ' ';
            append_help(out, family.help);
            out += '\n';
        }
        out += "# TYPE ";
        out += family.name;
        out += ' ';
        out += type_name(family.type);
        out += '\n';
        for (const auto& series : family.series) {
            out += family.name;
            if (!series.labels.empty()) {
                out += '{';
                const char* separator = "";
                for (const auto& label : series.labels) {
                    out += separator;
                    out += label.name;
                    out += "=\"";
                    append_label_value(out, label.value);
                    out += '"';
                    separator = ",";
                }
                out += '}';
            }
            out += ' ';
            append_value(out, series.value);
            out += '\n';
        }
    }
    return out;
}

}  // namespace edgetop::exporter
