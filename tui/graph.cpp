#include "tui/graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "tui/canvas.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// U+2581..U+2588: one to eight eighths of a cell, bottom up.
constexpr std::array<const char*, 9> kVerticalEighths = {
    " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"};
constexpr std::array<char, 5> kAsciiLevels = {' ', '.', ':', '|', '#'};

// Braille dots filled from the bottom: left column dots 7,3,2,1; right column dots 8,6,5,4.
constexpr std::array<int, 5> kBrailleLeft = {0x00, 0x40, 0x44, 0x46, 0x47};
constexpr std::array<int, 5> kBrailleRight = {0x00, 0x80, 0xA0, 0xB0, 0xB8};
// Line mode: only the top dot of that level.
constexpr std::array<int, 5> kBrailleLeftDot = {0x00, 0x40, 0x04, 0x02, 0x01};
constexpr std::array<int, 5> kBrailleRightDot = {0x00, 0x80, 0x20, 0x10, 0x08};

// Labels print whole numbers from 10 and thousands from 10k (scale_label): a scale step finer
// than that would print two labels the same.
double label_resolution(double magnitude) {
    if (magnitude >= 1e6) return 1e6;
    if (magnitude >= 1e4) return 1e3;
    if (magnitude >= 10) return 1;
    return 0.1;
}

// The smallest of 1, 2, 5 times a power of ten at or above value.
double nice_step(double value) {
    double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 5.0})
        if (value <= step * magnitude * (1 + 1e-9)) return step * magnitude;
    return 10 * magnitude;
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Filled sub-levels (0..levels) of the cell at `row_from_bottom` for a value at `fraction` of the
// scale over `height` rows. Every value present fills at least the bottom sub-level, zero too:
// the baseline says "data, and it is low" the same at every height; only a gap (NaN) is blank.
int cell_level(double fraction, int row_from_bottom, int height, int levels) {
    if (std::isnan(fraction)) return 0;
    double units = std::clamp(fraction, 0.0, 1.0) * height * levels;
    double in_cell = units - static_cast<double>(row_from_bottom) * levels;
    int level =
        static_cast<int>(std::lround(std::clamp(in_cell, 0.0, static_cast<double>(levels))));
    if (level == 0 && row_from_bottom == 0) level = 1;
    return level;
}

// The filled level of the top cell only (line mode): 0 in every cell below the value's top.
int line_level(double fraction, int row_from_bottom, int height, int levels) {
    int level = cell_level(fraction, row_from_bottom, height, levels);
    if (level == 0 || row_from_bottom + 1 >= height) return level;
    return cell_level(fraction, row_from_bottom + 1, height, levels) > 0 ? 0 : level;
}

std::string tick_label(int seconds, int step) {
    if (step >= 3600) return fmt::format("-{}h", seconds / 3600);
    if (step >= 60) return fmt::format("-{}m", seconds / 60);
    return fmt::format("-{}s", seconds);
}

// The values a column shows (one, or two in braille): the larger sets its colour.
double column_peak(const std::vector<double>& values, int col, int width, int per_cell) {
    double peak = std::nan("");
    for (int k = 0; k < per_cell; ++k) {
        // Slot counted from the right edge: the newest value is at width * per_cell - 1.
        long from_end = static_cast<long>(width - 1 - col) * per_cell + (per_cell - 1 - k);
        long index = static_cast<long>(values.size()) - 1 - from_end;
        if (index < 0) continue;
        double v = values[static_cast<size_t>(index)];
        if (!std::isnan(v) && (std::isnan(peak) || v > peak)) peak = v;
    }
    return peak;
}

// Draws one plot row with a style per column, one write per run of the same style.
void draw_styled_row(const Canvas& c, int y, int x, const std::string& row,
                     const std::vector<Style>& styles) {
    size_t run_start = 0;
    int run_col = 0, col = 0;
    for (size_t i = 0; i <= row.size(); ++i) {
        bool boundary = i == row.size() || (static_cast<unsigned char>(row[i]) & 0xC0) != 0x80;
        if (!boundary) continue;
        if (i == row.size() ||
            (col > 0 && styles[static_cast<size_t>(col)] != styles[static_cast<size_t>(run_col)])) {
            c.text(y, x + run_col, std::string_view(row).substr(run_start, i - run_start),
                   styles[static_cast<size_t>(run_col)]);
            run_start = i;
            run_col = col;
        }
        if (i < row.size()) ++col;
    }
}

// The scale's labels: top, bottom and, on tall plots, the middle.
struct MarginLabel {
    int row;
    std::string text;
};

std::vector<MarginLabel> margin_labels(GraphAxis axis, int plot_rows, std::string_view unit) {
    std::vector<MarginLabel> labels = {{0, scale_label(axis.high, unit)}};
    if (plot_rows < 2) return labels;
    labels.push_back({plot_rows - 1, scale_label(axis.low, unit)});
    // Between them, on the row holding each half or quarter of the scale.
    int parts = plot_rows >= 20 ? 4 : plot_rows >= 9 ? 2 : 1;
    // A label that prints the same as another (49.5 as "50 °C" on a 49..51 scale) is left out.
    for (int k = 1; k < parts; ++k) {
        int row = plot_rows - 1 - plot_rows * k / parts;
        std::string text = scale_label(axis.low + (axis.high - axis.low) * k / parts, unit);
        bool repeated = std::any_of(labels.begin(), labels.end(),
                                    [&](const MarginLabel& l) { return l.text == text; });
        if (!repeated) labels.push_back({row, std::move(text)});
    }
    return labels;
}

constexpr int kMinPlotWidth = 8;

// The graph without its title, in the whole canvas.
// `time_axis`: false leaves it to another graph of the same grid.
void draw_body(const Canvas& c, const GraphSpec& spec, const History& history,
               std::string_view margin_title = {}, bool time_axis = true) {
    int rows = c.height(), width = c.width();
    if (rows <= 0 || width <= 0) return;
    if (history.size() == 0 || !history.max()) {
        int x = margin_title.empty() ? 0 : c.text(0, 0, margin_title, Style::label) + 1;
        c.text(0, x, "n/a", Style::dim);
        return;
    }
    GraphStyle style = c.theme().graph_style();
    bool with_axis = time_axis && rows >= kTimeAxisMinRows;
    int plot_rows = with_axis ? rows - 1 : rows;
    // The margin: a title (one-row form) or the scale labels, then one blank column.
    std::vector<MarginLabel> labels;
    int margin = 0;
    auto values = history.last(static_cast<size_t>(graph_capacity(width, style)));
    GraphAxis axis = graph_axis(values, spec.scale);
    if (!margin_title.empty()) {
        margin = text_columns(sanitize(margin_title, c.ascii())) + 1;
    } else {
        labels = margin_labels(axis, plot_rows, spec.unit);
        for (const auto& label : labels)
            margin = std::max(margin, text_columns(sanitize(label.text, c.ascii())) + 1);
    }
    if (width - margin < kMinPlotWidth) margin = 0, labels.clear();
    int plot_w = width - margin;
    if (margin > 0) {
        values = history.last(static_cast<size_t>(graph_capacity(plot_w, style)));
        if (margin_title.empty()) {
            axis = graph_axis(values, spec.scale);
            labels = margin_labels(axis, plot_rows, spec.unit);
        } else {
            c.text(0, 0, margin_title, Style::label);
        }
    }
    for (const auto& label : labels) {
        int w = text_columns(sanitize(label.text, c.ascii()));
        c.text(label.row, margin - 1 - w, label.text, Style::dim);
    }
    auto plot = render_graph(values, axis, plot_w, plot_rows, style);
    int per_cell = style == GraphStyle::braille ? 2 : 1;
    std::vector<Style> styles(static_cast<size_t>(plot_w), Style::graph);
    if (spec.level)
        for (int col = 0; col < plot_w; ++col) {
            double peak = column_peak(values, col, plot_w, per_cell);
            if (!std::isnan(peak)) styles[static_cast<size_t>(col)] = level_style(spec.level(peak));
        }
    for (int y = 0; y < plot_rows; ++y)
        draw_styled_row(c, y, margin, plot[static_cast<size_t>(y)], styles);
    if (with_axis)
        for (const auto& tick : time_ticks(plot_w, spec.interval_s, style))
            c.text(rows - 1, margin + tick.at, tick.label, Style::dim);
}

}  // namespace

GraphAxis graph_axis(const std::vector<double>& values, GraphScale scale) {
    if (scale == GraphScale::percent) return {0, 100};
    std::optional<double> low, high;
    for (double v : values) {
        if (std::isnan(v)) continue;
        low = low ? std::min(*low, v) : v;
        high = high ? std::max(*high, v) : v;
    }
    if (!low) return {0, 1};
    if (scale == GraphScale::from_zero) return {0, nice_scale(std::max(0.0, *high) * 1.1)};
    // The step: about a third of the values' spread, but no finer than a fiftieth of their
    // magnitude (a clock's few MHz of jitter is not worth the whole height) nor than the labels
    // print.
    double magnitude = std::max(std::fabs(*low), std::fabs(*high));
    double step = label_resolution(magnitude);
    if (*high > *low) step = std::max(step, nice_step((*high - *low) / 3));
    if (magnitude > 0) step = std::max(step, nice_step(magnitude / 50));
    double bottom = std::floor(*low / step) * step;
    double top = std::ceil(*high / step) * step;
    if (top <= bottom) top = bottom + step;
    return {bottom, top};
}

std::vector<TimeTick> time_ticks(int width, double interval_s, GraphStyle style) {
    std::vector<TimeTick> ticks;
    if (width <= 0) return ticks;
    // Centred on its column, inside the plot, two blank columns from the label on its right.
    auto place = [&](int column, std::string label) {
        int w = static_cast<int>(label.size());
        int at = std::min(column - w / 2, width - w);
        if (at < 0 || (!ticks.empty() && at + w + 2 > ticks.back().at)) return;
        ticks.push_back({column, at, std::move(label)});
    };
    place(width - 1, "now");
    if (!(interval_s > 0) || !std::isfinite(interval_s)) return ticks;
    double column_s = interval_s * (style == GraphStyle::braille ? 2 : 1);
    constexpr int kMinTickColumns = 10;
    constexpr std::array<int, 18> kSteps = {1,   2,   5,    10,   15,   30,    60,    120,   300,
                                            600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400};
    int step = 0;
    for (int s : kSteps)
        if (s / column_s >= kMinTickColumns) {
            step = s;
            break;
        }
    if (step == 0) return ticks;
    for (int t = step;; t += step) {
        // The column whose newest value is t seconds old.
        int column = width - 1 - static_cast<int>(std::lround(t / column_s));
        if (column < 0) break;
        place(column, tick_label(t, step));
    }
    return ticks;
}

bool is_flat_series(const std::vector<double>& values, GraphAxis axis, int height,
                    GraphStyle style) {
    double span = axis.high - axis.low;
    if (!(span > 0) || height <= 0) return false;
    int levels = style == GraphStyle::blocks ? 8 : 4;
    std::optional<double> low, high;
    for (double v : values) {
        if (std::isnan(v)) continue;
        low = low ? std::min(*low, v) : v;
        high = high ? std::max(*high, v) : v;
    }
    // Jitter smaller than one dot (a clock reading 1015..1019 MHz) is flat too.
    return low && *high - *low <= span / (height * levels);
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

std::vector<std::string> render_graph(const std::vector<double>& values, GraphAxis axis, int width,
                                      int height, GraphStyle style) {
    std::vector<std::string> rows(static_cast<size_t>(std::max(0, height)));
    if (width <= 0 || height <= 0) return rows;
    int per_cell = style == GraphStyle::braille ? 2 : 1;
    int capacity = width * per_cell;
    // Right-align: slot s (0..capacity-1) holds values[first + s - pad] or nothing.
    int count = static_cast<int>(std::min(values.size(), static_cast<size_t>(capacity)));
    int pad = capacity - count;
    size_t first = values.size() - static_cast<size_t>(count);
    double span = axis.high - axis.low;
    std::vector<double> fractions(static_cast<size_t>(capacity), std::nan(""));
    for (int slot = pad; slot < capacity; ++slot) {
        double v = values[first + static_cast<size_t>(slot - pad)];
        if (span > 0 && !std::isnan(v))
            fractions[static_cast<size_t>(slot)] = (v - axis.low) / span;
    }
    std::vector<double> shown(values.end() - count, values.end());
    bool line_mode = is_flat_series(shown, axis, height, style);
    auto level = line_mode ? line_level : cell_level;
    for (int row = 0; row < height; ++row) {
        int from_bottom = height - 1 - row;
        std::string& line = rows[static_cast<size_t>(row)];
        line.reserve(static_cast<size_t>(width) * 3);
        for (int col = 0; col < width; ++col) {
            if (style == GraphStyle::braille) {
                int left = level(fractions[static_cast<size_t>(col) * 2], from_bottom, height, 4);
                int right =
                    level(fractions[static_cast<size_t>(col) * 2 + 1], from_bottom, height, 4);
                const auto& left_dots = line_mode ? kBrailleLeftDot : kBrailleLeft;
                const auto& right_dots = line_mode ? kBrailleRightDot : kBrailleRight;
                // An empty braille cell is drawn as a space: same look, fewer bytes.
                if (left == 0 && right == 0)
                    line += ' ';
                else
                    append_utf8(line, 0x2800 + left_dots[left] + right_dots[right]);
            } else if (style == GraphStyle::blocks) {
                line += kVerticalEighths[level(fractions[static_cast<size_t>(col)], from_bottom,
                                               height, 8)];
            } else {
                line += kAsciiLevels[level(fractions[static_cast<size_t>(col)], from_bottom, height,
                                           4)];
            }
        }
    }
    return rows;
}

void draw_graph(const Canvas& c, const GraphSpec& spec, const History& history) {
    if (spec.title.empty()) {
        draw_body(c, spec, history);
        return;
    }
    c.title(0, spec.title, spec.now);
    draw_body(c.sub(1, 0, c.height() - 1, c.width()), spec, history);
}

void draw_graph_row(const Canvas& c, const GraphSpec& spec, const GraphSeries& series, int title_w,
                    int now_w) {
    std::string title = fmt::format("{:<{}}", series.title, title_w);
    auto latest = series.history ? series.history->latest() : std::nullopt;
    c.text_right(0, series.now,
                 spec.level && latest ? level_style(spec.level(*latest)) : Style::normal);
    // No reading yet: the title and its "n/a", no second "n/a" in the plot.
    if (series.history && series.history->max())
        draw_body(c.sub(0, 0, 1, c.width() - now_w - 1), spec, *series.history, title);
    else
        c.text(0, 0, title, Style::label);
}

void draw_graph_grid(const Canvas& c, const GraphSpec& spec, const std::vector<GraphSeries>& series,
                     std::string_view kind) {
    int count = static_cast<int>(series.size());
    int rows = c.height(), width = c.width();
    if (count == 0 || rows <= 0 || width <= 0) return;
    // Blocks of a title line and at least two graph rows: the columns giving each graph the most
    // area (rows past kUsefulRows add little), the fewest columns on a tie.
    constexpr int kMinCellWidth = 30, kUsefulRows = 12;
    int best_columns = 0;
    long best_area = 0;
    for (int columns = 1; columns <= std::max(1, width / kMinCellWidth); ++columns) {
        int per_column = (count + columns - 1) / columns;
        int graph_rows = rows / per_column - 1;
        if (graph_rows < 2) continue;
        long area = static_cast<long>(width / columns) * std::min(graph_rows, kUsefulRows);
        if (area > best_area) best_area = area, best_columns = columns;
    }
    auto level_of = [&](const GraphSeries& s) {
        auto latest = s.history ? s.history->latest() : std::nullopt;
        return spec.level && latest ? level_style(spec.level(*latest)) : Style::normal;
    };
    if (best_columns > 0) {
        int per_column = (count + best_columns - 1) / best_columns;
        int block = rows / per_column, cell_w = width / best_columns;
        for (int i = 0; i < count; ++i) {
            const auto& s = series[static_cast<size_t>(i)];
            int right_gap = i / per_column + 1 < best_columns ? 1 : 0;
            Canvas cell =
                c.sub(i % per_column * block, i / per_column * cell_w, block, cell_w - right_gap);
            cell.text(0, 0, s.title, Style::label);
            cell.text_right(0, s.now, level_of(s));
            // One time axis per column of graphs, under its last one.
            bool last_in_column = i % per_column == per_column - 1 || i == count - 1;
            if (s.history && s.history->max())
                draw_body(cell.sub(1, 0, block - 1, cell.width()), spec, *s.history, {},
                          last_in_column);
        }
        return;
    }
    // One row each: "core 3 ⣀⣤⣶⣿  45%", in columns of at least kMinCellWidth.
    int columns = std::clamp((count + rows - 1) / rows, 1, std::max(1, width / kMinCellWidth));
    int per_column = std::min(rows, (count + columns - 1) / columns);
    int shown = items_shown(count, per_column * columns);
    int cell_w = width / columns;
    int title_w = 0, now_w = 0;
    for (const auto& s : series) {
        title_w = std::max(title_w, text_columns(sanitize(s.title, c.ascii())));
        now_w = std::max(now_w, text_columns(sanitize(s.now, c.ascii())));
    }
    auto place = [&](int i) {
        int right_gap = i / per_column + 1 < columns ? 1 : 0;
        return c.sub(i % per_column, i / per_column * cell_w, 1, cell_w - right_gap);
    };
    for (int i = 0; i < shown; ++i)
        draw_graph_row(place(i), spec, series[static_cast<size_t>(i)], title_w, now_w);
    if (shown < count) place(shown).text(0, 0, more_items(count - shown, kind), Style::dim);
}

}  // namespace edgetop::tui
