#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

MetricFamily make_family(std::string name, std::string help, MetricType type) {
    MetricFamily family;
    family.name = std::move(name);
    family.help = std::move(help);
    family.type = type;
    return family;
}

void add_value(MetricFamily& family, double value, const Labels& labels) {
    Series series;
    series.labels.reserve(labels.size());
    for (const auto& [name, label_value] : labels)
        series.labels.push_back({name, label_value});
    series.value = value;
    family.series.push_back(std::move(series));
}

void add_if(MetricFamily& family, const std::optional<double>& value, const Labels& labels) {
    if (value) add_value(family, *value, labels);
}

}  // namespace edgetop::exporter
