// The one-line forms of panels: a panel folded to one row, the status line of absent sources and
// the row naming the panels that got none (see layout.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "tui/pages.hpp"
#include "tui/panel_table.hpp"

namespace edgetop::tui {
namespace {

std::string_view absent_text(PanelId id, const FrameContext& ctx) {
    const PanelInfo& info = panel_info(id);
    if (!ctx.analysis_enabled && !info.absent_without_rules.empty())
        return info.absent_without_rules;
    return info.absent.empty() ? info.title : info.absent;
}

}  // namespace

std::string more_items(int hidden, std::string_view kind) {
    return fmt::format("+{} more {}", hidden, kind);
}

void draw_folded_panel(PanelId id, const Canvas& c, const FrameContext& ctx) {
    PanelItems items = panel_items(id, ctx.view.layout_model());
    int x = c.text(0, 0, std::string(panel_title(id)) + ": ", Style::label);
    c.text(0, x, items.count > 0 ? more_items(items.count, items.kind) : "too small", Style::dim);
}

void draw_absent_sources(const Canvas& c, const FrameContext& ctx,
                         const std::vector<PanelId>& panels) {
    std::vector<std::string_view> texts;
    for (PanelId id : panels) {
        std::string_view text = absent_text(id, ctx);
        if (std::find(texts.begin(), texts.end(), text) == texts.end()) texts.push_back(text);
    }
    std::string line = "n/a:";
    for (size_t i = 0; i < texts.size(); ++i)
        line += std::string(i == 0 ? " " : ", ") + std::string(texts[i]);
    c.text(0, 0, line, Style::dim);
}

void draw_more_panels(const Canvas& c, const std::vector<PanelId>& panels) {
    std::string line = fmt::format("+{} more panels (too small):", panels.size());
    for (PanelId id : panels)
        line += " " + std::string(panel_title(id));
    c.text(0, 0, line, Style::dim);
}

}  // namespace edgetop::tui
