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

TEST_F(Widgets, EveryWidgetIsPureAsciiInAsciiMode) {
    for (int w : {0, 1, 7, 80, 300})
        EXPECT_TRUE(all_ascii(render_bar(0.42, w, true)));
    EXPECT_TRUE(all_ascii(sanitize("caf\u00e9 \u2588 \xff\xfe", true)));
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

TEST_F(Widgets, MarkCellSitsAtTheFraction) {
    EXPECT_EQ(mark_cell(0.5, 10), 5);
    EXPECT_EQ(mark_cell(0.874, 30), 26);
    EXPECT_EQ(mark_cell(1.0, 10), 9);  // never past the last cell
    EXPECT_EQ(mark_cell(-1, 10), 0);
    EXPECT_EQ(mark_cell(0.5, 0), 0);
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
