// Bars and text rendered to strings, one code point per terminal column. In ASCII mode every
// byte is plain ASCII; otherwise block elements. Graphs are tui/graph.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace edgetop::tui {

// How tui/graph.hpp draws a plot: braille (two values a column), eighth blocks, or ASCII.
enum class GraphStyle { braille, blocks, ascii };

// A horizontal bar `width` columns wide filled to fraction (clamped to 0..1).
std::string render_bar(double fraction, int width, bool ascii);
// Splits `width` cells among stacked fractions (sum clamped to 1); cells per part, rounded so the
// total filled cells match the rounded sum.
std::vector<int> split_cells(const std::vector<double>& fractions, int width);
// The cell (0..width-1) of a bar `width` cells wide where a mark at `fraction` of the whole sits.
int mark_cell(double fraction, int width);
// A graph's scale label: "100%", "1300 MHz", "12.5 W", "45k/s" (unit appended as given).
std::string scale_label(double value, std::string_view unit);
// Text as the view shows it: controls and invalid UTF-8 escaped as every text output shows them
// (text::terminal_safe: "\x1b", "\u202e"), then what cannot be shown in one column each (wide
// and zero-width characters, and in ASCII mode every non-ASCII character) replaced by '?'.
std::string sanitize(std::string_view text, bool ascii);
// Columns the sanitized text takes (one per code point).
int text_columns(std::string_view sanitized);
// Columns text takes once drawn (sanitized): a name with controls takes the width of its escapes.
int shown_columns(std::string_view text);

}  // namespace edgetop::tui
