#include "exporter/openmetrics_serializer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

namespace edgetop::exporter {

namespace {

using prometheus::ClientMetric;
using prometheus::MetricFamily;
using prometheus::MetricType;

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
        char buffer[32];
        auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
        out.append(buffer, result.ptr);
    }
}

std::string number(double value) {
    std::string out;
    append_number(out, value);
    return out;
}

// One sample line: name{labels,extra="..."} value [timestamp in seconds].
void append_sample(std::string& out, std::string_view name, const ClientMetric& metric,
                   double value, std::string_view extra_label = {},
                   std::string_view extra_value = {}) {
    out += name;
    if (!metric.label.empty() || !extra_label.empty()) {
        out += '{';
        bool first = true;
        for (const auto& label : metric.label) {
            if (!first) out += ',';
            first = false;
            out += label.name;
            out += "=\"";
            append_escaped(out, label.value);
            out += '"';
        }
        if (!extra_label.empty()) {
            if (!first) out += ',';
            out += extra_label;
            out += "=\"";
            out += extra_value;
            out += '"';
        }
        out += '}';
    }
    out += ' ';
    append_number(out, value);
    if (metric.timestamp_ms != 0) {
        out += ' ';
        append_number(out, static_cast<double>(metric.timestamp_ms) / 1000.0);
    }
    out += '\n';
}

bool is_info(const MetricFamily& family) {
    return family.type == MetricType::Gauge && family.name.ends_with("_info") &&
           std::all_of(family.metric.begin(), family.metric.end(),
                       [](const ClientMetric& metric) { return metric.gauge.value == 1.0; });
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

void append_summary(std::string& out, const std::string& name, const ClientMetric& metric) {
    for (const auto& quantile : metric.summary.quantile)
        append_sample(out, name, metric, quantile.value, "quantile", number(quantile.quantile));
    append_sample(out, name + "_sum", metric, metric.summary.sample_sum);
    append_sample(out, name + "_count", metric, static_cast<double>(metric.summary.sample_count));
}

void append_histogram(std::string& out, const std::string& name, const ClientMetric& metric) {
    bool has_inf = false;
    for (const auto& bucket : metric.histogram.bucket) {
        has_inf = has_inf || std::isinf(bucket.upper_bound);
        append_sample(out, name + "_bucket", metric, static_cast<double>(bucket.cumulative_count),
                      "le", number(bucket.upper_bound));
    }
    // OpenMetrics requires the +Inf bucket; it holds every observation.
    if (!has_inf)
        append_sample(out, name + "_bucket", metric,
                      static_cast<double>(metric.histogram.sample_count), "le", "+Inf");
    append_sample(out, name + "_count", metric, static_cast<double>(metric.histogram.sample_count));
    append_sample(out, name + "_sum", metric, metric.histogram.sample_sum);
}

void append_family(std::string& out, const MetricFamily& family) {
    switch (family.type) {
        case MetricType::Counter: {
            std::string name(without_suffix(family.name, "_total"));
            append_metadata(out, name, "counter", family.help);
            for (const auto& metric : family.metric)
                append_sample(out, name + "_total", metric, metric.counter.value);
            break;
        }
        case MetricType::Gauge:
            if (is_info(family)) {
                append_metadata(out, without_suffix(family.name, "_info"), "info", family.help);
                for (const auto& metric : family.metric)
                    append_sample(out, family.name, metric, 1.0);
                break;
            }
            append_metadata(out, family.name, "gauge", family.help);
            for (const auto& metric : family.metric)
                append_sample(out, family.name, metric, metric.gauge.value);
            break;
        case MetricType::Summary:
            append_metadata(out, family.name, "summary", family.help);
            for (const auto& metric : family.metric)
                append_summary(out, family.name, metric);
            break;
        case MetricType::Histogram:
            append_metadata(out, family.name, "histogram", family.help);
            for (const auto& metric : family.metric)
                append_histogram(out, family.name, metric);
            break;
        case MetricType::Untyped:
            append_metadata(out, family.name, "unknown", family.help);
            for (const auto& metric : family.metric)
                append_sample(out, family.name, metric, metric.untyped.value);
            break;
    }
}

}  // namespace

std::string serialize_openmetrics(const std::vector<prometheus::MetricFamily>& families) {
    std::string out;
    out.reserve(families.size() * 512);  // a guess near the usual size; saves regrowth
    for (const auto& family : families)
        append_family(out, family);
    out += "# EOF\n";
    return out;
}

}  // namespace edgetop::exporter
