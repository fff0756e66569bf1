#include "tui/frame.hpp"

#include <algorithm>

#include "tui/pages.hpp"
#include "tui/panel_table.hpp"

namespace edgetop::tui {

std::vector<const ProcessSample*> visible_processes(const ViewModel& view, const UiState& ui) {
    const auto& procs = view.sample().procs;
    if (!procs) return {};
    if (ui.process_tree) return select_process_tree(process_source(*procs), ui.query).rows;
    return select_processes(process_source(*procs), ui.query);
}

int process_table_rows(int rows, int cols, const ViewModel& view) {
    for (const auto& panel : layout_page(Page::processes, rows, cols, view.layout_model()))
        if (panel.id == PanelId::process_table) return std::max(0, panel.rect.h - 2);
    return 0;
}

void clamp_scroll(UiState& ui, const ScrollLimits& limits) {
    if (limits.timeline) ui.timeline_scroll = std::min(ui.timeline_scroll, *limits.timeline);
    if (limits.detail) ui.detail_scroll = std::min(ui.detail_scroll, *limits.detail);
    if (limits.help) ui.help_scroll = std::min(ui.help_scroll, *limits.help);
}

void draw_frame(WINDOW* win, const FrameContext& ctx) {
    werase(win);
    int rows = 0, cols = 0;
    getmaxyx(win, rows, cols);
    int body_top = rows, body_bottom = 0;  // what the page's own panels cover
    const auto panels = layout_page(ctx.ui.page, rows, cols, ctx.view.layout_model());
    const bool absent_line = std::any_of(panels.begin(), panels.end(), [](const Panel& p) {
        return p.id == PanelId::absent_sources;
    });
    for (const auto& panel : panels) {
        Canvas c(win, panel.rect, ctx.theme);
        if (panel.id != PanelId::header && panel.id != PanelId::tabs &&
            panel.id != PanelId::footer) {
            body_top = std::min(body_top, panel.rect.y);
            body_bottom = std::max(body_bottom, panel.rect.bottom());
        }
        if (panel.state == PanelState::folded) {
            draw_folded_panel(panel.id, c, ctx);
            continue;
        }
        if (panel.id == PanelId::footer)
            draw_footer(c, ctx, absent_line);
        else if (panel.id == PanelId::absent_sources)
            draw_absent_sources(c, ctx, panel.listed);
        else if (panel.id == PanelId::more_panels)
            draw_more_panels(c, panel.listed);
        else if (PanelDraw draw = panel_info(panel.id).draw)
            draw(c, ctx);
    }
    if (ctx.ui.page == Page::analysis && !ctx.ui.flag_detail.empty() && body_bottom > body_top)
        draw_flag_detail(Canvas(win, {body_top, 0, body_bottom - body_top, cols}, ctx.theme), ctx);
    draw_controls_overlay(win, ctx);
    if (ctx.ui.help) draw_help(win, ctx);
}

}  // namespace edgetop::tui
