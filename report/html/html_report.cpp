#include "report/html/html_report.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "edgetop/number_text.hpp"
#include "report/html/html_style.hpp"
#include "report/html/markup.hpp"
#include "report/html/svg_chart.hpp"
#include "report/report_text.hpp"
#include "text/text_units.hpp"

namespace edgetop::html {

namespace {

using analysis::SessionReport;

std::string num(std::optional<double> value, int decimals = 1) {
    return value ? text::number(*value, decimals) : std::string(text::kAbsent);
}

void table_row(Markup& m, const std::vector<std::string>& cells, bool head = false) {
    m.open("tr");
    for (const auto& c : cells)
        m.element(head ? "th" : "td", c);
    m.close();
}

void fact(Markup& m, const std::string& name, const std::string& value) {
    m.open("tr");
    m.element("th", name);
    m.element("td", value);
    m.close();
}

void facts_table(Markup& m, const SessionReport& r) {
    m.open("table", {{"class", "facts"}});
    fact(m, "session", r.name);
    fact(m, "board", board_line(r.board));
    fact(m, "mode", power_mode_name(r.board));
    if (!r.host.empty()) fact(m, "host", r.host);
    fact(m, "duration", fmt::format("{} s, {} samples", text::number(r.duration_s, 1), r.samples));
    fact(m, "sampling", sampling_line(r.sampling));
    m.close();
    if (r.problems.empty()) return;
    m.element("p", "Problems while reading (lines skipped or warned about):");
    m.open("ul", {{"class", "problems"}});
    for (const auto& p : r.problems)
        m.element("li", p);
    m.close();
}

// The trip points of the plotted zones, one line per distinct temperature and type.
std::vector<ReferenceLine> trip_lines(const Board& board, const TimePlot& plot) {
    struct Trip {
        double temp_c;
        std::string type, zones;
    };
    std::vector<Trip> trips;
    for (const auto& zone : board.thermal_zones) {
        bool plotted = std::any_of(plot.series.begin(), plot.series.end(),
                                   [&](const PlotSeries& s) { return s.name == zone.name; });
        if (!plotted) continue;
        for (const auto& trip : zone.trips) {
            auto same = std::find_if(trips.begin(), trips.end(), [&](const Trip& t) {
                return t.temp_c == trip.temp_c && t.type == trip.type;
            });
            if (same == trips.end())
                trips.push_back({trip.temp_c, trip.type, zone.name});
            else
                same->zones += ", " + zone.name;
        }
    }
    std::vector<ReferenceLine> out;
    for (const auto& t : trips)
        out.push_back({t.temp_c, fmt::format("{} {} °C: {}", t.type.empty() ? "trip" : t.type,
                                             text::number(t.temp_c, 1), t.zones)});
    return out;
}

std::vector<TimeSpan> union_of(const std::vector<FlagTimeline>& flags) {
    std::vector<TimeSpan> spans;
    for (const auto& f : flags)
        spans.insert(spans.end(), f.spans.begin(), f.spans.end());
    std::sort(spans.begin(), spans.end(),
              [](const TimeSpan& a, const TimeSpan& b) { return a.from_s < b.from_s; });
    std::vector<TimeSpan> out;
    for (const auto& s : spans)
        if (!out.empty() && s.from_s <= out.back().to_s)
            out.back().to_s = std::max(out.back().to_s, s.to_s);
        else
            out.push_back(s);
    return out;
}

void time_plots(Markup& m, const std::string& prefix, const HtmlSession& s,
                const std::vector<FlagTimeline>& flags) {
    const auto& r = s.report;
    auto shaded = union_of(flags);
    double start = r.start_s;
    for (const auto& plot : s.plots.plots())
        for (const auto& series : plot.series)
            if (auto p = series.data.points(); !p.empty()) start = std::min(start, p.front().t_s);
    for (const auto& plot : s.plots.plots()) {
        TimeChart chart;
        chart.id = prefix + plot.id;
        chart.title = plot.title;
        chart.unit = plot.unit;
        // A unit that never had a reading (a tegrastats log without the CPU total) is left out.
        for (std::size_t i = 0; i < plot.series.size(); ++i)
            if (plot.series[i].data.values() > 0)
                chart.series.push_back(
                    {plot.series[i].name, plot.series[i].data.points(), chart.series.size()});
        if (chart.series.empty()) continue;
        if (plot.unit == "%") {
            chart.floor = 0;
            chart.ceiling = 100;
        } else if (plot.unit == "W") {
            chart.floor = 0;
        }
        if (plot.id == "thermal") chart.references = trip_lines(r.board, plot);
        chart.shaded = shaded;
        chart.start_s = start;
        chart.end_s = r.start_s + r.duration_s;
        if (plot.dropped_series > 0)
            chart.note = fmt::format(
                "{} readings of further names were left out (at most {} "
                "series are drawn).",
                plot.dropped_series, SessionPlots::kMaxSeries);
        render_time_chart(m, chart);
    }
    render_flag_timeline(m, prefix + "flags", flags, start, r.start_s + r.duration_s);
}

void distributions(Markup& m, const std::string& prefix, const SessionReport& r) {
    m.open("div", {{"class", "wide"}});
    m.open("table");
    std::vector<std::string> head{"metric", "unit", "mean"};
    for (double f : analysis::kReportCdfFractions)
        head.push_back(fmt::format("p{}", static_cast<int>(f * 100 + 0.5)));
    head.push_back("max");
    table_row(m, head, true);
    for (const auto& metric : r.metrics) {
        if (metric.summary.count() == 0) continue;
        int decimals = metric.unit == "mW" ? 0 : 1;
        std::vector<std::string> row{metric_label(metric), metric.unit,
                                     num(metric.summary.mean(), decimals)};
        for (double f : analysis::kReportCdfFractions)
            row.push_back(num(metric.summary.quantile(f), decimals));
        row.push_back(num(metric.summary.max(), decimals));
        table_row(m, row);
    }
    m.close();
    m.close();
    struct Group {
        const char* id;
        const char* title;
        std::set<std::string> families;
        const char* unit;
        double scale;
    };
    const Group groups[] = {{"cdf-cores", "CPU cores", {"core"}, "%", 1},
                            {"cdf-util", "CPU, GPU and EMC", {"cpu", "gpu", "emc"}, "%", 1},
                            {"cdf-power", "Power per rail and total", {"rail", "power"}, "W", 1e-3},
                            {"cdf-thermal", "Zone temperatures", {"thermal"}, "°C", 1},
                            {"cdf-disk", "Disk read and write", {"disk"}, "MiB/s", 1},
                            {"cdf-net", "Network receive and transmit", {"net"}, "MiB/s", 1}};
    for (const auto& g : groups) {
        std::vector<CdfSeries> series;
        for (const auto& metric : r.metrics)
            if (g.families.count(metric.family) && metric.summary.count() > 0)
                series.push_back({metric.name, &metric.summary, g.scale, series.size()});
        if (!series.empty()) render_cdf_chart(m, prefix + g.id, g.title, g.unit, series);
    }
}

void energy_row(Markup& m, const std::string& name, const analysis::Energy& e) {
    table_row(m, {name, num(e.measured_joules(), 1), num(e.measured_wh(), 4), num(e.average_w(), 2),
                  text::number(e.covered_s, 1)});
}

void energy(Markup& m, const SessionReport& r) {
    m.open("table");
    table_row(m, {"rail", "energy (J)", "energy (Wh)", "average (W)", "covered (s)"}, true);
    for (const auto& rail : r.rail_energy)
        energy_row(m, rail.is_total ? rail.name + " (input)" : rail.name, rail.energy);
    energy_row(m, "total", r.total_energy);
    m.close();
}

void flags_table(Markup& m, const SessionReport& r) {
    m.element("p",
              r.flags_recomputed ? "Recomputed from the samples: the session recorded no events."
                                 : "As recorded.",
              {{"class", "sub"}});
    if (r.flags.empty()) {
        m.element("p", "No flag was raised.");
        return;
    }
    m.open("table");
    table_row(m, {"flag", "raised", "active (s)", "first raised (s)", "longest episode (s)"}, true);
    for (const auto& f : r.flags)
        table_row(m, {f.id + (f.active_at_end ? " (active at end)" : ""), std::to_string(f.raised),
                      text::number(f.active_s, 1), num(f.first_raised_s),
                      text::number(f.longest_episode_s, 1)});
    m.close();
    m.element("p", "Worst episode of each (the longest; its evidence when raised):");
    for (const auto& f : r.flags) {
        m.open("p");
        m.element("strong", f.id);
        m.text(fmt::format(" at {} s: {}", num(f.worst_raised_s), f.worst_message));
        m.close();
        m.element("pre",
                  f.worst_evidence.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
}

void session_section(Markup& m, std::size_t index, const HtmlSession& s) {
    const auto& r = s.report;
    std::string prefix = fmt::format("s{}-", index + 1);
    m.open("section", {{"class", "session"}, {"id", fmt::format("session-{}", index + 1)}});
    m.element("h2", fmt::format("Session {}: {}", index + 1, r.name));
    facts_table(m, r);
    auto flags = s.plots.flags(r.flags_recomputed, r.start_s + r.duration_s);
    m.element("h3", "Over time");
    time_plots(m, prefix, s, flags);
    if (auto dropped = s.plots.dropped_flags(r.flags_recomputed))
        m.element("p",
                  fmt::format("{} of further flags were not drawn (at most {} flags).",
                              plural(static_cast<int64_t>(dropped), "event"), FlagSpans::kMaxFlags),
                  {{"class", "note"}});
    m.element("h3", "Distributions");
    m.element("p",
              "p10..p99: the value at or below which that share of the samples lies; the charts "
              "draw the whole CDF.",
              {{"class", "sub"}});
    distributions(m, prefix, r);
    m.element("h3", "Energy");
    m.element("p", "Trapezoidal over the sample timestamps.", {{"class", "sub"}});
    energy(m, r);
    m.element("h3", "Flags");
    flags_table(m, r);
    m.close();
}

const analysis::MetricReport* metric_of(const SessionReport& r, const std::string& family,
                                        const std::string& name = "") {
    for (const auto& metric : r.metrics)
        if (metric.family == family && (name.empty() || metric.name == name) &&
            metric.summary.count() > 0)
            return &metric;
    return nullptr;
}

void comparison(Markup& m, const std::vector<HtmlSession>& sessions) {
    m.open("section", {{"class", "comparison"}, {"id", "comparison"}});
    m.element("h2", "Comparison");
    m.open("ul", {{"class", "legend"}});
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        m.open("li");
        m.element("span", "", {{"class", fmt::format("key s{}", i % 12)}});
        m.text(fmt::format("{}: {}", i + 1, sessions[i].report.name));
        m.close();
    }
    m.close();
    m.open("div", {{"class", "wide"}});
    m.open("table");
    std::vector<std::string> head{""};
    for (std::size_t i = 0; i < sessions.size(); ++i)
        head.push_back(fmt::format("{}: {}", i + 1, sessions[i].report.name));
    table_row(m, head, true);
    auto row = [&](const std::string& label, auto cell) {
        std::vector<std::string> cells{label};
        for (const auto& s : sessions)
            cells.push_back(cell(s.report));
        table_row(m, cells);
    };
    row("duration (s)", [](const SessionReport& r) { return text::number(r.duration_s, 1); });
    row("samples", [](const SessionReport& r) { return std::to_string(r.samples); });
    row("power mode", [](const SessionReport& r) { return power_mode_name(r.board); });
    row("energy (J)",
        [](const SessionReport& r) { return num(r.total_energy.measured_joules(), 1); });
    row("energy (Wh)", [](const SessionReport& r) { return num(r.total_energy.measured_wh(), 4); });
    row("average power (W)",
        [](const SessionReport& r) { return num(r.total_energy.average_w(), 2); });
    std::vector<std::string> ids;
    for (const auto& s : sessions)
        for (const auto& f : s.report.flags)
            if (std::find(ids.begin(), ids.end(), f.id) == ids.end()) ids.push_back(f.id);
    auto flag_of = [](const SessionReport& r,
                      const std::string& id) -> const analysis::FlagReport* {
        for (const auto& f : r.flags)
            if (f.id == id) return &f;
        return nullptr;
    };
    for (const auto& id : ids)
        row(id + " (s)", [&](const SessionReport& r) {
            const auto* f = flag_of(r, id);
            return f ? fmt::format("{} ({}x)", text::number(f->active_s, 1), f->raised)
                     : std::string("0");
        });
    m.close();
    m.close();

    auto bars = [&](const char* id, const char* title, const char* unit, auto value) {
        std::vector<Bar> out;
        for (std::size_t i = 0; i < sessions.size(); ++i)
            out.push_back({fmt::format("{}: {}", i + 1, sessions[i].report.name),
                           value(sessions[i].report), i});
        render_bar_chart(m, id, title, unit, out);
    };
    bars("cmp-duration", "Duration", "s",
         [](const SessionReport& r) { return std::optional<double>(r.duration_s); });
    bars("cmp-energy", "Energy", "J",
         [](const SessionReport& r) { return r.total_energy.measured_joules(); });
    bars("cmp-power", "Average power", "W",
         [](const SessionReport& r) { return r.total_energy.average_w(); });
    if (!ids.empty()) {
        std::vector<Bar> out;
        for (const auto& id : ids)
            for (std::size_t i = 0; i < sessions.size(); ++i) {
                const auto* f = flag_of(sessions[i].report, id);
                out.push_back({fmt::format("{} · {}", id, i + 1),
                               std::optional<double>(f ? f->active_s : 0), i});
            }
        render_bar_chart(m, "cmp-flags", "Time under each flag", "s", out);
    }
    struct Compared {
        const char* id;
        const char* title;
        const char* family;
        const char* name;
        const char* unit;
        double scale;
    };
    const Compared compared[] = {{"cmp-cdf-cpu", "CPU utilisation", "cpu", "cpu", "%", 1},
                                 {"cmp-cdf-gpu", "GPU utilisation", "gpu", "", "%", 1},
                                 {"cmp-cdf-emc", "EMC utilisation", "emc", "emc", "%", 1},
                                 {"cmp-cdf-power", "Total power", "power", "total", "W", 1e-3}};
    for (const auto& c : compared) {
        std::vector<CdfSeries> series;
        for (std::size_t i = 0; i < sessions.size(); ++i)
            if (const auto* metric = metric_of(sessions[i].report, c.family, c.name))
                series.push_back({fmt::format("{}: {}", i + 1, sessions[i].report.name),
                                  &metric->summary, c.scale, i});
        if (!series.empty()) render_cdf_chart(m, c.id, c.title, c.unit, series);
    }
    m.close();
}

}  // namespace

std::string render_html_report(const std::vector<HtmlSession>& sessions) {
    Markup m;
    m.trusted("<!DOCTYPE html>\n");
    m.open("html", {{"lang", "en"}});
    m.open("head");
    m.empty("meta", {{"charset", "utf-8"}});
    m.empty("meta", {{"name", "viewport"}, {"content", "width=device-width, initial-scale=1"}});
    m.empty("meta", {{"name", "color-scheme"}, {"content", "light dark"}});
    std::string names;
    for (const auto& s : sessions)
        names += (names.empty() ? "" : ", ") + s.report.name;
    m.element("title", "edgetop report: " + names);
    m.open("style");
    m.trusted(style_sheet());
    m.close();
    m.close();  // head
    m.open("body");
    m.open("header");
    m.element("h1", "edgetop report");
    m.element(
        "p", fmt::format("{}: {}", plural(static_cast<int64_t>(sessions.size()), "session"), names),
        {{"class", "sub"}});
    m.close();
    for (std::size_t i = 0; i < sessions.size(); ++i)
        session_section(m, i, sessions[i]);
    if (sessions.size() > 1) comparison(m, sessions);
    m.open("footer");
    m.element(
        "p", fmt::format("Plots over time are decimated per pixel column, in one pass: a series of "
                         "up to {} readings is drawn as it is; a longer one keeps, in each time "
                         "interval no wider than one of the {} pixel columns of the plotting area, "
                         "its lowest and its highest reading, so peaks and dips stay visible. A "
                         "line breaks where a reading is missing. CDFs are drawn every 2 % of the "
                         "samples from the report's quantile sketch (within 1 % of the exact "
                         "value). Times are seconds since the session started.",
                         2 * kPlotColumns, kPlotColumns));
    m.element("p", "Written by edgetop: one self-contained file, no script, nothing fetched.");
    m.close();
    m.close();  // body
    m.close();  // html
    std::string out = m.finish();
    out += '\n';
    return out;
}

}  // namespace edgetop::html
