#include "exporter/grafana_dashboard.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tuple>

#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {
namespace {

using U = schema::Unit;

// The series of one board (a row repeated per instance), or of every board of the job.
std::string board(std::string_view metric, std::string_view labels = "") {
    return fmt::format(R"({}{{{}{}job=~"$job",instance=~"$instance"}})", metric, labels,
                       labels.empty() ? "" : ",");
}
std::string fleet(std::string_view metric, std::string_view labels = "") {
    return fmt::format(R"({}{{{}{}job=~"$job"}})", metric, labels, labels.empty() ? "" : ",");
}
std::string rate(const std::string& selector) {
    return fmt::format("rate({}[$__rate_interval])", selector);
}

std::vector<PanelSpec> overview_panels() {
    return {
        {"Boards up",
         "stat",
         {{fmt::format(R"(sum(up{{job=~"$job"}}))"), "up"}},
         "",
         U::count,
         "Targets of the job that answered their last scrape."},
        {"Board power",
         "timeseries",
         {{fleet("edgetop_power_watts"), "{{instance}}"}},
         "edgetop_power_watts",
         U::count,
         "Each board's total power (its input rail, or the sum of its module rails)."},
        {"GPU load",
         "timeseries",
         {{fleet("edgetop_gpu_load_ratio"), "{{instance}} {{gpu}}"}},
         "edgetop_gpu_load_ratio",
         U::count,
         ""},
        {"Hottest zone",
         "timeseries",
         {{fmt::format("max by (instance) ({})", fleet("edgetop_temperature_celsius")),
           "{{instance}}"}},
         "edgetop_temperature_celsius",
         U::count,
         "The hottest thermal zone of each board."},
        {"Flags raised by rule",
         "timeseries",
         {{fmt::format("sum by (flag) ({})", fleet("edgetop_flag_raised")), "{{flag}}"}},
         "",
         U::count,
         "How many boards have each bottleneck flag raised (see RULES in edgetop(1))."},
    };
}

std::vector<PanelSpec> board_panels() {
    return {
        {"CPU busy per core",
         "timeseries",
         {{fmt::format("1 - {}", rate(board("edgetop_cpu_seconds_total", R"(mode="idle")"))),
           "cpu{{cpu}}"}},
         "",
         U::percent,
         "Share of each core's time not idle."},
        {"CPU clock per core",
         "timeseries",
         {{board("edgetop_cpu_frequency_hertz"), "cpu{{cpu}}"}},
         "edgetop_cpu_frequency_hertz",
         U::count,
         ""},
        {"GPU and EMC load",
         "timeseries",
         {{board("edgetop_gpu_load_ratio"), "GPU {{gpu}}"},
          {board("edgetop_emc_utilization_ratio"), "EMC"}},
         "edgetop_gpu_load_ratio",
         U::count,
         ""},
        {"GPU and EMC clocks",
         "timeseries",
         {{board("edgetop_gpu_frequency_hertz"), "GPU {{gpu}}"},
          {board("edgetop_gpu_frequency_max_hertz"), "GPU {{gpu}} allowed"},
          {board("edgetop_emc_frequency_hertz"), "EMC"}},
         "edgetop_gpu_frequency_hertz",
         U::count,
         ""},
        {"Power by rail",
         "timeseries",
         {{board("edgetop_rail_power_watts"), "{{rail}}"}, {board("edgetop_power_watts"), "total"}},
         "edgetop_power_watts",
         U::count,
         ""},
        {"Rail current",
         "timeseries",
         {{board("edgetop_rail_current_amperes"), "{{rail}}"}},
         "edgetop_rail_current_amperes",
         U::count,
         ""},
        {"Temperatures and trip points",
         "timeseries",
         {{board("edgetop_temperature_celsius"), "{{zone}}"},
          {board("edgetop_temperature_trip_celsius", R"(type=~"passive|critical")"),
           "{{zone}} {{type}} trip"}},
         "edgetop_temperature_celsius",
         U::count,
         "Dashed: the zones' passive (the kernel lowers clocks) and critical trip points."},
        {"Memory",
         "timeseries",
         {{board("edgetop_memory_used_bytes"), "used"},
          {board("edgetop_memory_total_bytes"), "total"},
          {board("edgetop_memory_cached_bytes"), "cached"},
          {board("edgetop_swap_used_bytes"), "swap used"}},
         "edgetop_memory_used_bytes",
         U::count,
         ""},
        {"Disk throughput",
         "timeseries",
         {{rate(board("edgetop_disk_read_bytes_total")), "{{device}} read"},
          {rate(board("edgetop_disk_written_bytes_total")), "{{device}} written"}},
         "",
         U::byte_rate,
         ""},
        {"Network throughput",
         "timeseries",
         {{rate(board("edgetop_network_receive_bytes_total")), "{{device}} received"},
          {rate(board("edgetop_network_transmit_bytes_total")), "{{device}} transmitted"}},
         "",
         U::byte_rate,
         ""},
        {"Engine clocks",
         "timeseries",
         {{board("edgetop_engine_frequency_hertz"), "{{engine}}"}},
         "edgetop_engine_frequency_hertz",
         U::count,
         "APE, DLA, PVA, NVENC, NVDEC, NVJPG, VIC, OFA...; a gated engine has no clock."},
        {"Engine load",
         "timeseries",
         {{board("edgetop_engine_load_ratio"), "{{engine}}"}},
         "edgetop_engine_load_ratio",
         U::count,
         ""},
        {"GPU memory",
         "timeseries",
         {{board("edgetop_memory_gpu_shared_bytes"), "processes' nvmap"},
          {board("edgetop_gpu_memory_used_bytes"), "{{gpu}} used"}},
         "edgetop_memory_gpu_shared_bytes",
         U::count,
         "What processes hold on the GPU: nvmap on Jetson (RAM shared with the CPU), NVML's "
         "used memory on a discrete GPU."},
        {"Flags",
         "state-timeline",
         {{board("edgetop_flag_raised"), "{{flag}}"}},
         "",
         U::boolean,
         "1 while the bottleneck flag is raised."},
    };
}

template <class T>
void find_schema_unit(std::string_view metric, std::optional<schema::Unit>& unit) {
    std::apply(
        [&](const auto&... m) {
            ((m.name == metric ? (void)(unit = m.field.unit) : (void)0), ...);
        },
        SchemaMetrics<T>::metrics);
}

nlohmann::json datasource() {
    return {{"type", "prometheus"}, {"uid", "${DS_PROMETHEUS}"}};
}

nlohmann::json variable(std::string name, std::string label, std::string query) {
    return {{"name", name},
            {"label", label},
            {"type", "query"},
            {"datasource", datasource()},
            {"query", {{"query", query}, {"refId", "PrometheusVariableQueryEditor-VariableQuery"}}},
            {"definition", query},
            {"refresh", 2},
            {"includeAll", true},
            {"multi", true},
            {"allValue", ".*"},
            {"current", nlohmann::json::object()},
            {"sort", 1}};
}

nlohmann::json panel_json(const PanelSpec& spec, int id, int x, int y, int width, int height) {
    nlohmann::json targets = nlohmann::json::array();
    char ref = 'A';
    for (const auto& q : spec.queries)
        targets.push_back({{"refId", std::string(1, ref++)},
                           {"datasource", datasource()},
                           {"expr", q.expr},
                           {"legendFormat", q.legend}});
    nlohmann::json overrides = nlohmann::json::array();
    if (spec.title.find("trip") != std::string::npos)
        overrides.push_back(
            {{"matcher", {{"id", "byRegexp"}, {"options", ".* trip$"}}},
             {"properties",
              {{{"id", "custom.lineStyle"}, {"value", {{"fill", "dash"}, {"dash", {10, 10}}}}}}}});
    return {{"id", id},
            {"type", spec.type},
            {"title", spec.title},
            {"description", spec.description},
            {"datasource", datasource()},
            {"gridPos", {{"x", x}, {"y", y}, {"w", width}, {"h", height}}},
            {"targets", targets},
            {"fieldConfig",
             {{"defaults", {{"unit", std::string(grafana_unit(panel_unit(spec)))}}},
              {"overrides", overrides}}},
            {"options", nlohmann::json::object()}};
}

}  // namespace

std::vector<DashboardRow> dashboard_rows() {
    return {{"Fleet", false, overview_panels()}, {"Board $instance", true, board_panels()}};
}

std::optional<schema::Unit> schema_unit_of(std::string_view metric) {
    std::optional<schema::Unit> unit;
    find_schema_unit<CoreSample>(metric, unit);
    find_schema_unit<SystemSample>(metric, unit);
    find_schema_unit<GpuSample>(metric, unit);
    find_schema_unit<EmcSample>(metric, unit);
    find_schema_unit<EngineSample>(metric, unit);
    find_schema_unit<RailSample>(metric, unit);
    find_schema_unit<OcEventSample>(metric, unit);
    find_schema_unit<Sample>(metric, unit);
    find_schema_unit<ThermalSample>(metric, unit);
    find_schema_unit<FanSample>(metric, unit);
    find_schema_unit<MemSample>(metric, unit);
    find_schema_unit<PsiSample>(metric, unit);
    find_schema_unit<CoolingSample>(metric, unit);
    return unit;
}

std::string_view grafana_unit(schema::Unit unit) {
    switch (unit) {
        case U::percent:
            return "percentunit";  // served as a ratio 0..1
        case U::khz:
        case U::hz:
            return "hertz";
        case U::millivolt:
            return "volt";
        case U::milliamp:
            return "amp";
        case U::milliwatt:
            return "watt";
        case U::celsius:
            return "celsius";
        case U::kib:
            return "bytes";
        case U::seconds:
            return "s";
        case U::per_second:
            return "cps";
        case U::per_minute:
            return "rotrpm";
        case U::byte_rate:
            return "Bps";
        case U::run_queue:
        case U::count:
            return "short";
        default:
            return "none";
    }
}

schema::Unit panel_unit(const PanelSpec& panel) {
    if (!panel.unit_of.empty())
        if (auto unit = schema_unit_of(panel.unit_of)) return *unit;
    return panel.unit;
}

std::string grafana_dashboard_json() {
    nlohmann::json panels = nlohmann::json::array();
    int id = 1, y = 0;
    for (const auto& row : dashboard_rows()) {
        nlohmann::json row_panel = {{"id", id++},
                                    {"type", "row"},
                                    {"title", row.title},
                                    {"collapsed", false},
                                    {"gridPos", {{"x", 0}, {"y", y++}, {"w", 24}, {"h", 1}}},
                                    {"panels", nlohmann::json::array()}};
        if (row.per_board) row_panel["repeat"] = "instance";
        panels.push_back(row_panel);
        // Overview: five panels across; a board's: two per line.
        const int width = row.per_board ? 12 : 24 / static_cast<int>(row.panels.size());
        const int height = row.per_board ? 8 : 6;
        int x = 0;
        for (const auto& spec : row.panels) {
            if (x + width > 24) {
                x = 0;
                y += height;
            }
            panels.push_back(panel_json(spec, id++, x, y, width, height));
            x += width;
        }
        y += height;
    }
    nlohmann::json dashboard = {
        {"__inputs",
         {{{"name", "DS_PROMETHEUS"},
           {"label", "Prometheus"},
           {"description", "The Prometheus that scrapes edgetop serve"},
           {"type", "datasource"},
           {"pluginId", "prometheus"},
           {"pluginName", "Prometheus"}}}},
        {"__requires",
         {{{"type", "grafana"}, {"id", "grafana"}, {"name", "Grafana"}, {"version", "9.0.0"}},
          {{"type", "datasource"},
           {"id", "prometheus"},
           {"name", "Prometheus"},
           {"version", "1.0.0"}}}},
        {"uid", "edgetop-fleet"},
        {"title", "edgetop: boards"},
        {"description", "Generated by `edgetop serve --print-grafana-dashboard`."},
        {"tags", {"edgetop", "jetson"}},
        {"schemaVersion", 39},
        {"version", 1},
        {"editable", true},
        {"graphTooltip", 1},
        {"time", {{"from", "now-1h"}, {"to", "now"}}},
        {"refresh", "30s"},
        {"templating",
         {{"list",
           {variable("job", "Job", "label_values(edgetop_board_info, job)"),
            variable("instance", "Board",
                     R"(label_values(edgetop_board_info{job=~"$job"}, instance))")}}}},
        {"panels", panels}};
    return dashboard.dump(2) + "\n";
}

}  // namespace edgetop::exporter
