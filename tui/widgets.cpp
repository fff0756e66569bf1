#include "tui/widgets.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cwchar>

#include <fmt/format.h>

#include "text/text_escape.hpp"

namespace edgetop::tui {
namespace {

// U+258F..U+2589: left eighths.
constexpr std::array<const char*, 9> kHorizontalEighths = {
    " ", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589", "\u2588"};

double clamp01(double v) {
    return std::isnan(v) ? 0.0 : std::clamp(v, 0.0, 1.0);
}

}  // namespace

std::string render_bar(double fraction, int width, bool ascii) {
    std::string out;
    if (width <= 0) return out;
    double cells = clamp01(fraction) * width;
    int full = static_cast<int>(cells);
    int eighths = ascii ? 0 : static_cast<int>(std::lround((cells - full) * 8));
    if (eighths == 8) ++full, eighths = 0;
    for (int i = 0; i < width; ++i) {
        if (i < full)
            out += ascii ? "|" : kHorizontalEighths[8];
        else if (i == full && eighths > 0)
            out += kHorizontalEighths[eighths];
        else
            out += ' ';
    }
    return out;
}

std::vector<int> split_cells(const std::vector<double>& fractions, int width) {
    std::vector<int> cells(fractions.size(), 0);
    if (width <= 0) return cells;
    double cumulative = 0;
    int given = 0;
    for (size_t i = 0; i < fractions.size(); ++i) {
        cumulative = std::min(1.0, cumulative + clamp01(fractions[i]));
        int upto = static_cast<int>(std::lround(cumulative * width));
        cells[i] = std::max(0, upto - given);
        given += cells[i];
    }
    return cells;
}

int mark_cell(double fraction, int width) {
    if (width <= 0) return 0;
    return std::clamp(static_cast<int>(std::lround(clamp01(fraction) * width)), 0, width - 1);
}

std::string scale_label(double value, std::string_view unit) {
    std::string number;
    double magnitude = std::fabs(value);
    if (magnitude >= 1e6)
        number = fmt::format("{:.0f}M", value / 1e6);
    else if (magnitude >= 1e4)
        number = fmt::format("{:.0f}k", value / 1e3);
    else if (magnitude >= 10 || value == 0)
        number = fmt::format("{:.0f}", value);
    else
        number = fmt::format("{:.1f}", value);
    if (unit.empty() || unit == "%" || unit.front() == '/') return number + std::string(unit);
    return number + " " + std::string(unit);
}

std::string sanitize(std::string_view text, bool ascii) {
    // Controls and invalid bytes first, as every text output shows them: all ASCII after this.
    std::string safe = text::terminal_safe(text);
    std::string out;
    out.reserve(safe.size());
    for (size_t i = 0; i < safe.size();) {
        auto cp = text::utf8_code_point(safe, i);
        size_t length = cp ? cp->length : 1;
        if (cp && (cp->value < 0x80 || (!ascii && wcwidth(static_cast<wchar_t>(cp->value)) == 1)))
            out.append(safe.substr(i, length));
        else
            out += '?';
        i += length;
    }
    return out;
}

int shown_columns(std::string_view text) {
    return text_columns(sanitize(text, false));
}

int text_columns(std::string_view sanitized) {
    int columns = 0;
    for (char c : sanitized)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++columns;
    return columns;
}

}  // namespace edgetop::tui
