// A Grafana dashboard of the served metrics: a fleet overview row, then a row set repeated per
// board (the `instance` variable), every panel's unit the Grafana unit of its metric's schema
// unit. `edgetop serve --print-grafana-dashboard` prints it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample_schema.hpp"

namespace edgetop::exporter {

struct PanelQuery {
    std::string expr;  // PromQL with $job, $instance and $__rate_interval
    std::string legend;
};

struct PanelSpec {
    std::string title;
    std::string type;  // timeseries, stat, state-timeline
    std::vector<PanelQuery> queries;
    // The schema field unit of the values shown: the unit of the metric `unit_of`, a family
    // that is one schema field, else `unit` (a value computed from counters: CPU busy as a
    // percentage, bytes per second).
    std::string_view unit_of;
    schema::Unit unit = schema::Unit::count;
    std::string description;
};

struct DashboardRow {
    std::string title;
    bool per_board = false;  // repeated for each selected instance
    std::vector<PanelSpec> panels;
};

// The rows in the order shown.
std::vector<DashboardRow> dashboard_rows();

// The unit of a family that shows one schema field (schema_metrics.hpp); nullopt for the others.
std::optional<schema::Unit> schema_unit_of(std::string_view metric);

// Grafana's unit id for values of a schema unit, as served (after base_unit_factor: kHz as
// hertz, kB as bytes, % as a ratio 0..1).
std::string_view grafana_unit(schema::Unit unit);

// The panel's schema unit: unit_of's where it names a schema family, else `unit`.
schema::Unit panel_unit(const PanelSpec& panel);

// The dashboard as Grafana's import takes it (JSON with __inputs for the data source).
std::string grafana_dashboard_json();

}  // namespace edgetop::exporter
