// Small helpers that append one series (a value with its labels) to a MetricFamily.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

using Labels = std::vector<std::pair<std::string, std::string>>;

MetricFamily make_family(std::string name, std::string help, MetricType type);

// Appends one series.
void add_value(MetricFamily& family, double value, const Labels& labels = {});

// The value times `factor` (a unit change: kHz to Hz, percent to ratio), or absent.
template <typename T>
std::optional<double> scaled(const std::optional<T>& value, double factor = 1.0) {
    if (!value) return std::nullopt;
    return static_cast<double>(*value) * factor;
}

// Appends one series only when the value is present: an absent sensor is an absent series.
void add_if(MetricFamily& family, const std::optional<double>& value, const Labels& labels = {});

}  // namespace edgetop::exporter
