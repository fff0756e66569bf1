// The Analysis page's chart of rules over time: a flag raised for the third quarter of a
// session is marked over that quarter of its row, and nowhere else.
#include <gtest/gtest.h>

#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"
#include "tui/frame.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace flag_gantt {
namespace {

using testing::VirtualScreen;

// Columns (0-based, within the row) of each occurrence of `mark`, counting code points.
std::vector<int> mark_columns(const std::string& row, std::string_view mark) {
    std::vector<int> out;
    int column = 0;
    for (size_t i = 0; i < row.size();) {
        if (row.compare(i, mark.size(), mark) == 0) out.push_back(column);
        size_t len = 1;
        auto byte = static_cast<unsigned char>(row[i]);
        if (byte >= 0xF0)
            len = 4;
        else if (byte >= 0xE0)
            len = 3;
        else if (byte >= 0xC0)
            len = 2;
        i += len, ++column;
    }
    return out;
}

void check_chart(bool ascii) {
    VirtualScreen screen;
    ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo";
    screen.resize(40, 120);
    ViewModel view;
    for (int t = 0; t <= 100; ++t) {
        Sample s = testing::orin_sample(t);
        s.flags.clear();
        if (t >= 50 && t < 75) s.flags = {"thermal_throttle"};
        view.update(s);
    }
    UiState ui;
    ui.page = Page::analysis;
    Board board = testing::orin_board();
    std::vector<SourceStatus> status;
    std::vector<FlagDetail> details;
    Theme theme{true, ascii};
    FrameContext ctx{.view = view,
                     .ui = ui,
                     .board = board,
                     .status = status,
                     .theme = theme,
                     .flag_details = details,
                     .analysis_enabled = true};
    draw_frame(stdscr, ctx);
    std::string mark = ascii ? "#" : "\u2588";
    int rows_with_marks = 0;
    for (int y = 0; y < 40; ++y) {
        std::string row = screen.row(y);
        auto marks = mark_columns(row, mark);
        if (marks.empty()) continue;
        ++rows_with_marks;
        ASSERT_NE(row.find("thermal_throttle"), std::string::npos) << row;
        // The track runs from after the rule names to the right edge: the marks cover its third
        // quarter, give or take a column.
        auto track = mark_columns(row, ascii ? "." : "\u00b7");
        ASSERT_FALSE(track.empty()) << row;
        int first = std::min(track.front(), marks.front());
        double width = 120 - first;
        EXPECT_NEAR((marks.front() - first) / width, 0.50, 0.02) << row;
        EXPECT_NEAR((marks.back() + 1 - first) / width, 0.75, 0.02) << row;
        EXPECT_EQ(static_cast<int>(marks.size()), marks.back() - marks.front() + 1) << row;
    }
    EXPECT_EQ(rows_with_marks, 1) << screen.text();
    EXPECT_NE(screen.text().find("now"), std::string::npos);
    EXPECT_NE(screen.text().find("-00:01:40"), std::string::npos) << screen.text();
}

TEST(FlagGantt, ARaisedPeriodIsMarkedOverItsShareOfTheSessionInItsRuleRow) {
    check_chart(false);
}

TEST(FlagGantt, TheAsciiViewMarksItWithHashes) {
    check_chart(true);
}

}  // namespace
}  // namespace flag_gantt
}  // namespace edgetop::tui
