#include "tui/widgets.hpp"

#include <gtest/gtest.h>

#include <clocale>
#include <cmath>

namespace edgetop::tui {
namespace {

bool all_ascii(const std::string& s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

class Widgets : public ::testing::Test {
  protected:
    // wcwidth() needs a UTF-8 character type to accept block and braille characters.
    void SetUp() override { std::setlocale(LC_CTYPE, "C.UTF-8"); }
    void TearDown() override { std::setlocale(LC_CTYPE, "C"); }
};

TEST_F(Widgets, BarFillsItsWidthExactly) {
    EXPECT_EQ(render_bar(0.5, 10, true), "|||||     ");
    EXPECT_EQ(render_bar(1.7, 4, true), "||||");
    EXPECT_EQ(render_bar(-1, 4, true), "    ");
    EXPECT_EQ(render_bar(std::nan(""), 3, true), "   ");
    EXPECT_EQ(render_bar(0.5, 0, true), "");
    // 0.55 of 10 cells: five full blocks and a half block.
    std::string utf = render_bar(0.55, 10, false);
    EXPECT_EQ(text_columns(utf), 10);
    EXPECT_EQ(utf.substr(0, 15), "\u2588\u2588\u2588\u2588\u2588");
    EXPECT_EQ(utf.substr(15, 3), "\u258c");
}

TEST_F(Widgets, SplitCellsKeepsTheRoundedTotal) {
    EXPECT_EQ(split_cells({0.3, 0.1, 0.02}, 20), (std::vector<int>{6, 2, 0}));
    EXPECT_EQ(split_cells({0.8, 0.8}, 10), (std::vector<int>{8, 2}));  // capped at full
    EXPECT_EQ(split_cells({0.5}, 0), (std::vector<int>{0}));
}

TEST_F(Widgets, SparklineRightAlignsNewestValues) {
    std::string s = render_sparkline({0, 50, 100}, 100, 5, true);
    EXPECT_EQ(s, "   -#");  // 0 is blank; 50% is level 4 of 8
}

TEST_F(Widgets, SparklineLevels) {
    EXPECT_EQ(render_sparkline({0, 50, 100}, 100, 3, true), " -#");
    EXPECT_EQ(render_sparkline({100}, 100, 1, false), "\u2588");
    EXPECT_EQ(render_sparkline({std::nan("")}, 100, 2, true), "  ");
}

TEST_F(Widgets, BrailleGraphPacksTwoValuesPerColumn) {
    // One row, values 100% and 50%: left column full (dots 1,2,3,7), right half (dots 6,8).
    auto rows = render_graph({100, 50}, 100, 1, 1, GraphStyle::braille);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0], "\u28e7");  // 0x2800 + 0x47 + 0xA0
    EXPECT_EQ(graph_capacity(10, GraphStyle::braille), 20);
    // Two rows: a full value fills both, a quarter fills one dot of the bottom row.
    auto tall = render_graph({100, 12.5}, 100, 1, 2, GraphStyle::braille);
    EXPECT_EQ(tall[0], "\u2847");
    EXPECT_EQ(tall[1], "\u28c7");
}

TEST_F(Widgets, EveryWidgetIsPureAsciiInAsciiMode) {
    std::vector<double> values;
    for (int i = 0; i < 300; ++i)
        values.push_back(i % 3 == 0 ? std::nan("") : i * 0.37);
    for (int w : {0, 1, 7, 80, 300}) {
        EXPECT_TRUE(all_ascii(render_bar(0.42, w, true)));
        EXPECT_TRUE(all_ascii(render_sparkline(values, 100, w, true)));
        for (int h : {1, 3, 10})
            for (const auto& row : render_graph(values, 100, w, h, GraphStyle::ascii)) {
                EXPECT_TRUE(all_ascii(row));
                EXPECT_EQ(text_columns(row), w);
            }
    }
    EXPECT_TRUE(all_ascii(sanitize("caf\u00e9 \u2588 \xff\xfe", true)));
}

TEST_F(Widgets, GraphRowsHaveExactWidth) {
    std::vector<double> values = {5, 90, 45, 100, 0, 33};
    for (auto style : {GraphStyle::braille, GraphStyle::blocks, GraphStyle::ascii})
        for (const auto& row : render_graph(values, 100, 9, 4, style))
            EXPECT_EQ(text_columns(row), 9);
}

TEST_F(Widgets, SanitizeEscapesControlsAndReplacesWhatCannotTakeOneColumn) {
    // Controls and invalid bytes shown as every text output shows them.
    EXPECT_EQ(sanitize("ok\tname\n", false), "ok\\x09name\\x0a");
    EXPECT_EQ(sanitize("\x1b]0;title\x07", true), "\\x1b]0;title\\x07");
    EXPECT_EQ(sanitize("a\u202eb", false), "a\\u202eb");
    EXPECT_EQ(sanitize("\xc3", false), "\\xc3");    // truncated UTF-8
    EXPECT_EQ(sanitize("\x80x", false), "\\x80x");  // stray continuation byte
    // Printable, but not one column.
    EXPECT_EQ(sanitize("caf\u00e9", false), "caf\u00e9");
    EXPECT_EQ(sanitize("caf\u00e9", true), "caf?");
    EXPECT_EQ(sanitize("\xe4\xb8\xad", false), "?");  // a wide CJK character
    EXPECT_EQ(text_columns(sanitize("\u2588\u2588a", false)), 3);
}

TEST_F(Widgets, FlatSeriesDrawsALineNotAWall) {
    // 50 % held for the whole graph, 4 rows: the value's top dots only, at the top of row 3 of 4.
    std::vector<double> flat(20, 50.0);
    auto rows = render_graph(flat, 100, 10, 4, GraphStyle::braille);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0], std::string(10, ' '));
    EXPECT_EQ(rows[1], std::string(10, ' '));
    std::string dots;
    for (int i = 0; i < 10; ++i)
        dots += "\u2809";  // dots 1 and 4: the top dot of both columns
    EXPECT_EQ(rows[2], dots);
    EXPECT_EQ(rows[3], std::string(10, ' ')) << "below the line stays empty";
    // ASCII: only the top cell of each column.
    auto ascii = render_graph(flat, 100, 10, 4, GraphStyle::ascii);
    EXPECT_EQ(ascii[2], std::string(10, '#'));
    EXPECT_EQ(ascii[3], std::string(10, ' '));
    // A flat zero: the bottom dots, where an idle GPU's load would otherwise draw nothing.
    auto zero = render_graph(std::vector<double>(20, 0.0), 100, 10, 4, GraphStyle::braille);
    std::string bottom;
    for (int i = 0; i < 10; ++i)
        bottom += "\u28c0";  // dots 7 and 8
    EXPECT_EQ(zero[3], bottom);
    EXPECT_EQ(zero[2], std::string(10, ' '));
}

TEST_F(Widgets, VaryingSeriesKeepsTheArea) {
    std::vector<double> varying = {50, 50, 50, 100};
    EXPECT_FALSE(is_flat_series(varying, 100, 4, GraphStyle::ascii));
    EXPECT_TRUE(is_flat_series({50, std::nan(""), 50}, 100, 4, GraphStyle::ascii));
    EXPECT_FALSE(is_flat_series({std::nan("")}, 100, 4, GraphStyle::ascii));
    // A GPU clock wandering 1015..1019 MHz on a 1200 MHz scale: less than one dot, a line.
    EXPECT_TRUE(is_flat_series({1018, 1015, 1019, 1017}, 1200, 4, GraphStyle::braille));
    EXPECT_FALSE(is_flat_series({1018, 900, 1019}, 1200, 4, GraphStyle::braille));
    auto rows = render_graph(varying, 100, 4, 4, GraphStyle::ascii);
    EXPECT_EQ(rows[3], "####") << "the area under a varying series is filled";
    EXPECT_EQ(rows[0], "   #");
}

TEST_F(Widgets, MarkCellSitsAtTheFraction) {
    EXPECT_EQ(mark_cell(0.5, 10), 5);
    EXPECT_EQ(mark_cell(0.874, 30), 26);
    EXPECT_EQ(mark_cell(1.0, 10), 9);  // never past the last cell
    EXPECT_EQ(mark_cell(-1, 10), 0);
    EXPECT_EQ(mark_cell(0.5, 0), 0);
}

TEST_F(Widgets, AutomaticScalesEndAtRoundNumbers) {
    EXPECT_DOUBLE_EQ(nice_scale(1121), 1200);
    EXPECT_DOUBLE_EQ(nice_scale(7.04), 8);
    EXPECT_DOUBLE_EQ(nice_scale(100), 100);
    EXPECT_DOUBLE_EQ(nice_scale(0.33), 0.4);
    EXPECT_DOUBLE_EQ(nice_scale(0), 1);
}

TEST_F(Widgets, ScaleLabelsCarryTheUnit) {
    EXPECT_EQ(scale_label(100, "%"), "100%");
    EXPECT_EQ(scale_label(0, "%"), "0%");
    EXPECT_EQ(scale_label(1300, "MHz"), "1300 MHz");
    EXPECT_EQ(scale_label(7.26, "W"), "7.3 W");
    EXPECT_EQ(scale_label(45210, "/s"), "45k/s");
    EXPECT_EQ(scale_label(2.4e6, "/s"), "2M/s");
}

}  // namespace
}  // namespace edgetop::tui
