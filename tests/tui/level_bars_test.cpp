// Bars drawn by level into a curses screen on /dev/null, read back cell by cell: the
// colour pair of the level, the marker that says it without colour and the cap mark (graphs:
// graph_test.cpp).
#include <gtest/gtest.h>

#include <clocale>
#include <cstdio>
#include <cwchar>

#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

class LevelBars : public ::testing::Test {
  protected:
    void SetUp() override {
        std::setlocale(LC_CTYPE, "C.UTF-8");
        out_ = std::fopen("/dev/null", "w");
        in_ = std::fopen("/dev/null", "r");
        screen_ = newterm("xterm-256color", out_, in_);
        ASSERT_NE(screen_, nullptr) << "no xterm-256color terminfo";
        set_term(screen_);
        start_color();
        resizeterm(10, 60);
        werase(stdscr);
    }
    void TearDown() override {
        if (screen_) {
            endwin();
            delscreen(screen_);
        }
        std::fclose(out_);
        std::fclose(in_);
        std::setlocale(LC_CTYPE, "C");
    }
    struct Cell {
        std::string text;
        short pair = 0;
    };
    static Cell cell(int y, int x) {
        cchar_t c;
        Cell out;
        if (mvwin_wch(stdscr, y, x, &c) == ERR) return out;
        wchar_t wide[CCHARW_MAX + 1] = {};
        attr_t attrs;
        getcchar(&c, wide, &attrs, &out.pair, nullptr);
        char bytes[MB_LEN_MAX * (CCHARW_MAX + 1)] = {};
        std::wcstombs(bytes, wide, sizeof bytes);
        out.text = bytes;
        return out;
    }
    static std::string row(int y, int from, int to) {
        std::string out;
        for (int x = from; x < to; ++x)
            out += cell(y, x).text;
        return out;
    }

  private:
    FILE* out_ = nullptr;
    FILE* in_ = nullptr;
    SCREEN* screen_ = nullptr;
};

TEST_F(LevelBars, ColourPairFollowsTheLevel) {
    Theme theme(true, false);
    theme.init_colors();
    Canvas c(stdscr, {0, 0, 10, 60}, theme);
    c.bar(0, 0, 12, 0.3, Level::good);
    c.bar(1, 0, 12, 0.7, Level::warn);
    c.bar(2, 0, 12, 0.9, Level::crit);
    auto pair_of = [&](Style s) { return static_cast<short>(PAIR_NUMBER(theme.attr(s))); };
    EXPECT_EQ(cell(0, 1).pair, pair_of(Style::good));
    EXPECT_EQ(cell(1, 1).pair, pair_of(Style::warn));
    EXPECT_EQ(cell(2, 1).pair, pair_of(Style::crit));
    EXPECT_NE(pair_of(Style::good), pair_of(Style::crit));
    // The marker shows in colour too (one signal for every terminal and every eye).
    EXPECT_EQ(cell(0, 11).text, "]");
    EXPECT_EQ(cell(1, 11).text, "+");
    EXPECT_EQ(cell(2, 11).text, "!");
    EXPECT_EQ(cell(2, 11).pair, pair_of(Style::crit));
}

TEST_F(LevelBars, MarkerShowsWithoutColour) {
    Theme theme(false, true);  // NO_COLOR (or a monochrome terminal) and ASCII
    Canvas c(stdscr, {0, 0, 10, 60}, theme);
    c.bar(0, 0, 12, 0.3, Level::good);
    c.bar(1, 0, 12, 0.7, Level::warn);
    c.bar(2, 0, 12, 0.9, Level::crit);
    EXPECT_EQ(row(0, 0, 12), "[|||       ]");
    EXPECT_EQ(row(1, 0, 12), "[|||||||   +");
    EXPECT_EQ(row(2, 0, 12), "[||||||||| !");
    EXPECT_EQ(cell(2, 11).pair, 0);
}

TEST_F(LevelBars, CapMarkSitsWhereTheCapIs) {
    Theme theme(false, true);
    Canvas c(stdscr, {0, 0, 10, 60}, theme);
    // 1.19 GHz of a 1.728 GHz maximum, capped at 1.5104 GHz: 10 cells inside the brackets.
    c.bar(0, 0, 12, 1190400.0 / 1728000, Level::good, 1510400.0 / 1728000);
    EXPECT_EQ(row(0, 0, 12), "[||||||   :]");
    // At the cap: the clock level is warn and the bar ends with its marker.
    clock_bar(c, 1, 0, 1510400, 1510400, 1728000);
    std::string at_cap = row(1, 0, 32);
    EXPECT_EQ(at_cap.back(), '+') << at_cap;
    EXPECT_EQ(at_cap[1 + mark_cell(1510400.0 / 1728000, 30)], ':') << at_cap;
    // MAXN: no cap below the maximum, no mark.
    clock_bar(c, 2, 0, 1728000, 1728000, 1728000);
    EXPECT_EQ(row(2, 0, 32).find(':'), std::string::npos);
}

}  // namespace
}  // namespace edgetop::tui
