// Page 7, Analysis: the active bottleneck flags with their evidence, and when each was raised
// and cleared in this session; the pressure stalls (panel_pressure.cpp).
#include <fmt/format.h>

#include <algorithm>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

const FlagDetail* detail_of(const FrameContext& ctx, const std::string& id) {
    for (const auto& d : ctx.flag_details)
        if (d.id == id) return &d;
    return nullptr;
}

void flag_list(const Canvas& c, const FrameContext& ctx) {
    const auto& flags = ctx.view.sample().flags;
    c.title(0, "Active flags", fmt::format("{} active", flags.size()));
    if (flags.empty()) {
        c.text(1, 0,
               ctx.analysis_enabled ? "no bottleneck flag is active"
                                    : "no rules are active: the analysis engine is not running",
               Style::dim);
        return;
    }
    int y = 1;
    for (const auto& id : flags) {
        c.text(y++, 0, id, Style::crit);
        if (const FlagDetail* d = detail_of(ctx, id)) {
            if (!d->message.empty()) c.text(y++, 2, d->message);
            if (!d->evidence.empty()) c.text(y++, 2, d->evidence, Style::dim);
        }
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
    int scroll = std::clamp(ctx.ui.timeline_scroll, 0,
                            std::max(0, static_cast<int>(events.size()) - visible));
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

void draw_analysis_panel(PanelId id, const Canvas& c, const FrameContext& ctx) {
    if (id == PanelId::flag_list) flag_list(c, ctx);
    if (id == PanelId::flag_timeline) timeline(c, ctx);
    if (id == PanelId::pressure) draw_pressure_panel(c, ctx.view.sample());
}

}  // namespace edgetop::tui
