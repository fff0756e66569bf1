#include "exporter/text_writer/prometheus_cpp.hpp"

#include <prometheus/metric_family.h>
#include <prometheus/text_serializer.h>

#include "exporter/text_exposition.hpp"

namespace edgetop::exporter {

namespace {

prometheus::MetricFamily to_prometheus(const MetricFamily& family) {
    prometheus::MetricFamily out;
    out.name = family.name;
    out.help = family.help;
    out.type = family.type == MetricType::Counter ? prometheus::MetricType::Counter
               : family.type == MetricType::Gauge ? prometheus::MetricType::Gauge
                                                  : prometheus::MetricType::Untyped;
    out.metric.reserve(family.series.size());
    for (const auto& series : family.series) {
        prometheus::ClientMetric metric;
        metric.label.reserve(series.labels.size());
        for (const auto& label : series.labels)
            metric.label.push_back({label.name, label.value});
        switch (family.type) {
            case MetricType::Counter:
                metric.counter.value = series.value;
                break;
            case MetricType::Gauge:
                metric.gauge.value = series.value;
                break;
            case MetricType::Untyped:
                metric.untyped.value = series.value;
                break;
        }
        out.metric.push_back(std::move(metric));
    }
    return out;
}

}  // namespace

std::string write_text_exposition_prometheus_cpp(const Families& families) {
    std::vector<prometheus::MetricFamily> converted;
    converted.reserve(families.size());
    for (const auto& family : families)
        converted.push_back(to_prometheus(family));
    return prometheus::TextSerializer().Serialize(converted);
}

std::string write_text_exposition(const Families& families) {
    return write_text_exposition_prometheus_cpp(families);
}

bool text_exposition_by_prometheus_cpp() {
    return true;
}

}  // namespace edgetop::exporter
