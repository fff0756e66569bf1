#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

prometheus::MetricFamily make_family(std::string name, std::string help,
                                     prometheus::MetricType type) {
    prometheus::MetricFamily family;
    family.name = std::move(name);
    family.help = std::move(help);
    family.type = type;
    return family;
}

void add_value(prometheus::MetricFamily& family, double value, const Labels& labels) {
    prometheus::ClientMetric metric;
    metric.label.reserve(labels.size());
    for (const auto& [name, label_value] : labels)
        metric.label.push_back({name, label_value});
    switch (family.type) {
        case prometheus::MetricType::Counter:
            metric.counter.value = value;
            break;
        case prometheus::MetricType::Gauge:
            metric.gauge.value = value;
            break;
        default:
            metric.untyped.value = value;
            break;
    }
    family.metric.push_back(std::move(metric));
}

void add_if(prometheus::MetricFamily& family, const std::optional<double>& value,
            const Labels& labels) {
    if (value) add_value(family, *value, labels);
}

}  // namespace edgetop::exporter
