// The view's one palette: every Style with its colours at each depth a terminal offers (256, 16
// and 8 colours) and its attributes on a monochrome terminal or with NO_COLOR. Red is kept for
// critical levels and critical flags; the markers ('+' warn, '!' critical) say the same without
// colour.
#pragma once

#include <span>

#include "tui/curses.hpp"

namespace edgetop::tui {

enum class Style {
    normal,
    dim,
    title,
    label,
    good,
    warn,
    crit,
    user,
    system,
    iowait,
    graph,
    selected,
    header,
    badge,       // the header's flag count while a critical flag is raised
    badge_warn,  // the same while only warnings are raised
    status,      // PAUSED, REC
    count
};

enum class ColorDepth { mono, c8, c16, c256 };
// The depth a terminal with `colors` colours gets (COLORS after start_color).
ColorDepth color_depth(int colors);

// A colour pair (-1: the terminal's default) and attributes added to it.
struct Ink {
    short fg = -1;
    short bg = -1;
    attr_t attrs = A_NORMAL;
};

struct PaletteEntry {
    Style style;
    Ink c256, c16, c8;
    attr_t mono;  // no colour: attributes only
};

// One entry per Style, in the enum's order.
std::span<const PaletteEntry> palette();
// The ink of a style at a depth (mono: no colours, the mono attributes).
Ink ink(Style style, ColorDepth depth);

}  // namespace edgetop::tui
