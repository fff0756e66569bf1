#include "report/report_json.hpp"

#include "report/report_text.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

namespace {

using nlohmann::ordered_json;

ordered_json value(std::optional<double> v) {
    return v ? ordered_json(*v) : ordered_json(nullptr);
}

ordered_json summary_json(const analysis::Summary& s) {
    ordered_json out;
    out["count"] = s.count();
    out["missing"] = s.missing();
    out["mean"] = value(s.mean());
    out["min"] = value(s.min());
    out["p50"] = value(s.p50());
    out["p90"] = value(s.p90());
    out["p99"] = value(s.p99());
    out["max"] = value(s.max());
    ordered_json cdf = ordered_json::array();
    for (double f : analysis::kReportCdfFractions)
        cdf.push_back({{"pct", static_cast<int>(f * 100 + 0.5)}, {"value", value(s.quantile(f))}});
    out["cdf"] = std::move(cdf);
    return out;
}

ordered_json energy_json(const analysis::Energy& e) {
    return {{"joules", value(e.measured_joules())},
            {"wh", value(e.measured_wh())},
            {"average_w", value(e.average_w())},
            {"covered_s", e.covered_s},
            {"skipped_s", e.skipped_s}};
}

}  // namespace

ordered_json report_to_json(const analysis::SessionReport& r) {
    ordered_json out;
    out["file"] = r.name;
    out["board"] = board_to_json(r.board);
    out["power_mode"] = power_mode_name(r.board);
    out["host"] = r.host;
    out["duration_s"] = r.duration_s;
    out["samples"] = r.samples;
    const auto& s = r.sampling;
    out["sampling"] = {{"nominal_ms", s.nominal_ms},
                       {"interval_ms", summary_json(s.interval_ms)},
                       {"gaps", s.gaps},
                       {"gap_threshold_ms", 1.5 * static_cast<double>(s.nominal_ms)},
                       {"gap_time_s", s.gap_time_s}};
    ordered_json metrics = ordered_json::array();
    for (const auto& m : r.metrics) {
        ordered_json one{{"family", m.family}, {"name", m.name}, {"unit", m.unit}};
        one.update(summary_json(m.summary));
        metrics.push_back(std::move(one));
    }
    out["metrics"] = std::move(metrics);
    ordered_json rails = ordered_json::array();
    for (const auto& rail : r.rail_energy) {
        ordered_json one{{"name", rail.name}, {"is_total", rail.is_total}};
        one.update(energy_json(rail.energy));
        rails.push_back(std::move(one));
    }
    out["energy"] = {{"rails", std::move(rails)}, {"total", energy_json(r.total_energy)}};
    ordered_json flags = ordered_json::array();
    for (const auto& f : r.flags)
        flags.push_back({{"id", f.id},
                         {"raised", f.raised},
                         {"active_s", f.active_s},
                         {"first_raised_s", value(f.first_raised_s)},
                         {"active_at_end", f.active_at_end},
                         {"longest_episode_s", f.longest_episode_s},
                         {"worst",
                          {{"raised_s", value(f.worst_raised_s)},
                           {"message", f.worst_message},
                           {"evidence", f.worst_evidence}}}});
    out["flags"] = std::move(flags);
    out["flags_source"] = r.flags_recomputed ? "recomputed" : "recorded";
    out["problems"] = r.problems;
    return out;
}

ordered_json reports_to_json(const std::vector<analysis::SessionReport>& reports) {
    ordered_json sessions = ordered_json::array();
    for (const auto& r : reports)
        sessions.push_back(report_to_json(r));
    return {{"sessions", std::move(sessions)}};
}

}  // namespace edgetop
