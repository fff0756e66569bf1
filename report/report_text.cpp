#include "report/report_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "edgetop/number_text.hpp"
#include "text/text_escape.hpp"
#include "text/text_software.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop {

namespace {

using analysis::SessionReport;

std::string num(std::optional<double> value, int decimals = 1) {
    return value ? text::number(*value, decimals) : std::string(text::kAbsent);
}

}  // namespace

std::string board_line(const Board& board) {
    std::string line = board.model.value_or("unknown board");
    if (board.soc) line += fmt::format(" ({})", *board.soc);
    if (board.l4t) line += fmt::format(", L4T {}", *board.l4t);
    if (board.l4t || board.jetpack)
        line += fmt::format(", JetPack {}", text::jetpack_text(board.l4t, board.jetpack));
    return line;
}

std::string sampling_line(const analysis::SamplingReport& s) {
    const auto& i = s.interval_ms;
    return fmt::format(
        "nominal {} ms; interval p50 {} ms, p99 {} ms, max {} ms; {} (> {} ms), {} s", s.nominal_ms,
        num(i.p50()), num(i.p99()), num(i.max()), plural(static_cast<int64_t>(s.gaps), "gap"),
        text::number(1.5 * static_cast<double>(s.nominal_ms), 1), text::number(s.gap_time_s, 1));
}

std::string metric_label(const analysis::MetricReport& m) {
    bool with_family = m.family == "rail" || m.family == "thermal" || m.family == "engine" ||
                       m.family == "psi" || m.family == "disk" || m.family == "net";
    return with_family ? fmt::format("{} {}", m.family, m.name) : m.name;
}

namespace {

std::string metrics_block(const SessionReport& r) {
    TextTable table;
    std::vector<std::string> head{"metric", "unit", "mean"};
    for (double f : analysis::kReportCdfFractions)
        head.push_back(fmt::format("p{}", static_cast<int>(f * 100 + 0.5)));
    head.push_back("max");
    table.add_row(head);
    for (const auto& m : r.metrics) {
        if (m.summary.count() == 0) continue;
        int decimals = m.unit == "mW" ? 0 : 1;
        std::vector<std::string> row{metric_label(m), m.unit, num(m.summary.mean(), decimals)};
        for (double f : analysis::kReportCdfFractions)
            row.push_back(num(m.summary.quantile(f), decimals));
        row.push_back(num(m.summary.max(), decimals));
        table.add_row(std::move(row));
    }
    return table.render("  ");
}

void energy_row(TextTable& table, const std::string& name, const analysis::Energy& e) {
    table.add_row({name, num(e.measured_joules(), 1), num(e.measured_wh(), 4),
                   num(e.average_w(), 2), text::number(e.covered_s, 1)});
}

std::string energy_block(const SessionReport& r) {
    TextTable table;
    table.add_row({"rail", "J", "Wh", "avg W", "covered s"});
    for (const auto& rail : r.rail_energy)
        energy_row(table, rail.is_total ? rail.name + " (input)" : rail.name, rail.energy);
    energy_row(table, "total", r.total_energy);
    return table.render("  ");
}

std::string flags_block(const SessionReport& r) {
    if (r.flags.empty()) return "  none\n";
    TextTable table;
    table.add_row({"flag", "raised", "active s", "first s", "longest s"});
    for (const auto& f : r.flags)
        table.add_row({f.id + (f.active_at_end ? " (active at end)" : ""), std::to_string(f.raised),
                       text::number(f.active_s, 1), num(f.first_raised_s),
                       text::number(f.longest_episode_s, 1)});
    std::string out = table.render("  ");
    out += "  worst episode of each (the longest; its evidence when raised):\n";
    for (const auto& f : r.flags) {
        out += fmt::format("    {} at {} s: {}\n", text::terminal_safe(f.id), num(f.worst_raised_s),
                           text::terminal_safe(f.worst_message));
        // JSON escapes C0 controls, not C1 or the bidi controls.
        out += fmt::format("      {}\n",
                           text::terminal_safe(f.worst_evidence.dump(
                               -1, ' ', false, nlohmann::json::error_handler_t::replace)));
    }
    return out;
}

}  // namespace

std::string power_mode_name(const Board& board) {
    if (const auto* mode = board.current_mode())
        return fmt::format("{} (mode {})", mode->name, mode->id);
    if (board.current_mode_id) return fmt::format("mode {}", *board.current_mode_id);
    return text::kAbsent;
}

std::string format_report(const SessionReport& r) {
    // Names from the session file, shown as a terminal can take them.
    using text::terminal_safe;
    std::string out = fmt::format("session   {}\n", terminal_safe(r.name));
    out += fmt::format("board     {}\n", terminal_safe(board_line(r.board)));
    out += fmt::format("mode      {}\n", terminal_safe(power_mode_name(r.board)));
    if (!r.host.empty()) out += fmt::format("host      {}\n", terminal_safe(r.host));
    out += fmt::format("duration  {} s, {} samples\n", text::number(r.duration_s, 1), r.samples);
    out += fmt::format("sampling  {}\n", sampling_line(r.sampling));
    out += "\ndistributions (p10..p99: the value at or below which that share of samples lies)\n";
    out += metrics_block(r);
    out += "\nenergy (trapezoidal over the sample timestamps)\n";
    out += energy_block(r);
    out += fmt::format("\nflags ({})\n", r.flags_recomputed
                                             ? "recomputed from the samples: no events recorded"
                                             : "as recorded");
    out += flags_block(r);
    return out;
}

std::string format_comparison(const std::vector<SessionReport>& reports) {
    TextTable table;
    std::vector<std::string> head{""};
    for (const auto& r : reports)
        head.push_back(r.name);
    table.add_row(head);
    auto row = [&](std::string label, auto cell) {
        std::vector<std::string> cells{std::move(label)};
        for (const auto& r : reports)
            cells.push_back(cell(r));
        table.add_row(std::move(cells));
    };
    row("duration s", [](const SessionReport& r) { return text::number(r.duration_s, 1); });
    row("samples", [](const SessionReport& r) { return std::to_string(r.samples); });
    row("power mode", [](const SessionReport& r) { return power_mode_name(r.board); });
    row("energy J",
        [](const SessionReport& r) { return num(r.total_energy.measured_joules(), 1); });
    row("energy Wh", [](const SessionReport& r) { return num(r.total_energy.measured_wh(), 4); });
    row("avg power W", [](const SessionReport& r) { return num(r.total_energy.average_w(), 2); });
    std::vector<std::string> ids;
    for (const auto& r : reports)
        for (const auto& f : r.flags)
            if (std::find(ids.begin(), ids.end(), f.id) == ids.end()) ids.push_back(f.id);
    for (const auto& id : ids)
        row(id + " s", [&](const SessionReport& r) {
            for (const auto& f : r.flags)
                if (f.id == id)
                    return fmt::format("{} ({}x)", text::number(f.active_s, 1), f.raised);
            return std::string("0");
        });
    return "comparison\n" + table.render("  ");
}

}  // namespace edgetop
