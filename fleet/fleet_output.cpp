#include "fleet/fleet_output.hpp"

#include <cmath>
#include <map>

#include <fmt/format.h>

#include "text/text_escape.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop::fleet {

namespace {

template <typename T>
nlohmann::ordered_json or_null(const std::optional<T>& value) {
    return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

// A value this side computes (a ratio, an age), to the decimals that mean something; the
// board's own values pass as it served them.
nlohmann::ordered_json rounded(const std::optional<double>& value, double step) {
    if (!value) return nullptr;
    return std::round(*value / step) * step;
}

std::string hottest_cell(const FleetRow& row, bool ascii) {
    if (!row.hottest_c) return text::kAbsent;
    return fmt::format("{} {}", text::format_temp_c(row.hottest_c, ascii),
                       text::terminal_safe(row.hottest_zone.value_or("")));
}

}  // namespace

FleetTotals count_totals(const std::vector<FleetRow>& rows) {
    FleetTotals totals;
    for (const auto& row : rows) {
        ++totals.states[static_cast<int>(row.state)];
        if (row.state == HostState::down) continue;
        if (row.power_mw) totals.power_mw = totals.power_mw.value_or(0) + *row.power_mw;
        if (row.worst_flag) ++totals.worst_flags[*row.worst_flag];
    }
    return totals;
}

std::string flags_text(const FleetRow& row) {
    if (row.flags == 0) return "0";
    std::string text =
        fmt::format("{} {}", row.flags, text::terminal_safe(row.worst_flag.value_or("")));
    if (row.newest_flag && row.newest_flag != row.worst_flag)
        text += fmt::format(", newest {}", text::terminal_safe(*row.newest_flag));
    return text;
}

std::string totals_line(const std::vector<FleetRow>& rows) {
    FleetTotals totals = count_totals(rows);
    std::string line = fmt::format("{} board{}: {} up, {} stale, {} down; {} in all", rows.size(),
                                   rows.size() == 1 ? "" : "s", totals.states[0], totals.states[1],
                                   totals.states[2], text::format_power_mw(totals.power_mw));
    std::string flags;
    for (const auto& [rule, count] : totals.worst_flags)
        flags +=
            fmt::format("{}{} {}", flags.empty() ? "" : ", ", text::terminal_safe(rule), count);
    line += flags.empty() ? "; no flag raised" : "; worst flags: " + flags;
    return line;
}

std::string fleet_table(const std::vector<FleetRow>& rows, bool ascii) {
    TextTable table;
    table.add_row({"NAME", "STATE", "MODEL", "MODE", "CPU", "GPU", "EMC", "POWER", "HOTTEST",
                   "HEADROOM", "MEM", "DISK", "NET", "FLAGS", "VERSION"});
    for (const auto& row : rows) {
        if (row.state == HostState::down) {
            table.add_row(
                {text::terminal_safe(row.host->name), "down", text::terminal_safe(row.reason)});
            continue;
        }
        table.add_row(
            {text::terminal_safe(row.host->name),
             row.state == HostState::stale ? fmt::format("stale {:.0f} s", row.age_s.value_or(0))
                                           : "up",
             text::text_or_absent(row.model), text::text_or_absent(row.power_mode),
             text::format_percent(row.cpu_pct), text::format_percent(row.gpu_pct),
             text::format_percent(row.emc_pct), text::format_power_mw(row.power_mw),
             hottest_cell(row, ascii), text::format_temp_c(row.headroom_c(), ascii),
             text::format_percent(row.mem_pct), text::format_bytes_per_s(row.disk_bytes_per_s),
             text::format_bytes_per_s(row.net_bytes_per_s), flags_text(row),
             text::text_or_absent(row.version)});
    }
    return totals_line(rows) + "\n" + table.render();
}

std::string row_json_line(const FleetRow& row) {
    return row_json(row).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
}

nlohmann::ordered_json row_json(const FleetRow& row) {
    nlohmann::ordered_json labels = nlohmann::ordered_json::object();
    for (const auto& [key, value] : row.host->labels)
        labels[key] = value;
    nlohmann::ordered_json json{
        {"name", row.host->name},
        {"url", row.host->target.text.empty() ? nlohmann::ordered_json(nullptr)
                                              : nlohmann::ordered_json(row.host->target.text)},
        {"via", row.host->via.empty() ? nlohmann::ordered_json(nullptr)
                                      : nlohmann::ordered_json(row.host->via)},
        {"labels", labels},
        {"state", to_string(row.state)},
        {"reason",
         row.reason.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(row.reason)},
        {"t", or_null(row.t)},
        {"time", or_null(row.time)},
        {"age_s", rounded(row.age_s, 0.001)},
        {"model", or_null(row.model)},
        {"power_mode", or_null(row.power_mode)},
        {"edgetop_version", or_null(row.version)},
        {"cpu_util_pct", or_null(row.cpu_pct)},
        {"gpu_load_pct", or_null(row.gpu_pct)},
        {"emc_util_pct", or_null(row.emc_pct)},
        {"power_mw", or_null(row.power_mw)},
        {"hottest",
         {{"zone", or_null(row.hottest_zone)},
          {"temp_c", or_null(row.hottest_c)},
          {"trip_c", or_null(row.trip_c)},
          {"headroom_c", or_null(row.headroom_c())}}},
        {"mem_used_pct", rounded(row.mem_pct, 0.01)},
        {"disk_bytes_per_s", or_null(row.disk_bytes_per_s)},
        {"net_bytes_per_s", or_null(row.net_bytes_per_s)},
        {"flags",
         {{"count", row.flags},
          {"worst", or_null(row.worst_flag)},
          {"worst_severity", row.worst_severity
                                 ? nlohmann::ordered_json(analysis::to_string(*row.worst_severity))
                                 : nlohmann::ordered_json(nullptr)},
          {"newest", or_null(row.newest_flag)}}},
    };
    return json;
}

}  // namespace edgetop::fleet
