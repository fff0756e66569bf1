// The Analysis page's chart of every rule over the session: one row per rule of the catalog, a
// mark in each column of time while its flag was raised, a dotted track while it was not, and
// a time axis below ("-02:00" at the left edge, "now" at the right).
#include <fmt/format.h>

#include <algorithm>

#include "analysis/rules_catalog.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

struct Period {
    double from, to;
};

// The periods a flag was raised, from the view's raise/clear events; one still raised ends now.
std::vector<Period> raised_periods(const std::vector<FlagEvent>& events, const std::string& id,
                                   double now) {
    std::vector<Period> periods;
    std::optional<double> since;
    for (const auto& e : events) {
        if (e.id != id) continue;
        if (e.raised && !since) since = e.t_s;
        if (!e.raised && since) periods.push_back({*since, e.t_s}), since.reset();
    }
    if (since) periods.push_back({*since, now});
    return periods;
}

}  // namespace

int flag_gantt_rows() {
    return static_cast<int>(analysis::rule_catalog().size()) + 2;  // title, rules, axis
}

void draw_flag_gantt(const Canvas& c, const FrameContext& ctx) {
    const auto& rules = analysis::rule_catalog();
    double now = ctx.view.sample().t_s;
    double start = ctx.view.first_t_s();
    double span = std::max(0.0, now - start);
    c.title(0, "Rules over time", span > 0 ? "this session" : "");
    size_t label_w = 0;
    for (const auto& rule : rules)
        label_w = std::max(label_w, rule.id.size());
    int x0 = static_cast<int>(label_w) + 2;
    int w = c.width() - x0;
    if (w < 4) return;
    const bool ascii = c.ascii();
    for (size_t r = 0; r < rules.size() && static_cast<int>(r) + 1 < c.height(); ++r) {
        int y = 1 + static_cast<int>(r);
        auto periods = raised_periods(ctx.view.flag_events(), rules[r].id, now);
        c.text(y, 0, rules[r].id, periods.empty() ? Style::dim : Style::label);
        std::string track;
        std::vector<int> raised_cells;
        for (int i = 0; i < w; ++i) {
            double from = start + span * i / w, to = start + span * (i + 1) / w;
            bool raised = std::any_of(periods.begin(), periods.end(),
                                      [&](const Period& p) { return p.from < to && p.to >= from; });
            track += ascii ? "." : "·";
            if (raised) raised_cells.push_back(i);
        }
        c.text(y, x0, track, Style::dim);
        for (int i : raised_cells)
            c.text(y, x0 + i, ascii ? "#" : "█", Style::crit);
    }
    int axis = static_cast<int>(rules.size()) + 1;
    if (axis < c.height()) {
        c.text(axis, x0, span > 0 ? "-" + text::format_duration_s(span) : "", Style::dim);
        c.text_right(axis, "now", Style::dim);
    }
}

}  // namespace edgetop::tui
