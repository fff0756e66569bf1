// Drawing into one rectangle of a curses window: every write is clipped to the rectangle, text is
// sanitized (ASCII only in ASCII mode) and styles map to colours or plain attributes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "tui/curses.hpp"
#include "tui/layout.hpp"
#include "tui/levels.hpp"
#include "tui/palette.hpp"
#include "tui/widgets.hpp"

namespace edgetop::tui {

class Theme {
  public:
    Theme() = default;
    Theme(ColorDepth depth, bool ascii) : depth_(depth), ascii_(ascii) {}
    // color: the 256-colour palette (what the tests' xterm-256color offers), else monochrome.
    Theme(bool color, bool ascii) : Theme(color ? ColorDepth::c256 : ColorDepth::mono, ascii) {}
    // Registers the colour pairs of the palette (tui/palette.hpp); needs a current screen with
    // colours started.
    void init_colors() const;
    attr_t attr(Style style) const;
    bool ascii() const { return ascii_; }
    bool color() const { return depth_ != ColorDepth::mono; }
    ColorDepth depth() const { return depth_; }
    GraphStyle graph_style() const { return ascii_ ? GraphStyle::ascii : GraphStyle::braille; }
    // The style of a utilisation percentage (util_level in tui/levels.hpp).
    static Style level(double pct);

  private:
    ColorDepth depth_ = ColorDepth::mono;
    bool ascii_ = true;
};

// good -> Style::good (green), warn -> Style::warn (yellow), crit -> Style::crit (red).
Style level_style(Level level);

class Canvas {
  public:
    Canvas(WINDOW* win, Rect rect, const Theme& theme) : win_(win), rect_(rect), theme_(&theme) {}

    int width() const { return rect_.w; }
    int height() const { return rect_.h; }
    const Theme& theme() const { return *theme_; }
    bool ascii() const { return theme_->ascii(); }
    // A canvas over part of this one (relative coordinates, clipped to this one).
    Canvas sub(int y, int x, int h, int w) const;

    // Writes text at (y, x) relative to the rectangle; returns the column after it.
    int text(int y, int x, std::string_view s, Style style = Style::normal) const;
    // Right-aligned so that it ends at the last column; returns its first column.
    int text_right(int y, std::string_view s, Style style = Style::normal) const;
    // A full-width rule with a title: "── CPU ───── 12 cores ─".
    void title(int y, std::string_view title, std::string_view right = {}) const;
    void fill(int y, Style style) const;  // paints the row's attributes
    // "[||||    ]": a bar filled to fraction in one style.
    void bar(int y, int x, int w, double fraction, Style style) const;
    // A bar in the level's colour whose closing bracket becomes the level's marker ('+' warn,
    // '!' crit), so that the level shows without colour too; `mark` (0..1) draws the cap mark
    // (a power-mode cap below the hardware maximum) in its cell.
    void bar(int y, int x, int w, double fraction, Level level,
             std::optional<double> mark = std::nullopt) const;
    // The closing bracket of a bar whose last column is x: ']' or the level's marker.
    void bar_end(int y, int x, Level level) const;

  private:
    WINDOW* win_;
    Rect rect_;
    const Theme* theme_;
};

}  // namespace edgetop::tui
