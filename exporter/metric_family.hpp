// The exporter's model of one scrape: metric families of counters, gauges and untyped values,
// each series a value with its labels. Both text formats are written from it
// (text_exposition.hpp, openmetrics_serializer.hpp); prometheus-cpp, where the build has it,
// only serializes a copy of it.
#pragma once

#include <string>
#include <vector>

namespace edgetop::exporter {

enum class MetricType { Counter, Gauge, Untyped };

struct Label {
    std::string name;
    std::string value;
};

struct Series {
    std::vector<Label> labels;
    double value = 0;
};

struct MetricFamily {
    std::string name;
    std::string help;
    MetricType type = MetricType::Untyped;
    std::vector<Series> series;
};

using Families = std::vector<MetricFamily>;

}  // namespace edgetop::exporter
