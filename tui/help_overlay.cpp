// The help overlay: every key of the view's key table (tui/keys.hpp) and a legend of the marks
// drawn beside values and in bars, in a bordered box over the page that scrolls where the screen
// is too small for it.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "tui/evidence_lines.hpp"
#include "tui/keys.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {

namespace {

// What the marks drawn beside values and in bars mean (canvas.cpp, levels.hpp), for the help.
struct Mark {
    std::string_view mark, ascii_mark;
    Style style;
    std::string_view meaning;
};
constexpr Mark kMarks[] = {
    {"+", "+", Style::warn,
     "warning: busy from 60 %, 15 °C below a trip point, a clock at its mode's cap; "
     "a flag that slows the work (yellow)"},
    {"!", "!", Style::crit,
     "critical: busy from 85 %, at a passive trip point; a flag of the board lowering clocks "
     "or running out of memory (red)"},
    {"\u2502", ":", Style::normal, "in a clock bar: where the power mode caps the clock"},
    {"n/a", "n/a", Style::dim,
     "a value this machine does not offer; the line above the keys says why (edgetop --check "
     "lists all)"},
    {"dim", "dim", Style::dim,
     "information (a flag such as power_mode_cap); CPU time: green user, magenta system, blue "
     "iowait"},
};

// One row of the help: a key (or mark) and a line of its text.
struct HelpLine {
    std::string key, text;
    Style key_style = Style::label;
};

// One entry: its text wrapped into the columns right of the keys.
void add_entry(std::vector<HelpLine>& lines, std::string_view key, Style key_style,
               std::string_view text, int text_w) {
    auto wrapped = wrap_text(text, std::max(8, text_w));
    for (size_t i = 0; i < wrapped.size(); ++i)
        lines.push_back({i == 0 ? std::string(key) : std::string(), wrapped[i], key_style});
}

int help_key_width() {
    int key_w = 0;
    for (const auto& k : key_help())
        key_w = std::max(key_w, shown_columns(k.keys));
    return key_w;
}

std::vector<HelpLine> help_lines(int width, bool ascii) {
    const int text_w = width - help_key_width() - 2;
    std::vector<HelpLine> lines;
    for (const auto& k : key_help())
        add_entry(lines, k.keys, Style::label, k.action, text_w);
    lines.push_back({});
    lines.push_back({"Marks", "", Style::title});
    for (const auto& m : kMarks)
        add_entry(lines, ascii ? m.ascii_mark : m.mark, m.style, m.meaning, text_w);
    return lines;
}

// A box around the canvas's edge, its title in the top line.
void draw_box(const Canvas& c, std::string_view title, std::string_view right) {
    const bool a = c.ascii();
    std::string horizontal;
    for (int i = 0; i < c.width() - 2; ++i)
        horizontal += a ? "-" : "\u2500";
    const char* corner[] = {a ? "+" : "\u250c", a ? "+" : "\u2510", a ? "+" : "\u2514",
                            a ? "+" : "\u2518"};
    const char* vertical = a ? "|" : "\u2502";
    c.text(0, 0, corner[0] + horizontal + corner[1], Style::dim);
    for (int y = 1; y + 1 < c.height(); ++y) {
        c.text(y, 0, vertical, Style::dim);
        c.text(y, c.width() - 1, vertical, Style::dim);
    }
    c.text(c.height() - 1, 0, corner[2] + horizontal + corner[3], Style::dim);
    int x = c.text(0, 2, " ", Style::title);
    x = c.text(0, x, title, Style::title);
    x = c.text(0, x, " ", Style::title);
    int rx = c.width() - 3 - shown_columns(right);
    if (!right.empty() && rx > x + 1) c.text(0, rx, " " + std::string(right) + " ");
}

}  // namespace

void draw_help(WINDOW* win, const FrameContext& ctx) {
    int rows = 0, cols = 0;
    getmaxyx(win, rows, cols);
    constexpr int kMaxWidth = 100;  // wider lines read badly; the text wraps instead
    int box_w = std::min(cols, kMaxWidth);
    auto lines = help_lines(box_w - 4, ctx.theme.ascii());
    Rect box = overlay_rect(rows, cols, static_cast<int>(lines.size()) + 2, box_w);
    Canvas c(win, box, ctx.theme);
    if (c.height() < 3 || c.width() < 12) return;
    for (int y = 0; y < c.height(); ++y)
        c.fill(y, Style::normal);  // nothing of the page shows through
    const int visible = c.height() - 2;
    const int last = std::max(0, static_cast<int>(lines.size()) - visible);
    if (ctx.limits) ctx.limits->help = last;
    const int first = std::clamp(ctx.ui.help_scroll, 0, last);
    std::string right = "any key closes";
    if (last > 0)
        right = fmt::format("{}-{} of {}, Up/Down PgUp/PgDn scroll, other keys close", first + 1,
                            first + visible, lines.size());
    draw_box(c, "Keys", right);
    Canvas inside = c.sub(1, 2, visible, c.width() - 4);
    const int text_x = help_key_width() + 2;
    for (int r = 0; r < visible && first + r < static_cast<int>(lines.size()); ++r) {
        const HelpLine& line = lines[static_cast<size_t>(first + r)];
        inside.text(r, 0, line.key, line.key_style);
        inside.text(r, text_x, line.text);
    }
}

}  // namespace edgetop::tui
