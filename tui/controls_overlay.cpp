// The boxes of the board controls over the page: the power modes with their caps while one is
// being chosen, and a finished command's exit status and output.
#include <fmt/format.h>

#include <algorithm>

#include "edgetop/number_text.hpp"
#include "sensors/core/text_scan.hpp"
#include "text/text_units.hpp"
#include "tui/control_keys.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

void cursor_list(const Canvas& c, const std::vector<std::string>& lines, int cursor);

std::string mode_line(const PowerMode& m, std::optional<int> current) {
    std::optional<int64_t> cpu;
    for (const auto& [cluster, khz] : m.cpu_max_khz)
        cpu = std::max(cpu.value_or(0), khz);
    std::string budget = m.budget_w ? fmt::format("{:g} W", *m.budget_w) : text::kAbsent;
    return fmt::format("{}{:>3}  {:<22} {:>6}  CPU {:>9}  GPU {:>9}  EMC {:>9}  {}",
                       current == m.id ? '*' : ' ', m.id, m.name, budget,
                       text::format_freq_khz(cpu), text::format_freq_hz(m.gpu_max_hz),
                       m.emc_max_hz ? text::format_freq_hz(m.emc_max_hz) : "no cap",
                       plural(static_cast<int64_t>(m.online_cores.size()), "core"));
}

Canvas box(WINDOW* win, const Theme& theme, int want_rows, int want_cols) {
    int rows = 0, cols = 0;
    getmaxyx(win, rows, cols);
    Canvas c(win, overlay_rect(rows, cols, want_rows, want_cols), theme);
    for (int y = 0; y < c.height(); ++y)
        c.fill(y, Style::normal);
    return c;
}

void power_modes(WINDOW* win, const FrameContext& ctx) {
    std::vector<std::string> lines;
    size_t width = 40;
    for (const auto& m : ctx.board.power_modes) {
        lines.push_back(mode_line(m, ctx.board.current_mode_id));
        width = std::max(width, lines.back().size());
    }
    Canvas c = box(win, ctx.theme, static_cast<int>(lines.size()) + 2, static_cast<int>(width) + 2);
    c.title(0, "Power modes (/etc/nvpmodel.conf)", "* active");
    cursor_list(c, lines, ctx.ui.list_cursor);
}

// The lines from row 1 on, the cursor's highlighted and always in sight; "+N more" below where
// they do not all fit.
void cursor_list(const Canvas& c, const std::vector<std::string>& lines, int cursor) {
    int count = static_cast<int>(lines.size());
    int room = c.height() - 1;
    int shown = count <= room ? count : std::max(0, room - 1);
    if (shown == 0) return;
    cursor = std::clamp(cursor, 0, count - 1);
    int first = std::clamp(cursor - shown + 1, 0, count - shown);
    for (int i = 0; i < shown; ++i) {
        bool on = first + i == cursor;
        if (on) c.fill(1 + i, Style::selected);
        c.text(1 + i, 1, lines[static_cast<size_t>(first + i)],
               on ? Style::selected : Style::normal);
    }
    int below = count - first - shown;
    if (below > 0) c.text(1 + shown, 1, fmt::format("+{} more", below), Style::dim);
}

void fan_profiles_box(WINDOW* win, const FrameContext& ctx) {
    std::vector<std::string> lines;
    for (const char* profile : fan_profiles())
        lines.push_back(fmt::format("{}  {}", profile[0], profile));
    Canvas c = box(win, ctx.theme, static_cast<int>(lines.size()) + 2, 40);
    c.title(0, "Fan profile (nvpmodel -d)");
    cursor_list(c, lines, ctx.ui.list_cursor);
}

void outcome(WINDOW* win, const FrameContext& ctx, const ControlOutcome& result) {
    std::vector<std::string> lines;
    std::string_view out = result.output;
    while (!out.empty())
        lines.emplace_back(next_line(out));
    if (lines.empty()) lines.push_back("(no output)");
    size_t width = 50;
    for (const auto& l : lines)
        width = std::max(width, l.size());
    Canvas c = box(win, ctx.theme, static_cast<int>(lines.size()) + 2, static_cast<int>(width) + 2);
    c.title(0, result.command, fmt::format("exit {}  any key closes", result.status));
    // The last lines are the ones that tell how it ended.
    int room = std::max(0, c.height() - 1);
    size_t first = lines.size() > static_cast<size_t>(room) ? lines.size() - room : 0;
    for (size_t i = first; i < lines.size(); ++i)
        c.text(1 + static_cast<int>(i - first), 1, lines[i],
               result.status == 0 ? Style::normal : Style::warn);
}

}  // namespace

void draw_controls_overlay(WINDOW* win, const FrameContext& ctx) {
    if (ctx.ui.control_result)
        outcome(win, ctx, *ctx.ui.control_result);
    else if (ctx.ui.prompt == Prompt::power_mode)
        power_modes(win, ctx);
    else if (ctx.ui.prompt == Prompt::fan_choice)
        fan_profiles_box(win, ctx);
}

}  // namespace edgetop::tui
