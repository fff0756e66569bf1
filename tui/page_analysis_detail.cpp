// The detail view of one flag on the Analysis page (Enter opens it, Esc closes it): its message,
// when it was raised and cleared in this run and for how long, its evidence now in full, and its
// evidence values over time as far as the view model keeps them (FlagHistory).
#include <fmt/format.h>

#include <algorithm>

#include "edgetop/number_text.hpp"
#include "text/text_units.hpp"
#include "tui/evidence_lines.hpp"
#include "tui/flag_severity.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

constexpr size_t kMaxPeriods = 5;

// Times to the tenth of a second: a flag may be raised and cleared within one second, and
// periods that start in the same second must still read apart.
std::string at(double t_s) {
    return text::format_clock_tenths(t_s);
}

// "0.4 s", "12.3 s", "00:12:03": tenths while they still matter.
std::string lasting(double seconds) {
    return text::format_session_time(std::max(0.0, seconds));
}

std::vector<Line> state_lines(const FlagHistory& h, bool raised_now, double now_s) {
    std::vector<Line> lines;
    double total = h.active_s;
    if (raised_now && h.raised_at_s) {
        total += std::max(0.0, now_s - *h.raised_at_s);
        lines.push_back({fmt::format("raised at {}, active for {}", at(*h.raised_at_s),
                                     lasting(now_s - *h.raised_at_s)),
                         severity_style(flag_severity(h.id))});
    } else if (h.cleared_at_s) {
        lines.push_back({fmt::format("cleared at {}", at(*h.cleared_at_s)), Style::good});
    }
    lines.push_back({fmt::format("raised {} in this run, active {} in all",
                                 plural(h.raised_count, "time"), lasting(total))});
    return lines;
}

// The raise/clear periods of this flag, newest first.
std::vector<Line> period_lines(const ViewModel& view, const std::string& id) {
    std::vector<std::pair<double, std::optional<double>>> periods;
    for (const auto& e : view.flag_events()) {
        if (e.id != id) continue;
        if (e.raised)
            periods.push_back({e.t_s, std::nullopt});
        else if (!periods.empty() && !periods.back().second)
            periods.back().second = e.t_s;
    }
    std::vector<Line> lines;
    for (size_t i = 0; i < periods.size() && i < kMaxPeriods; ++i) {
        const auto& [from, to] = periods[periods.size() - 1 - i];
        lines.push_back({fmt::format("  {:>10} .. {:<10}{}", at(from), to ? at(*to) : "now",
                                     to ? "  (" + lasting(*to - from) + ")" : "")});
    }
    if (periods.size() > kMaxPeriods)
        lines.push_back({fmt::format("  +{} earlier", periods.size() - kMaxPeriods), Style::dim});
    return lines;
}

// The values that changed over the kept snapshots, one row a snapshot, newest first.
std::vector<Line> over_time_lines(const FlagHistory& h) {
    std::vector<std::string> names;
    for (const auto& snap : h.snapshots)
        for (const auto& v : snap.values) {
            if (std::find(names.begin(), names.end(), v.name) != names.end()) continue;
            const auto& first = h.snapshots.front().values;
            auto same = std::find(first.begin(), first.end(), v);
            bool changed = same == first.end();
            for (const auto& other : h.snapshots)
                changed = changed || std::find(other.values.begin(), other.values.end(), v) ==
                                         other.values.end();
            if (changed) names.push_back(v.name);
        }
    std::vector<Line> lines;
    if (names.empty()) {
        lines.push_back({h.snapshots.empty() ? "  no evidence recorded"
                                             : "  the evidence did not change while raised",
                         Style::dim});
        return lines;
    }
    EvidenceTable table;
    table.title = fmt::format("changes (the last {} kept)", FlagHistory::kMaxSnapshots);
    table.columns.push_back("time");
    table.columns.insert(table.columns.end(), names.begin(), names.end());
    for (auto snap = h.snapshots.rbegin(); snap != h.snapshots.rend(); ++snap) {
        std::vector<std::string> row{at(snap->t_s)};
        for (const auto& name : names) {
            auto it = std::find_if(snap->values.begin(), snap->values.end(),
                                   [&](const EvidenceValue& v) { return v.name == name; });
            row.push_back(it != snap->values.end() ? it->value : "-");
        }
        table.rows.push_back(std::move(row));
    }
    auto table_text = table_lines(table, static_cast<int>(table.rows.size()));
    table_text.erase(table_text.begin());  // the section title says it
    return table_text;
}

}  // namespace

void draw_flag_detail(const Canvas& c, const FrameContext& ctx) {
    for (int y = 0; y < c.height(); ++y)
        c.fill(y, Style::normal);
    const std::string& id = ctx.ui.flag_detail;
    const FlagHistory* h = ctx.view.flag_history(id);
    const auto& flags = ctx.view.sample().flags;
    const bool raised_now = std::find(flags.begin(), flags.end(), id) != flags.end();
    c.title(0, fmt::format("Flag {} ({})", id, analysis::to_string(flag_severity(id))),
            "Esc closes, Up/Down: other flags");
    std::vector<Line> lines;
    if (!h) {
        lines.push_back({"this flag was not raised in this run", Style::dim});
    } else {
        for (auto& text : wrap_text(h->message, c.width()))
            lines.push_back({text});
        auto state = state_lines(*h, raised_now, ctx.view.sample().t_s);
        lines.insert(lines.end(), state.begin(), state.end());
        auto periods = period_lines(ctx.view, id);
        lines.push_back({"Raised .. cleared:", Style::label});
        lines.insert(lines.end(), periods.begin(), periods.end());
        lines.push_back(
            {raised_now ? "Evidence now:" : "Evidence when last raised:", Style::label});
        for (auto& line : evidence_lines(h->evidence, c.width() - 2, 1000))
            lines.push_back({"  " + line.text, line.style});
        lines.push_back({"Evidence over time:", Style::label});
        auto history = over_time_lines(*h);
        lines.insert(lines.end(), history.begin(), history.end());
    }
    // PgUp/PgDn scroll; the last row says how many lines are below when some are.
    const int rows = c.height() - 1;
    const int total = static_cast<int>(lines.size());
    const int last_first = std::max(0, total - rows);  // the last lines fill the panel
    if (ctx.limits) ctx.limits->detail = last_first;
    const int first = std::clamp(ctx.ui.detail_scroll, 0, last_first);
    const bool cut = total - first > rows;
    const int shown = cut ? std::max(0, rows - 1) : total - first;
    for (int i = 0; i < shown; ++i) {
        const Line& line = lines[static_cast<size_t>(first + i)];
        c.text(1 + i, 0, line.text, line.style);
    }
    if (cut && rows >= 1)
        c.text(rows, 0, fmt::format("+{} more lines: PgDn", total - first - shown), Style::dim);
}

}  // namespace edgetop::tui
