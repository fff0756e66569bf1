// Colour that means something: each flag is drawn by its rule's severity (critical red with '!',
// warning yellow with '+', info dim), the header badge counts only warnings and critical flags,
// system CPU time is not red, and the palette has every style at every colour depth.
#include <gtest/gtest.h>

#include <set>

#include "analysis/rules_catalog.hpp"
#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"
#include "tui/flag_severity.hpp"
#include "tui/frame.hpp"

namespace edgetop::tui::colour_meaning {
namespace {

using analysis::Severity;
using testing::VirtualScreen;

struct Scene {
    ViewModel view;
    UiState ui;
    Board board = testing::orin_board();
    std::vector<SourceStatus> status;
    std::vector<FlagDetail> details;
    Theme theme{ColorDepth::c256, false};

    explicit Scene(std::vector<std::string> flags) {
        Sample s = testing::orin_sample(1.0);
        s.flags = std::move(flags);
        view.update(s);
    }
    void draw() {
        FrameContext ctx{view, ui, board, status, theme, details, true, false, false, false, ""};
        draw_frame(stdscr, ctx);
    }
};

struct Cell {
    std::string text;
    short pair = 0;
};

Cell cell(int y, int x) {
    cchar_t c;
    mvwin_wch(stdscr, y, x, &c);
    wchar_t wide[CCHARW_MAX + 1] = {};
    attr_t attrs;
    short pair;
    getcchar(&c, wide, &attrs, &pair, nullptr);
    char bytes[64] = {};
    std::wcstombs(bytes, wide, sizeof bytes);
    return {bytes, pair};
}

short pair_of(const Theme& theme, Style style) {
    return static_cast<short>(PAIR_NUMBER(theme.attr(style)));
}

// The row and column where `text` starts on the screen (the first time), or {-1, -1}.
std::pair<int, int> find_on_screen(const VirtualScreen& screen, const std::string& text) {
    for (int y = 0; y < LINES; ++y) {
        std::string row = screen.row(y);
        size_t at = row.find(text);
        if (at == std::string::npos) continue;
        int column = 0;  // cells before the byte offset
        for (size_t i = 0; i < at; ++i)
            column += (static_cast<unsigned char>(row[i]) & 0xC0) != 0x80 ? 1 : 0;
        return {y, column};
    }
    return {-1, -1};
}

class ColourMeaning : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo";
        start_color();
    }
    VirtualScreen screen;
};

TEST_F(ColourMeaning, EachFlagIsDrawnInTheStyleOfItsRulesSeverity) {
    // Every rule of the catalog raised at once, on the Overview's flag list at 200x50.
    std::vector<std::string> ids;
    for (const auto& rule : analysis::rule_catalog())
        ids.push_back(rule.id);
    Scene scene(ids);
    scene.theme.init_colors();
    screen.resize(50, 200);
    scene.draw();
    std::set<Severity> seen;
    for (const auto& rule : analysis::rule_catalog()) {
        auto [y, x] = find_on_screen(screen, rule.id);
        ASSERT_GE(y, 0) << rule.id << "\n" << screen.text();
        Style expected = rule.severity == Severity::critical  ? Style::crit
                         : rule.severity == Severity::warning ? Style::warn
                                                              : Style::dim;
        EXPECT_EQ(cell(y, x).pair, pair_of(scene.theme, expected)) << rule.id;
        std::string row = screen.row(y);
        size_t end = row.find(rule.id) + rule.id.size();
        // The marker says it without colour: '!' critical, '+' warning, "(info)".
        if (rule.severity == Severity::critical) {
            EXPECT_EQ(row[end], '!') << rule.id << row;
        }
        if (rule.severity == Severity::warning) {
            EXPECT_EQ(row[end], '+') << rule.id << row;
        }
        if (rule.severity == Severity::info) {
            EXPECT_EQ(row.compare(end, 7, " (info)"), 0) << rule.id << row;
        }
        seen.insert(rule.severity);
    }
    EXPECT_EQ(seen.size(), 3u) << "the catalog uses every severity";
}

TEST_F(ColourMeaning, TheBadgeCountsOnlyWarningsAndCriticalFlags) {
    screen.resize(24, 80);
    {
        Scene scene({"power_mode_cap", "super_mode_no_firmware"});
        scene.draw();
        std::string header = screen.row(0);
        EXPECT_NE(header.find(" 0 flags "), std::string::npos) << header;
        auto [y, x] = find_on_screen(screen, "0 flags");
        EXPECT_EQ(cell(y, x).pair, pair_of(scene.theme, Style::header)) << "not lit by info";
    }
    {
        Scene scene({"power_mode_cap", "io_stall"});
        scene.draw();
        std::string header = screen.row(0);
        EXPECT_NE(header.find(" 1 flag+ "), std::string::npos) << header;
        auto [y, x] = find_on_screen(screen, "1 flag+");
        EXPECT_EQ(cell(y, x).pair, pair_of(scene.theme, Style::badge_warn));
    }
    {
        Scene scene({"power_mode_cap", "io_stall", "thermal_throttle"});
        scene.draw();
        std::string header = screen.row(0);
        EXPECT_NE(header.find(" 2 flags! "), std::string::npos) << header;
        auto [y, x] = find_on_screen(screen, "2 flags!");
        EXPECT_EQ(cell(y, x).pair, pair_of(scene.theme, Style::badge));
    }
}

// Red (any of the reds of each depth) is for critical levels and flags only.
TEST(Palette, RedIsReservedForCriticalAndSystemTimeHasItsOwnColour) {
    const std::set<short> reds = {COLOR_RED, COLOR_RED + 8, 160, 196};
    for (ColorDepth depth : {ColorDepth::c8, ColorDepth::c16, ColorDepth::c256}) {
        for (const auto& entry : palette()) {
            Ink i = ink(entry.style, depth);
            bool red = reds.count(i.fg) > 0 || reds.count(i.bg) > 0;
            bool critical = entry.style == Style::crit || entry.style == Style::badge;
            EXPECT_EQ(red, critical) << static_cast<int>(entry.style);
        }
    }
    for (ColorDepth depth : {ColorDepth::mono, ColorDepth::c8, ColorDepth::c16, ColorDepth::c256}) {
        Ink system = ink(Style::system, depth), crit = ink(Style::crit, depth);
        EXPECT_FALSE(system.fg == crit.fg && system.bg == crit.bg && system.attrs == crit.attrs)
            << static_cast<int>(depth);
        if (depth != ColorDepth::mono) {
            EXPECT_NE(system.fg, ink(Style::user, depth).fg);
            EXPECT_NE(system.fg, ink(Style::iowait, depth).fg);
        }
    }
}

TEST(Palette, EveryStyleHasAnEntryAtEveryDepthWithinItsColours) {
    ASSERT_EQ(palette().size(), static_cast<size_t>(Style::count));
    for (size_t i = 0; i < palette().size(); ++i)
        EXPECT_EQ(static_cast<size_t>(palette()[i].style), i);
    const std::pair<ColorDepth, short> depths[] = {
        {ColorDepth::c8, 8}, {ColorDepth::c16, 16}, {ColorDepth::c256, 256}};
    for (auto [depth, colours] : depths)
        for (const auto& entry : palette()) {
            Ink i = ink(entry.style, depth);
            EXPECT_TRUE(i.fg >= -1 && i.fg < colours) << static_cast<int>(entry.style);
            EXPECT_TRUE(i.bg >= -1 && i.bg < colours) << static_cast<int>(entry.style);
        }
    // The levels stay apart at every depth, monochrome included (there by attributes).
    for (ColorDepth depth : {ColorDepth::mono, ColorDepth::c8, ColorDepth::c16, ColorDepth::c256}) {
        auto same = [&](Style a, Style b) {
            Ink x = ink(a, depth), y = ink(b, depth);
            return x.fg == y.fg && x.bg == y.bg && x.attrs == y.attrs;
        };
        EXPECT_FALSE(same(Style::good, Style::warn)) << static_cast<int>(depth);
        EXPECT_FALSE(same(Style::warn, Style::crit)) << static_cast<int>(depth);
        EXPECT_FALSE(same(Style::badge, Style::badge_warn)) << static_cast<int>(depth);
    }
    EXPECT_EQ(color_depth(8), ColorDepth::c8);
    EXPECT_EQ(color_depth(16), ColorDepth::c16);
    EXPECT_EQ(color_depth(256), ColorDepth::c256);
    EXPECT_EQ(color_depth(2), ColorDepth::mono);
}

}  // namespace
}  // namespace edgetop::tui::colour_meaning
