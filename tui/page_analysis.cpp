// Page 7, Analysis: the active bottleneck flags, each with its message word-wrapped and its
// evidence as small tables; Up/Down select one, Enter opens its detail (page_analysis_detail.cpp).
// Below, when each flag was raised and cleared in this session. The pressure stalls:
// panel_pressure.cpp.
#include <fmt/format.h>

#include <algorithm>

#include "text/text_units.hpp"
#include "tui/evidence_lines.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// Rows of an evidence table shown in the list; the detail view shows them all.
constexpr int kListTableRows = 4;

const FlagDetail* detail_of(const FrameContext& ctx, const std::string& id) {
    for (const auto& d : ctx.flag_details)
        if (d.id == id) return &d;
    return nullptr;
}

// The lines of one flag: its id (marked when selected), its message, its evidence.
std::vector<Line> flag_lines(const FrameContext& ctx, const std::string& id, bool selected,
                             int width) {
    std::vector<Line> lines;
    const FlagDetail* d = detail_of(ctx, id);
    const bool clearing = d && !d->holds_now;
    lines.push_back(
        {(selected ? "> " : "  ") + id + (clearing ? "  clearing: no longer holds" : ""),
         selected ? Style::selected : (clearing ? Style::warn : Style::crit)});
    if (!d) return lines;
    for (auto& text : wrap_text(d->message, width - 4))
        lines.push_back({"    " + text});
    for (auto& line : evidence_lines(d->evidence, width - 4, kListTableRows))
        lines.push_back(
            {"    " + line.text, line.style == Style::normal ? Style::dim : line.style});
    return lines;
}

void flag_list(const Canvas& c, const FrameContext& ctx) {
    const auto& flags = ctx.view.sample().flags;
    c.title(0, "Active flags",
            flags.empty() ? "0 active" : fmt::format("{} active, Enter: detail", flags.size()));
    if (flags.empty()) {
        c.text(1, 0,
               ctx.analysis_enabled ? "no bottleneck flag is active"
                                    : "no rules are active: the analysis engine is not running",
               Style::dim);
        return;
    }
    const int count = static_cast<int>(flags.size());
    const int selected = std::clamp(ctx.ui.selected_flag, 0, count - 1);
    std::vector<std::vector<Line>> entries;
    for (int i = 0; i < count; ++i)
        entries.push_back(flag_lines(ctx, flags[static_cast<size_t>(i)], i == selected, c.width()));
    // Start at the first flag when the selected one fits below it, else at the selected one.
    const int rows = c.height() - 1;
    int first = 0, needed = 0;
    for (int i = 0; i <= selected; ++i)
        needed += static_cast<int>(entries[static_cast<size_t>(i)].size());
    if (needed > rows) first = selected;
    int y = 1;
    int i = first;
    bool cut = false;  // the last flag drawn did not fit whole
    for (; i < count; ++i) {
        if (y > rows) break;  // flag i is not drawn at all
        for (const auto& line : entries[static_cast<size_t>(i)]) {
            if (y > rows) {
                cut = true;
                break;
            }
            if (line.style == Style::selected) c.fill(y, Style::selected);
            c.text(y++, 0, line.text, line.style);
        }
    }
    const int hidden = first + (count - i);
    if ((hidden > 0 || cut) && rows >= 2) {
        c.fill(rows, Style::normal);
        c.text(rows, 0,
               hidden > 0 ? fmt::format("+{} more flag{}: Up/Down select, Enter shows one whole",
                                        hidden, hidden == 1 ? "" : "s")
                          : std::string("... Enter shows the whole flag"),
               Style::dim);
    }
}

void timeline(const Canvas& c, const FrameContext& ctx) {
    const auto& events = ctx.view.flag_events();
    c.title(0, "Timeline", fmt::format("{} events", events.size()));
    if (events.empty()) {
        c.text(1, 0, "no flag was raised in this session", Style::dim);
        return;
    }
    int visible = c.height() - 1;
    const int last_scroll = std::max(0, static_cast<int>(events.size()) - visible);
    if (ctx.limits) ctx.limits->timeline = last_scroll;
    int scroll = std::clamp(ctx.ui.timeline_scroll, 0, last_scroll);
    for (int r = 0; r < visible; ++r) {
        int index = static_cast<int>(events.size()) - 1 - scroll - r;  // newest first
        if (index < 0) break;
        const FlagEvent& e = events[static_cast<size_t>(index)];
        int x =
            c.text(1 + r, 0, fmt::format("{:>10}  ", text::format_duration_s(e.t_s)), Style::dim);
        x = c.text(1 + r, x, e.raised ? "raised  " : "cleared ",
                   e.raised ? Style::crit : Style::good);
        c.text(1 + r, x, e.id);
    }
}

}  // namespace

void draw_flag_list(const Canvas& c, const FrameContext& ctx) {
    flag_list(c, ctx);
}

// The chart of every rule over time above the list of events, where both fit.
void draw_flag_timeline(const Canvas& c, const FrameContext& ctx) {
    int chart = flag_gantt_rows();
    if (c.height() < chart + 3) {
        timeline(c, ctx);
        return;
    }
    draw_flag_gantt(c.sub(0, 0, chart, c.width()), ctx);
    timeline(c.sub(chart, 0, c.height() - chart, c.width()), ctx);
}

}  // namespace edgetop::tui
