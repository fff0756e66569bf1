#include "tui/widgets.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cwchar>
#include <optional>

#include <fmt/format.h>

#include "text/text_escape.hpp"

namespace edgetop::tui {
namespace {

// U+2581..U+2588: one to eight eighths of a cell, bottom up; U+258F..U+2589: left eighths.
constexpr std::array<const char*, 9> kVerticalEighths = {
    " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"};
constexpr std::array<const char*, 9> kHorizontalEighths = {
    " ", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589", "\u2588"};
constexpr std::array<char, 5> kAsciiLevels = {' ', '.', ':', '|', '#'};
constexpr std::array<char, 9> kAsciiSpark = {' ', '_', '.', ',', '-', '~', '=', '*', '#'};

double clamp01(double v) {
    return std::isnan(v) ? 0.0 : std::clamp(v, 0.0, 1.0);
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Filled sub-levels (0..levels) of the cell at `row_from_bottom` for a value in 0..1 over
// `height` rows.
int cell_level(double fraction, int row_from_bottom, int height, int levels) {
    if (std::isnan(fraction)) return 0;
    double units = clamp01(fraction) * height * levels;
    double in_cell = units - static_cast<double>(row_from_bottom) * levels;
    int level =
        static_cast<int>(std::lround(std::clamp(in_cell, 0.0, static_cast<double>(levels))));
    // A non-zero value always shows at least one dot in the bottom row.
    if (level == 0 && row_from_bottom == 0 && fraction > 0) level = 1;
    return level;
}

// The filled level of the top cell only (line mode): 0 in every cell below the value's top.
int line_level(double fraction, int row_from_bottom, int height, int levels) {
    // A flat zero is a line along the bottom: the data is there, and it is zero.
    if (fraction == 0) return row_from_bottom == 0 ? 1 : 0;
    int level = cell_level(fraction, row_from_bottom, height, levels);
    if (level == 0 || row_from_bottom + 1 >= height) return level;
    return cell_level(fraction, row_from_bottom + 1, height, levels) > 0 ? 0 : level;
}

// Braille dots filled from the bottom: left column dots 7,3,2,1; right column dots 8,6,5,4.
constexpr std::array<int, 5> kBrailleLeft = {0x00, 0x40, 0x44, 0x46, 0x47};
constexpr std::array<int, 5> kBrailleRight = {0x00, 0x80, 0xA0, 0xB0, 0xB8};
// Line mode: only the top dot of that level.
constexpr std::array<int, 5> kBrailleLeftDot = {0x00, 0x40, 0x04, 0x02, 0x01};
constexpr std::array<int, 5> kBrailleRightDot = {0x00, 0x80, 0x20, 0x10, 0x08};

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

std::string render_sparkline(const std::vector<double>& values, double max, int width, bool ascii) {
    std::string out;
    if (width <= 0) return out;
    size_t shown = std::min(values.size(), static_cast<size_t>(width));
    for (int i = 0; i < width - static_cast<int>(shown); ++i)
        out += ' ';
    for (size_t i = values.size() - shown; i < values.size(); ++i) {
        double v = values[i];
        double fraction = max > 0 && !std::isnan(v) ? v / max : std::nan("");
        int level = cell_level(fraction, 0, 1, 8);
        if (ascii)
            out += kAsciiSpark[level];
        else
            out += kVerticalEighths[level];
    }
    return out;
}

bool is_flat_series(const std::vector<double>& values, double max, int height, GraphStyle style) {
    if (max <= 0 || height <= 0) return false;
    int levels = style == GraphStyle::blocks ? 8 : 4;
    std::optional<double> low, high;
    for (double v : values) {
        if (std::isnan(v)) continue;
        low = low ? std::min(*low, v) : v;
        high = high ? std::max(*high, v) : v;
    }
    // Jitter smaller than one dot (a clock reading 1015..1019 MHz) is flat too.
    return low && *high - *low <= max / (height * levels);
}

double nice_scale(double value) {
    if (!(value > 0) || !std::isfinite(value)) return 1;
    double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (value <= step * magnitude * (1 + 1e-9)) return step * magnitude;
    return 10 * magnitude;
}

int graph_capacity(int width, GraphStyle style) {
    return std::max(0, style == GraphStyle::braille ? width * 2 : width);
}

std::vector<std::string> render_graph(const std::vector<double>& values, double max, int width,
                                      int height, GraphStyle style) {
    std::vector<std::string> rows(std::max(0, height));
    if (width <= 0 || height <= 0) return rows;
    int per_cell = style == GraphStyle::braille ? 2 : 1;
    int capacity = width * per_cell;
    // Right-align: slot s (0..capacity-1) holds values[first + s - pad] or nothing.
    int count = static_cast<int>(std::min(values.size(), static_cast<size_t>(capacity)));
    int pad = capacity - count;
    size_t first = values.size() - count;
    auto fraction_at = [&](int slot) {
        if (slot < pad) return std::nan("");
        double v = values[first + (slot - pad)];
        return max > 0 && !std::isnan(v) ? v / max : std::nan("");
    };
    std::vector<double> shown(values.end() - count, values.end());
    bool line_mode = is_flat_series(shown, max, height, style);
    auto level = line_mode ? line_level : cell_level;
    for (int row = 0; row < height; ++row) {
        int from_bottom = height - 1 - row;
        std::string& line = rows[row];
        for (int col = 0; col < width; ++col) {
            if (style == GraphStyle::braille) {
                int left = level(fraction_at(col * 2), from_bottom, height, 4);
                int right = level(fraction_at(col * 2 + 1), from_bottom, height, 4);
                const auto& left_dots = line_mode ? kBrailleLeftDot : kBrailleLeft;
                const auto& right_dots = line_mode ? kBrailleRightDot : kBrailleRight;
                // An empty braille cell is drawn as a space: same look, fewer bytes.
                if (left == 0 && right == 0)
                    line += ' ';
                else
                    append_utf8(line, 0x2800 + left_dots[left] + right_dots[right]);
            } else if (style == GraphStyle::blocks) {
                line += kVerticalEighths[level(fraction_at(col), from_bottom, height, 8)];
            } else {
                line += kAsciiLevels[level(fraction_at(col), from_bottom, height, 4)];
            }
        }
    }
    return rows;
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
