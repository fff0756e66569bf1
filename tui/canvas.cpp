#include "tui/canvas.hpp"

#include <algorithm>

namespace edgetop::tui {
namespace {

short pair_number(Style style) {
    return static_cast<short>(static_cast<int>(style) + 1);
}

}  // namespace

void Theme::init_colors() const {
    if (!color()) return;
    bool default_colors = use_default_colors() == OK;
    for (const auto& entry : palette()) {
        Ink ink = tui::ink(entry.style, depth_);
        if (!default_colors) {
            if (ink.fg < 0) ink.fg = COLOR_WHITE;
            if (ink.bg < 0) ink.bg = COLOR_BLACK;
        }
        init_pair(pair_number(entry.style), ink.fg, ink.bg);
    }
}

attr_t Theme::attr(Style style) const {
    Ink ink = tui::ink(style, depth_);
    if (!color() || style == Style::normal) return ink.attrs;
    return COLOR_PAIR(pair_number(style)) | ink.attrs;
}

Style Theme::level(double pct) {
    return level_style(util_level(pct));
}

Style level_style(Level level) {
    switch (level) {
        case Level::crit:
            return Style::crit;
        case Level::warn:
            return Style::warn;
        case Level::good:
            break;
    }
    return Style::good;
}

Canvas Canvas::sub(int y, int x, int h, int w) const {
    Rect r{rect_.y + y, rect_.x + x, h, w};
    int top = std::max(r.y, rect_.y), left = std::max(r.x, rect_.x);
    int bottom = std::min(r.bottom(), rect_.bottom()), right = std::min(r.right(), rect_.right());
    return Canvas(win_, {top, left, std::max(0, bottom - top), std::max(0, right - left)}, *theme_);
}

int Canvas::text(int y, int x, std::string_view s, Style style) const {
    if (y < 0 || y >= rect_.h || x >= rect_.w) return x + text_columns(sanitize(s, ascii()));
    std::string clean = sanitize(s, ascii());
    // Cut to the visible columns [max(x,0), width).
    int column = x;
    size_t begin = std::string::npos, end = clean.size();
    for (size_t i = 0; i < clean.size(); ++i) {
        if ((static_cast<unsigned char>(clean[i]) & 0xC0) == 0x80) continue;
        if (column >= rect_.w) {
            end = i;
            break;
        }
        if (column >= 0 && begin == std::string::npos) begin = i;
        ++column;
    }
    if (begin != std::string::npos && end > begin) {
        attr_t attr = theme_->attr(style);
        wattr_set(win_, attr, static_cast<short>(PAIR_NUMBER(attr)), nullptr);
        mvwaddnstr(win_, rect_.y + y, rect_.x + std::max(x, 0), clean.data() + begin,
                   static_cast<int>(end - begin));
        wattr_set(win_, A_NORMAL, 0, nullptr);
    }
    return x + text_columns(clean);
}

int Canvas::text_right(int y, std::string_view s, Style style) const {
    int x = rect_.w - text_columns(sanitize(s, ascii()));
    text(y, x, s, style);
    return x;
}

void Canvas::title(int y, std::string_view title, std::string_view right) const {
    std::string rule;
    const char* dash = ascii() ? "-" : "\u2500";
    for (int i = 0; i < rect_.w; ++i)
        rule += dash;
    text(y, 0, rule, Style::dim);
    int x = text(y, 1, " ", Style::title);
    x = text(y, x, title, Style::title);
    text(y, x, " ", Style::title);
    if (!right.empty() && rect_.w > x + 4) {
        std::string padded = " " + std::string(right) + " ";
        int rx = rect_.w - 1 - text_columns(sanitize(padded, ascii()));
        if (rx > x + 1) text(y, rx, padded, Style::normal);
    }
}

void Canvas::fill(int y, Style style) const {
    if (y < 0 || y >= rect_.h || rect_.w <= 0) return;
    text(y, 0, std::string(static_cast<size_t>(rect_.w), ' '), style);
}

void Canvas::bar(int y, int x, int w, double fraction, Style style) const {
    if (w <= 0) return;
    std::string open = "[", close = "]";
    if (w < 3) {
        text(y, x, render_bar(fraction, w, ascii()), style);
        return;
    }
    text(y, x, open, Style::dim);
    text(y, x + 1, render_bar(fraction, w - 2, ascii()), style);
    text(y, x + w - 1, close, Style::dim);
}

}  // namespace edgetop::tui

namespace edgetop::tui {

void Canvas::bar(int y, int x, int w, double fraction, Level level,
                 std::optional<double> mark) const {
    if (w <= 0) return;
    Style style = level_style(level);
    if (w < 3) {
        text(y, x, render_bar(fraction, w, ascii()), style);
        return;
    }
    text(y, x, "[", Style::dim);
    text(y, x + 1, render_bar(fraction, w - 2, ascii()), style);
    if (mark) text(y, x + 1 + mark_cell(*mark, w - 2), ascii() ? ":" : "\u2502", Style::normal);
    bar_end(y, x + w - 1, level);
}

void Canvas::bar_end(int y, int x, Level level) const {
    if (level == Level::good)
        text(y, x, "]", Style::dim);
    else
        text(y, x, std::string(1, level_marker(level)), level_style(level));
}

}  // namespace edgetop::tui
