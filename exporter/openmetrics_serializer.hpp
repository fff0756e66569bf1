// The OpenMetrics 1.0.0 text format of a set of metric families, which prometheus-cpp 1.0.1 does
// not produce (it has only the Prometheus text format 0.0.4). Written from the specification
// (https://github.com/OpenMetrics/OpenMetrics/blob/main/specification/OpenMetrics.md):
// - a counter family is named without `_total` in `# TYPE`/`# HELP`, its samples keep `_total`;
// - a gauge family named `x_info` whose every value is 1 is an info family `x` (samples x_info);
// - an untyped family is `unknown`;
// - HELP text and label values escape backslash, double quote and newline;
// - values are the shortest decimal that reads back as the same double, or +Inf, -Inf, NaN;
// - the exposition ends with `# EOF`.
#pragma once

#include <string>
#include <vector>

#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

std::string serialize_openmetrics(const Families& families);

}  // namespace edgetop::exporter
