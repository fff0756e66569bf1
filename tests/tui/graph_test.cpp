// The view's graph (tui/graph.hpp) drawn into a curses screen on /dev/null and read back: labels
// in their own margin, the time axis, range scales, zero at every height, level colours along the
// time axis, small multiples and the ASCII form.
#include "tui/graph.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/tui/virtual_screen.hpp"
#include "tui/canvas.hpp"
#include "tui/view_model.hpp"

namespace edgetop::tui::testing::graph_view {
namespace {

constexpr const char* kBrailleBase = "\u2800";

// U+2800..U+28FF: E2 A0 80 .. E2 A3 BF.
bool is_braille(const std::string& cell) {
    return cell.size() == 3 && static_cast<unsigned char>(cell[0]) == 0xE2 &&
           (static_cast<unsigned char>(cell[1]) & 0xFC) == 0xA0;
}

// The code points of a row, one string each.
std::vector<std::string> cells_of(const std::string& row) {
    std::vector<std::string> cells;
    for (size_t i = 0; i < row.size(); ++i) {
        if ((static_cast<unsigned char>(row[i]) & 0xC0) != 0x80)
            cells.emplace_back(1, row[i]);
        else
            cells.back() += row[i];
    }
    return cells;
}

short pair_at(int y, int x) {
    cchar_t cell;
    if (mvwin_wch(stdscr, y, x, &cell) == ERR) return -1;
    wchar_t wide[CCHARW_MAX + 1] = {};
    attr_t attrs;
    short pair = 0;
    getcchar(&cell, wide, &attrs, &pair, nullptr);
    return pair;
}

History history_of(const std::vector<double>& values) {
    History h(600);
    for (double v : values)
        h.push(v);
    return h;
}

// Total power as the Orin Nano replay shows it: 6.2 .. 6.9 W.
std::vector<double> power_watts(int n) {
    std::vector<double> out;
    for (int i = 0; i < n; ++i)
        out.push_back(6.2 + 0.7 * (0.5 + 0.5 * std::sin(i / 5.0)));
    return out;
}

class Graph : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo";
        start_color();
        screen.resize(50, 120);
        werase(stdscr);
    }
    VirtualScreen screen;
};

TEST_F(Graph, LabelsSitInTheirOwnMarginNeverOverThePlot) {
    Theme theme(true, false);
    Canvas c(stdscr, {0, 0, 8, 40}, theme);
    History watts = history_of(power_watts(200));
    GraphSpec spec;
    spec.title = "Total power", spec.now = "6.4 W", spec.unit = "W", spec.scale = GraphScale::range;
    draw_graph(c, spec, watts);
    auto rows = screen.region(0, 0, 8, 40);
    // Rows 1..6 the plot (row 7 the time axis); the margin is the widest label and a blank column.
    auto top = cells_of(rows[1]), bottom = cells_of(rows[6]);
    EXPECT_EQ(rows[1].substr(0, 6), "7.0 W ") << rows[1];
    EXPECT_EQ(rows[6].substr(0, 6), "6.0 W ") << rows[6];
    for (int y = 1; y <= 6; ++y) {
        auto cells = cells_of(rows[static_cast<size_t>(y)]);
        for (int x = 0; x < 6; ++x)
            EXPECT_FALSE(is_braille(cells[static_cast<size_t>(x)]))
                << "row " << y << ": " << rows[y];
    }
    // The plot starts right after the margin: 200 values fill all 34 columns of the bottom row.
    for (int x = 6; x < 40; ++x)
        EXPECT_TRUE(is_braille(bottom[static_cast<size_t>(x)])) << x << ": " << rows[6];
}

TEST_F(Graph, TallScalesNeverPrintTheSameLabelTwice) {
    // The hottest zone of the Orin Nano replay: 49.0 .. 50.8 °C on a tall Power page graph.
    Theme theme(true, false);
    Canvas c(stdscr, {0, 0, 30, 60}, theme);
    std::vector<double> temps;
    for (int i = 0; i < 200; ++i)
        temps.push_back(49.0 + 1.8 * (0.5 + 0.5 * std::sin(i / 3.0)));
    GraphSpec spec;
    spec.title = "Hottest zone", spec.unit = "C", spec.scale = GraphScale::range;
    draw_graph(c, spec, history_of(temps));
    std::vector<std::string> labels;
    for (const auto& row : screen.region(1, 0, 28, 60)) {
        auto end = row.find(" C");
        if (end != std::string::npos && end < 8) labels.push_back(row.substr(0, end));
    }
    ASSERT_GE(labels.size(), 2u);
    for (size_t i = 0; i < labels.size(); ++i)
        for (size_t j = i + 1; j < labels.size(); ++j)
            EXPECT_NE(labels[i], labels[j]) << "label " << labels[i] << " printed twice";
}

TEST_F(Graph, TimeTicksFollowTheIntervalAndTheColumns) {
    // Braille, one value a second: two seconds a column, a tick every 30 s (15 columns).
    auto ticks = time_ticks(60, 1.0, GraphStyle::braille);
    ASSERT_EQ(ticks.size(), 4u);
    EXPECT_EQ(ticks[0].label, "now");
    EXPECT_EQ(ticks[0].at, 57);
    EXPECT_EQ(ticks[1].label, "-30s");
    EXPECT_EQ(ticks[1].column, 44);
    EXPECT_EQ(ticks[1].at, 42);
    EXPECT_EQ(ticks[2].label, "-60s");
    EXPECT_EQ(ticks[2].column, 29);
    EXPECT_EQ(ticks[3].label, "-90s");
    EXPECT_EQ(ticks[3].column, 14);
    // ASCII draws one value a column: a tick every 10 s.
    auto ascii = time_ticks(60, 1.0, GraphStyle::ascii);
    ASSERT_GE(ascii.size(), 2u);
    EXPECT_EQ(ascii[1].label, "-10s");
    EXPECT_EQ(ascii[1].column, 49);
    // Every 5 s: ten seconds a column, minutes.
    auto slow = time_ticks(60, 5.0, GraphStyle::braille);
    ASSERT_EQ(slow.size(), 5u);
    EXPECT_EQ(slow[1].label, "-2m");
    EXPECT_EQ(slow[1].column, 47);
    EXPECT_EQ(slow[4].label, "-8m");
    // A replay sampled every 0.5 s: its own spacing.
    auto fast = time_ticks(60, 0.5, GraphStyle::braille);
    EXPECT_EQ(fast[1].label, "-10s");
    EXPECT_EQ(fast[1].column, 49);
    // Labels never overlap and never leave the plot.
    for (int width : {8, 13, 37, 101})
        for (double interval : {0.1, 1.0, 2.0, 60.0}) {
            auto t = time_ticks(width, interval, GraphStyle::braille);
            for (size_t i = 0; i < t.size(); ++i) {
                EXPECT_GE(t[i].at, 0);
                EXPECT_LE(t[i].at + static_cast<int>(t[i].label.size()), width);
                if (i > 0) {
                    EXPECT_LT(t[i].at + static_cast<int>(t[i].label.size()), t[i - 1].at);
                }
            }
        }
}

TEST_F(Graph, TheAxisRowCarriesTheTicksFromFourRows) {
    Theme theme(true, false);
    History load = history_of(std::vector<double>(200, 40.0));
    GraphSpec spec;
    spec.unit = "%", spec.scale = GraphScale::percent, spec.interval_s = 1;
    // 5 rows: 4 plot rows and the axis; the plot is 60 columns after the "100% " margin.
    draw_graph(Canvas(stdscr, {0, 0, 5, 65}, theme), spec, load);
    std::string axis = screen.region(4, 0, 1, 65)[0];
    EXPECT_EQ(axis.substr(62), "now") << axis;
    EXPECT_EQ(axis.substr(5 + 42, 4), "-30s") << axis;
    EXPECT_EQ(axis.substr(5 + 27, 4), "-60s") << axis;
    // 3 rows: all plot, no axis.
    draw_graph(Canvas(stdscr, {10, 0, 3, 65}, theme), spec, load);
    for (const auto& row : screen.region(10, 0, 3, 65))
        EXPECT_EQ(row.find("now"), std::string::npos) << row;
    // The view's interval: the spacing of the samples it was given.
    ViewModel view;
    for (double t : {10.0, 10.5, 11.0, 11.5}) {
        Sample s;
        s.t_s = t;
        view.update(s);
    }
    ASSERT_TRUE(view.interval_s());
    EXPECT_DOUBLE_EQ(*view.interval_s(), 0.5);
}

TEST_F(Graph, RangeScaleFitsTheValuesAndTheAxisSaysSo) {
    auto watts = power_watts(120);
    GraphAxis axis = graph_axis(watts, GraphScale::range);
    EXPECT_DOUBLE_EQ(axis.low, 6.0);
    EXPECT_DOUBLE_EQ(axis.high, 7.0);
    // From zero (rates) and percent keep their origin.
    EXPECT_DOUBLE_EQ(graph_axis(watts, GraphScale::from_zero).low, 0);
    EXPECT_DOUBLE_EQ(graph_axis(watts, GraphScale::from_zero).high, nice_scale(6.9 * 1.1));
    GraphAxis pct = graph_axis({40, 45}, GraphScale::percent);
    EXPECT_DOUBLE_EQ(pct.low, 0);
    EXPECT_DOUBLE_EQ(pct.high, 100);
    // A clock wandering 1015..1019 MHz: round labels the axis can print, not a zoom on noise.
    GraphAxis clock = graph_axis({1018, 1015, 1019, 1017}, GraphScale::range);
    EXPECT_DOUBLE_EQ(clock.low, 1000);
    EXPECT_GE(clock.high - clock.low, 50);
    EXPECT_EQ(std::fmod(clock.high, 50), 0);
    // Drawn: 6.2 .. 6.9 W is not a solid block: the top plot row is partly empty, the bottom full.
    auto rows = render_graph(watts, axis, 40, 6, GraphStyle::braille);
    auto top = cells_of(rows[0]), bottom = cells_of(rows[5]);
    int empty_top = 0;
    for (const auto& cell : top)
        empty_top += cell == " " || cell == kBrailleBase;
    EXPECT_GT(empty_top, 10) << rows[0];
    // The old scale from 0 W filled every row below the top with full cells.
    auto from_zero = render_graph(watts, {0, 8}, 40, 6, GraphStyle::braille);
    EXPECT_NE(rows[2], from_zero[2]);
}

TEST_F(Graph, ZeroIsTheBaselineDotRowAtEveryHeight) {
    // Idle then a burst then idle: the idle columns look the same at every height.
    std::vector<double> values(40, 0.0);
    values[20] = values[21] = 100;
    std::string baseline = "\u28c0";  // dots 7 and 8: the bottom dot of both values
    for (int height : {1, 2, 5, 20}) {
        auto rows = render_graph(values, {0, 100}, 20, height, GraphStyle::braille);
        auto bottom = cells_of(rows.back());
        EXPECT_EQ(bottom[0], baseline) << "height " << height;
        EXPECT_EQ(bottom[19], baseline) << "height " << height;
        for (int r = 0; r + 1 < height; ++r)
            EXPECT_EQ(cells_of(rows[static_cast<size_t>(r)])[0], " ") << "height " << height;
        EXPECT_EQ(cells_of(rows[0])[10], "\u28ff")
            << "the burst fills its column, height " << height;
    }
    // Drawn through the component at 2, 5 and 20 rows: the same bottom cell under the zeros.
    Theme theme(true, false);
    History h = history_of(values);
    GraphSpec spec;
    spec.unit = "%", spec.scale = GraphScale::percent;
    for (int height : {2, 5, 20}) {
        werase(stdscr);
        draw_graph(Canvas(stdscr, {0, 0, height, 25}, theme), spec, h);
        int plot_bottom = height >= kTimeAxisMinRows ? height - 2 : height - 1;
        auto cells = cells_of(screen.region(plot_bottom, 0, 1, 25)[0]);
        EXPECT_EQ(cells[5], baseline) << "height " << height;
        EXPECT_EQ(cells[24], baseline) << "height " << height;
    }
    // A gap (no reading) stays blank.
    auto gap = render_graph({std::nan(""), std::nan("")}, {0, 100}, 1, 3, GraphStyle::braille);
    EXPECT_EQ(gap[2], " ");
}

TEST_F(Graph, ColumnsTakeTheirValuesLevelColour) {
    Theme theme(true, false);
    theme.init_colors();
    // Older half 20 % (good), newer half 95 % (crit).
    std::vector<double> values(60, 20.0);
    std::fill(values.begin() + 30, values.end(), 95.0);
    GraphSpec spec;
    spec.unit = "%", spec.scale = GraphScale::percent, spec.level = util_level;
    draw_graph(Canvas(stdscr, {0, 0, 6, 35}, theme), spec, history_of(values));
    auto pair_of = [&](Style s) { return static_cast<short>(PAIR_NUMBER(theme.attr(s))); };
    // The plot: columns 5..34, two values a column; bottom plot row 4.
    EXPECT_EQ(pair_at(4, 6), pair_of(Style::good));
    EXPECT_EQ(pair_at(4, 34), pair_of(Style::crit));
    EXPECT_EQ(pair_at(0, 34), pair_of(Style::crit));
    // The same value has the same colour on every row of its column.
    EXPECT_EQ(pair_at(3, 6), pair_at(4, 6));
    // Without a level function: the graph colour.
    GraphSpec plain;
    plain.unit = "/s", plain.scale = GraphScale::from_zero;
    draw_graph(Canvas(stdscr, {10, 0, 6, 35}, theme), plain, history_of(values));
    EXPECT_EQ(pair_at(14, 34), pair_of(Style::graph));
}

TEST_F(Graph, DrawsInsideItsCanvasFromOneRowToForty) {
    Theme theme(true, false);
    History h = history_of(power_watts(300));
    GraphSpec spec;
    spec.title = "Total power", spec.now = "6.4 W", spec.unit = "W", spec.scale = GraphScale::range;
    for (int height : {1, 2, 3, 4, 5, 12, 45}) {
        werase(stdscr);
        draw_graph(Canvas(stdscr, {1, 10, height, 50}, theme), spec, h);
        auto all = screen.region(0, 0, 50, 120);
        int outside = 0;
        for (int y = 0; y < 50; ++y) {
            auto cells = cells_of(all[static_cast<size_t>(y)]);
            for (int x = 0; x < 120; ++x) {
                bool inside = y >= 1 && y < 1 + height && x >= 10 && x < 60;
                outside += !inside && cells[static_cast<size_t>(x)] != " ";
            }
        }
        EXPECT_EQ(outside, 0) << "height " << height << "\n" << screen.text();
        // Two plot rows and up: the bottom label is the range's minimum.
        int plot_rows = height - 1 - (height - 1 >= kTimeAxisMinRows ? 1 : 0);
        if (plot_rows >= 2) {
            EXPECT_EQ(all[static_cast<size_t>(1 + plot_rows)].substr(10, 5), "6.0 W");
        }
    }
}

TEST_F(Graph, SmallMultiplesGiveEachSeriesATitleAndRows) {
    Theme theme(true, false);
    std::vector<History> cores;
    for (int i = 0; i < 12; ++i)
        cores.push_back(history_of(std::vector<double>(100, 5.0 * i)));
    std::vector<GraphSeries> series;
    for (int i = 0; i < 12; ++i)
        series.push_back({"core " + std::to_string(i), std::to_string(5 * i) + "%", &cores[i]});
    GraphSpec spec;
    spec.unit = "%", spec.scale = GraphScale::percent, spec.level = util_level;
    // 40 rows, 120 columns: blocks of a title and several graph rows.
    draw_graph_grid(Canvas(stdscr, {0, 0, 40, 120}, theme), spec, series, "cores");
    std::string text = screen.text();
    for (int i = 0; i < 12; ++i)
        EXPECT_NE(text.find("core " + std::to_string(i) + " "), std::string::npos) << i;
    int titles = 0, scales = 0;
    for (int y = 0; y < 40; ++y) {
        std::string row = screen.row(y);
        titles += row.find("core ") != std::string::npos;
        scales += row.find("100%") != std::string::npos;
    }
    EXPECT_LE(titles, 40 / 3) << "each title line has two graph rows or more under it\n" << text;
    EXPECT_GE(scales, 1);
    // One time axis per column of graphs, not one per graph.
    int axes = 0;
    for (size_t at = text.find("now"); at != std::string::npos; at = text.find("now", at + 1))
        ++axes;
    EXPECT_GE(axes, 1);
    EXPECT_LE(axes, 4) << text;
    // 8 rows: one row each with the title in the margin, two columns.
    werase(stdscr);
    draw_graph_grid(Canvas(stdscr, {0, 0, 8, 120}, theme), spec, series, "cores");
    for (int y = 0; y < 6; ++y) {
        std::string row = screen.row(y);
        EXPECT_EQ(row.substr(0, 7), "core " + std::to_string(y) + " ") << row;
    }
    // 3 rows of 40 columns: what does not fit is counted.
    werase(stdscr);
    draw_graph_grid(Canvas(stdscr, {0, 0, 3, 40}, theme), spec, series, "cores");
    EXPECT_NE(screen.row(2).find("+10 more cores"), std::string::npos) << screen.text();
}

TEST_F(Graph, AsciiModeIsPureAscii) {
    Theme theme(false, true);
    History watts = history_of(power_watts(300));
    GraphSpec spec;
    spec.title = "Total power", spec.now = "6.4 W", spec.unit = "W", spec.scale = GraphScale::range;
    draw_graph(Canvas(stdscr, {0, 0, 12, 60}, theme), spec, watts);
    std::vector<GraphSeries> series;
    for (int i = 0; i < 6; ++i)
        series.push_back({"core " + std::to_string(i), "5%", &watts});
    draw_graph_grid(Canvas(stdscr, {12, 0, 20, 120}, theme), spec, series, "cores");
    EXPECT_TRUE(screen.only_ascii()) << screen.text();
    EXPECT_NE(screen.row(11).find("now"), std::string::npos);
    EXPECT_EQ(screen.row(1).substr(0, 6), "7.0 W ");
    // Every style: rows exactly as wide as asked, plain ASCII in ASCII.
    std::vector<double> values;
    for (int i = 0; i < 300; ++i)
        values.push_back(i % 3 == 0 ? std::nan("") : i * 0.37);
    for (int w : {0, 1, 7, 80})
        for (int h : {1, 3, 10})
            for (auto style : {GraphStyle::braille, GraphStyle::blocks, GraphStyle::ascii})
                for (const auto& row : render_graph(values, {0, 100}, w, h, style)) {
                    EXPECT_EQ(text_columns(row), w);
                    bool ascii_only = true;
                    for (char ch : row)
                        ascii_only = ascii_only && static_cast<unsigned char>(ch) < 0x80;
                    EXPECT_TRUE(ascii_only || style != GraphStyle::ascii) << row;
                }
}

TEST_F(Graph, BraillePacksTwoValuesPerColumn) {
    // One row, values 100% and 50%: left column full (dots 1,2,3,7), right half (dots 6,8).
    auto rows = render_graph({100, 50}, {0, 100}, 1, 1, GraphStyle::braille);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0], "\u28e7");  // 0x2800 + 0x47 + 0xA0
    EXPECT_EQ(graph_capacity(10, GraphStyle::braille), 20);
    // Two rows: a full value fills both, an eighth fills the bottom dot of the bottom row.
    auto tall = render_graph({100, 12.5}, {0, 100}, 1, 2, GraphStyle::braille);
    EXPECT_EQ(tall[0], "\u2847");
    EXPECT_EQ(tall[1], "\u28c7");
}

TEST_F(Graph, FlatSeriesDrawsALineNotAWall) {
    // 50 % held for the whole graph, 4 rows: the value's top dots only, at the top of row 3 of 4.
    std::vector<double> flat(20, 50.0);
    auto rows = render_graph(flat, {0, 100}, 10, 4, GraphStyle::braille);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0], std::string(10, ' '));
    std::string dots;
    for (int i = 0; i < 10; ++i)
        dots += "\u2809";  // dots 1 and 4: the top dot of both columns
    EXPECT_EQ(rows[2], dots);
    EXPECT_EQ(rows[3], std::string(10, ' ')) << "below the line stays empty";
    auto ascii = render_graph(flat, {0, 100}, 10, 4, GraphStyle::ascii);
    EXPECT_EQ(ascii[2], std::string(10, '#'));
    EXPECT_EQ(ascii[3], std::string(10, ' '));
    // Varying: the area under it is filled.
    std::vector<double> varying = {50, 50, 50, 100};
    EXPECT_FALSE(is_flat_series(varying, {0, 100}, 4, GraphStyle::ascii));
    EXPECT_TRUE(is_flat_series({50, std::nan(""), 50}, {0, 100}, 4, GraphStyle::ascii));
    EXPECT_FALSE(is_flat_series({std::nan("")}, {0, 100}, 4, GraphStyle::ascii));
    auto area = render_graph(varying, {0, 100}, 4, 4, GraphStyle::ascii);
    EXPECT_EQ(area[3], "####");
    EXPECT_EQ(area[0], "   #");
}

TEST_F(Graph, FromZeroScalesEndAtRoundNumbers) {
    EXPECT_DOUBLE_EQ(nice_scale(1121), 1200);
    EXPECT_DOUBLE_EQ(nice_scale(7.04), 8);
    EXPECT_DOUBLE_EQ(nice_scale(100), 100);
    EXPECT_DOUBLE_EQ(nice_scale(0.33), 0.4);
    EXPECT_DOUBLE_EQ(nice_scale(0), 1);
}

}  // namespace
}  // namespace edgetop::tui::testing::graph_view
