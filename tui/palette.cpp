#include "tui/palette.hpp"

namespace edgetop::tui {
namespace {

// 16-colour indexes 8..15 are the bright variants of 0..7.
constexpr short kBright = 8;
// 256-colour indexes (the xterm cube): grey 244, gold 220, red 196, dark red 160, orchid 170,
// blue 33, dark blue 25, white 231, black 16.
constexpr attr_t kPlain = A_NORMAL;

constexpr PaletteEntry kPalette[] = {
    {Style::normal, {}, {}, {}, kPlain},
    // Dim is grey where the terminal has one, else the dim attribute (xterm's 8 colours have it).
    {Style::dim, {244, -1, kPlain}, {COLOR_BLACK + kBright, -1, kPlain}, {-1, -1, A_DIM}, A_DIM},
    {Style::title,
     {COLOR_CYAN, -1, A_BOLD},
     {COLOR_CYAN, -1, A_BOLD},
     {COLOR_CYAN, -1, A_BOLD},
     A_BOLD},
    {Style::label,
     {COLOR_CYAN, -1, kPlain},
     {COLOR_CYAN, -1, kPlain},
     {COLOR_CYAN, -1, kPlain},
     A_BOLD},
    {Style::good,
     {COLOR_GREEN, -1, kPlain},
     {COLOR_GREEN, -1, kPlain},
     {COLOR_GREEN, -1, kPlain},
     kPlain},
    {Style::warn,
     {220, -1, kPlain},
     {COLOR_YELLOW + kBright, -1, kPlain},
     {COLOR_YELLOW, -1, A_BOLD},
     A_BOLD},
    {Style::crit,
     {196, -1, A_BOLD},
     {COLOR_RED + kBright, -1, A_BOLD},
     {COLOR_RED, -1, A_BOLD},
     A_BOLD | A_UNDERLINE},
    {Style::user,
     {COLOR_GREEN, -1, kPlain},
     {COLOR_GREEN, -1, kPlain},
     {COLOR_GREEN, -1, kPlain},
     kPlain},
    // System CPU time is work the kernel does for the processes, not a level: not red.
    {Style::system,
     {170, -1, kPlain},
     {COLOR_MAGENTA + kBright, -1, kPlain},
     {COLOR_MAGENTA, -1, kPlain},
     kPlain},
    {Style::iowait,
     {33, -1, kPlain},
     {COLOR_BLUE + kBright, -1, kPlain},
     {COLOR_BLUE, -1, A_BOLD},
     A_DIM},
    {Style::graph,
     {COLOR_CYAN, -1, kPlain},
     {COLOR_CYAN, -1, kPlain},
     {COLOR_CYAN, -1, kPlain},
     kPlain},
    {Style::selected,
     {COLOR_BLACK, COLOR_GREEN, kPlain},
     {COLOR_BLACK, COLOR_GREEN, kPlain},
     {COLOR_BLACK, COLOR_GREEN, kPlain},
     A_REVERSE},
    {Style::header,
     {COLOR_BLACK, COLOR_CYAN, kPlain},
     {COLOR_BLACK, COLOR_CYAN, kPlain},
     {COLOR_BLACK, COLOR_CYAN, kPlain},
     A_REVERSE},
    {Style::badge,
     {231, 160, A_BOLD},
     {COLOR_WHITE + kBright, COLOR_RED, A_BOLD},
     {COLOR_WHITE, COLOR_RED, A_BOLD},
     A_REVERSE | A_BOLD},
    {Style::badge_warn,
     {16, 220, kPlain},
     {COLOR_BLACK, COLOR_YELLOW + kBright, kPlain},
     {COLOR_BLACK, COLOR_YELLOW, kPlain},
     A_REVERSE},
    {Style::status,
     {231, 25, A_BOLD},
     {COLOR_WHITE + kBright, COLOR_BLUE, A_BOLD},
     {COLOR_WHITE, COLOR_BLUE, A_BOLD},
     A_REVERSE | A_BOLD},
};

constexpr bool in_enum_order() {
    for (size_t i = 0; i < std::size(kPalette); ++i)
        if (static_cast<size_t>(kPalette[i].style) != i) return false;
    return std::size(kPalette) == static_cast<size_t>(Style::count);
}
static_assert(in_enum_order(), "one palette entry per Style, in the enum's order");

}  // namespace

ColorDepth color_depth(int colors) {
    if (colors >= 256) return ColorDepth::c256;
    if (colors >= 16) return ColorDepth::c16;
    if (colors >= 8) return ColorDepth::c8;
    return ColorDepth::mono;
}

std::span<const PaletteEntry> palette() {
    return kPalette;
}

Ink ink(Style style, ColorDepth depth) {
    const PaletteEntry& e = kPalette[static_cast<size_t>(style)];
    switch (depth) {
        case ColorDepth::c256:
            return e.c256;
        case ColorDepth::c16:
            return e.c16;
        case ColorDepth::c8:
            return e.c8;
        case ColorDepth::mono:
            break;
    }
    return {-1, -1, e.mono};
}

}  // namespace edgetop::tui
