#include "tui/frame.hpp"

#include <algorithm>
#include <array>

#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// Source status names start with the family ("gpu.devfreq"); each page names its families.
std::vector<std::string_view> families(Page page) {
    switch (page) {
        case Page::overview:
            return {};
        case Page::cpu:
            return {"cpu", "system"};
        case Page::gpu:
            return {"gpu", "engines"};
        case Page::power:
            return {"power", "rapl", "thermal", "fan"};
        case Page::memory:
            return {"memory", "mem", "emc"};
        case Page::processes:
            return {"processes", "procs"};
        case Page::analysis:
            return {"analysis"};
        case Page::info:
            return {"board"};
    }
    return {};
}

bool in_families(std::string_view name, const std::vector<std::string_view>& wanted) {
    if (wanted.empty()) return true;
    std::string_view family = name.substr(0, name.find('.'));
    return std::find(wanted.begin(), wanted.end(), family) != wanted.end();
}

void draw_panel(Page page, PanelId id, const Canvas& c, const FrameContext& ctx) {
    switch (page) {
        case Page::overview:
            draw_overview_panel(id, c, ctx);
            break;
        case Page::cpu:
            draw_cpu_panel(id, c, ctx);
            break;
        case Page::gpu:
            draw_gpu_panel(id, c, ctx);
            break;
        case Page::power:
            draw_power_panel(id, c, ctx);
            break;
        case Page::memory:
            draw_memory_panel(id, c, ctx);
            break;
        case Page::processes:
            draw_processes_panel(id, c, ctx);
            break;
        case Page::analysis:
            draw_analysis_panel(id, c, ctx);
            break;
        case Page::info:
            draw_info_panel(id, c, ctx);
            break;
    }
}

}  // namespace

std::string missing_hint(Page page, const std::vector<SourceStatus>& status) {
    auto wanted = families(page);
    const SourceStatus* first = nullptr;
    int count = 0;
    for (const auto& s : status) {
        if (s.state == SourceStatus::State::found || !in_families(s.name, wanted)) continue;
        // Root-only inputs are the ones a user can act on: show them first.
        if (!first || (s.state == SourceStatus::State::needs_root &&
                       first->state != SourceStatus::State::needs_root))
            first = &s;
        ++count;
    }
    if (!first) return {};
    std::string hint = "n/a: " + first->name + " " +
                       (first->state == SourceStatus::State::needs_root ? "needs root" : "absent");
    if (!first->hint.empty()) hint += " (" + first->hint + ")";
    if (count > 1) hint += " +" + std::to_string(count - 1) + " more: edgetop --check";
    return hint;
}

std::vector<const ProcessSample*> visible_processes(const ViewModel& view, const UiState& ui) {
    const auto& procs = view.sample().procs;
    if (!procs) return {};
    return select_processes(process_source(*procs), ui.query);
}

int process_table_rows(int rows, int cols, const ViewModel& view) {
    for (const auto& panel : layout_page(Page::processes, rows, cols, view.layout_model()))
        if (panel.id == PanelId::process_table) return std::max(0, panel.rect.h - 1);
    return 0;
}

void draw_frame(WINDOW* win, const FrameContext& ctx) {
    werase(win);
    int rows = 0, cols = 0;
    getmaxyx(win, rows, cols);
    for (const auto& panel : layout_page(ctx.ui.page, rows, cols, ctx.view.layout_model())) {
        Canvas c(win, panel.rect, ctx.theme);
        switch (panel.id) {
            case PanelId::header:
                draw_header(c, ctx);
                break;
            case PanelId::tabs:
                draw_tabs(c, ctx);
                break;
            case PanelId::footer:
                draw_footer(c, ctx);
                break;
            default:
                draw_panel(ctx.ui.page, panel.id, c, ctx);
                break;
        }
    }
    draw_controls_overlay(win, ctx);
    if (ctx.ui.help) draw_help(win, ctx.theme);
}

}  // namespace edgetop::tui
