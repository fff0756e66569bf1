// Keys, resizing, terminals and colours of the interactive view, typed into a tmux pane.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e/edgetop_process.hpp"
#include "e2e/tmux_session.hpp"

namespace edgetop::testing {
namespace {

class TuiKeys : public ::testing::Test {
  protected:
    void SetUp() override { EDGETOP_REQUIRE_TMUX(); }
};

std::vector<std::string> rows(const std::string& screen) {
    return split_lines(screen);
}

TEST_F(TuiKeys, TabDigitsHelpPauseIntervalAndQuit) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for_all({kOrinHeader, "every 1 s", "Top processes"});

    tmux.keys("Tab");
    tmux.wait_for("Utilisation history per core");
    tmux.keys("Tab");
    tmux.wait_for("Processes holding the GPU");
    tmux.keys("BTab");
    tmux.wait_for("Utilisation history per core");
    tmux.keys("7");
    tmux.wait_for("Active flags");
    tmux.keys("Tab");  // wraps around to the first page
    tmux.wait_for("Top processes");

    tmux.keys("h");
    tmux.wait_for_all({"show or hide this help", "quit", "pause the display"});
    tmux.keys("x");  // any key closes the help
    tmux.wait_until(
        [](const std::string& s) { return s.find("show or hide this help") == std::string::npos; },
        "the help to close");

    tmux.keys("p");
    tmux.wait_for("display paused");
    tmux.keys("p");
    tmux.wait_until(
        [](const std::string& s) { return s.find("display paused") == std::string::npos; },
        "the pause to end");

    tmux.keys("+");
    tmux.wait_for_all({"sampling every 2 s", "every 2 s"});
    tmux.keys("-");
    tmux.keys("-");
    tmux.wait_for_all({"sampling every 500 ms", "every 500 ms"});

    tmux.keys("q");
    std::string screen = tmux.wait_for("edgetop exited 0");
    EXPECT_EQ(screen.find(kOrinHeader), std::string::npos)
        << "the terminal is back to the shell's screen:\n"
        << screen;
}

TEST_F(TuiKeys, EscapeAndSigtermAlsoQuitCleanly) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    tmux.keys("Escape");
    tmux.wait_for("edgetop exited 0");

    TmuxSession interrupted({"--root", fixture_root("agx-orin")});
    interrupted.wait_for(kOrinHeader);
    interrupted.keys("C-c");
    interrupted.wait_for("edgetop exited 0");
}

TEST_F(TuiKeys, ResizeKeepsACorrectScreen) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")}, TmuxOptions().size(200, 60));
    ASSERT_TRUE(tmux.started());
    tmux.wait_for_all({kOrinHeader, "VDD_GPU_SOC"});

    tmux.resize(40, 12);
    std::string small = tmux.wait_until(
        [](const std::string& s) {
            auto lines = rows(s);
            // A narrow header keeps the board, the mode and the flag count.
            return lines.size() == 12 &&
                   lines[0].find("AGX Orin  mode MAXN") != std::string::npos &&
                   lines[1].starts_with(" 1 Overview");
        },
        "a 40x12 screen with the header");
    for (const auto& line : rows(small)) {
        // Columns, not bytes: count UTF-8 lead bytes.
        size_t columns = 0;
        for (unsigned char c : line)
            columns += (c & 0xC0) != 0x80;
        EXPECT_LE(columns, 40u) << line;
    }
    // Nothing from the wide layout survives: the small screen equals a fresh start at 40x12.
    TmuxSession fresh({"--root", fixture_root("agx-orin")}, TmuxOptions().size(40, 12));
    std::string expected = fresh.wait_for("AGX Orin  mode MAXN");
    fresh.wait_until([&](const std::string& s) { return s == tmux.capture(); },
                     "the resized screen to equal a fresh 40x12 one:\n" + expected);

    tmux.resize(200, 60);
    std::string big = tmux.wait_for_all({kOrinHeader, "VDD_GPU_SOC", "Top processes"});
    EXPECT_EQ(rows(big).size(), 60u);
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiKeys, EveryCommonTerminalStartsAndQuitsCleanly) {
    for (const std::string term : {"xterm-256color", "screen", "tmux-256color", "vt100", "linux"}) {
        SCOPED_TRACE(term);
        TmuxSession tmux({"--root", fixture_root("agx-orin")}, TmuxOptions().with_term(term));
        ASSERT_TRUE(tmux.started());
        tmux.wait_for_all({kOrinHeader, "VDD_GPU_SOC"});
        tmux.keys("4");
        tmux.wait_for("5182 mA");
        tmux.keys("q");
        tmux.wait_for("edgetop exited 0");
    }
}

// Whether an SGR sequence of the captured screen sets a colour (39/49, the defaults, do not).
bool has_colour(const std::string& escaped) {
    for (size_t pos = escaped.find("\x1b["); pos != std::string::npos;
         pos = escaped.find("\x1b[", pos + 2)) {
        size_t end = escaped.find('m', pos);
        if (end == std::string::npos) break;
        std::string params = escaped.substr(pos + 2, end - pos - 2);
        size_t start = 0;
        while (start <= params.size()) {
            size_t semi = params.find(';', start);
            std::string p = params.substr(start, semi == std::string::npos ? semi : semi - start);
            int n = p.empty() || p.find_first_not_of("0123456789") != std::string::npos
                        ? 0
                        : std::stoi(p);
            if ((n >= 30 && n <= 38) || (n >= 40 && n <= 48) || (n >= 90 && n <= 107)) return true;
            if (semi == std::string::npos) break;
            start = semi + 1;
        }
    }
    return false;
}

TEST(ColourDetection, SeesColoursButNotDefaultsOrAttributes) {
    EXPECT_TRUE(has_colour("\x1b[0;1;38;5;196mx"));
    EXPECT_TRUE(has_colour("\x1b[32mx"));
    EXPECT_FALSE(has_colour("\x1b[7m edgetop \x1b[0m\x1b[39m\x1b[49m \x1b[2m2 CPU"));
}

TEST_F(TuiKeys, NoColorOptionAndEnvironmentTurnColoursOff) {
    {
        TmuxSession coloured({"--root", fixture_root("agx-orin")});
        coloured.wait_for(kOrinHeader);
        EXPECT_TRUE(has_colour(coloured.capture(true))) << "the default view is coloured";
    }
    {
        TmuxSession flag({"--root", fixture_root("agx-orin"), "--no-color"});
        flag.wait_for(kOrinHeader);
        EXPECT_FALSE(has_colour(flag.capture(true))) << flag.capture(true);
    }
    {
        TmuxSession env({"--root", fixture_root("agx-orin")}, TmuxOptions().with_env("NO_COLOR=1"));
        env.wait_for(kOrinHeader);
        EXPECT_FALSE(has_colour(env.capture(true))) << env.capture(true);
    }
}

}  // namespace
}  // namespace edgetop::testing
