// Keys, resizing, terminals and colours of the interactive view, typed into a tmux pane.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <utility>
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
    tmux.wait_for_all({kOrinHeader, "every 1 s", "Hottest"});

    tmux.keys("Tab");
    tmux.wait_for("Utilisation history per core");
    tmux.keys("Tab");
    tmux.wait_for("GPU frequency");
    tmux.keys("BTab");
    tmux.wait_for("Utilisation history per core");
    tmux.keys("7");
    tmux.wait_for("Active flags");
    tmux.keys("8");
    tmux.wait_for_all({"Board", "Software", "JetPack"});
    tmux.keys("Tab");  // wraps around to the first page
    tmux.wait_for("Hottest");

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

// Esc, and time for the view to read it alone: a key sent right behind it would make the pair
// Alt+key, as in any terminal program.
void lone_escape(const TmuxSession& tmux) {
    tmux.keys("Escape");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
}

TEST_F(TuiKeys, EscNeverQuitsCtrlCDoes) {
    TmuxSession tmux({"--root", fixture_root("agx-orin")});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for(kOrinHeader);
    // Esc twice after closing a prompt, then once more after closing the help: the view stays.
    tmux.keys("/");
    tmux.keys("abc", true);
    tmux.wait_for("filter: abc");
    lone_escape(tmux);
    tmux.wait_until([](const std::string& s) { return s.find("abc") == std::string::npos; },
                    "Esc to close the filter prompt and clear it");
    lone_escape(tmux);
    lone_escape(tmux);
    tmux.wait_for("q quits");
    tmux.keys("h");
    tmux.wait_for("show or hide this help");
    lone_escape(tmux);
    tmux.wait_until(
        [](const std::string& s) { return s.find("show or hide this help") == std::string::npos; },
        "Esc to close the help");
    lone_escape(tmux);
    std::string screen = tmux.wait_for("q quits");
    EXPECT_EQ(screen.find("edgetop exited"), std::string::npos) << screen;
    EXPECT_NE(screen.find("process table is read only"), std::string::npos)
        << "the process page stays:\n"
        << screen;
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");

    TmuxSession interrupted({"--root", fixture_root("agx-orin")});
    interrupted.wait_for(kOrinHeader);
    interrupted.keys("C-c");
    interrupted.wait_for("edgetop exited 0");
}

TEST_F(TuiKeys, SigtermAndSighupQuitAndRestoreTheTerminal) {
    for (int signo : {SIGTERM, SIGHUP}) {
        SCOPED_TRACE(signo);
        TmuxSession tmux({"--root", fixture_root("agx-orin")});
        ASSERT_TRUE(tmux.started());
        tmux.wait_for(kOrinHeader);
        ASSERT_TRUE(tmux.signal_program(signo));
        // Left the alternate screen: only the shell's line is there, none of the view.
        std::string screen = tmux.wait_for("edgetop exited 0");
        EXPECT_EQ(screen.find(kOrinHeader), std::string::npos) << screen;
    }
}

// Home, End, PgUp, PgDn, F1 and Alt+key of terminals other than the one TERM names, as raw bytes:
// none quits, none switches the page through its digits ('1' of ESC [1~, '4' of ESC [4~).
TEST_F(TuiKeys, RawSequencesOfOtherTerminalsNeverQuitOrSwitchPages) {
    for (const std::string term : {"xterm-256color", "screen", "linux"}) {
        SCOPED_TRACE(term);
        TmuxSession tmux({"--root", fixture_root("agx-orin"), "--page", "2"},
                         TmuxOptions().with_term(term));
        ASSERT_TRUE(tmux.started());
        tmux.wait_for("Utilisation history per core");
        for (const char* sequence : {
                 "1b 5b 31 7e", "1b 5b 34 7e",  // Home, End: PuTTY, screen, linux console
                 "1b 5b 37 7e", "1b 5b 38 7e",  // Home, End: rxvt
                 "1b 4f 48", "1b 4f 46",        // Home, End: xterm application mode
                 "1b 5b 48", "1b 5b 46",        // Home, End: xterm
                 "1b 5b 35 7e", "1b 5b 36 7e",  // PgUp, PgDn
                 "1b 5b 5b 41",                 // F1: linux console
                 "1b 5b 31 3b 35 43",           // Ctrl+Right
                 "1b 71", "1b 34",              // Alt+q, Alt+4
                 "1b 1b 5b 31 7e",              // Alt+Home
             })
            tmux.bytes(sequence);
        // A key once they were read: sent with them, h would be Alt+h, as in any terminal.
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        tmux.keys("h");  // the view read every byte and is still here
        std::string screen = tmux.wait_for("show or hide this help");
        EXPECT_EQ(screen.find("edgetop exited"), std::string::npos) << screen;
        tmux.keys("x");
        screen = tmux.wait_until(
            [](const std::string& s) {
                return s.find("show or hide this help") == std::string::npos;
            },
            "the help to close");
        EXPECT_NE(screen.find("Utilisation history per core"), std::string::npos)
            << "still on the CPU page:\n"
            << screen;
        tmux.keys("q");
        tmux.wait_for("edgetop exited 0");
    }
}

// The first process row of the table, sorted by PID ascending: Home shows the lowest PID, End
// scrolls it away, both sent as PuTTY's / the linux console's raw sequences.
std::string first_process_row(const std::string& screen) {
    auto lines = rows(screen);
    for (size_t i = 0; i + 1 < lines.size(); ++i)
        if (lines[i].find("PID") != std::string::npos && lines[i].find("USER") != std::string::npos)
            return lines[i + 1].substr(0, 8);
    return "";
}

TEST_F(TuiKeys, RawHomeAndEndMoveTheProcessTable) {
    TmuxSession tmux({"--page", "6"}, TmuxOptions().size(100, 14).with_term("xterm-256color"));
    ASSERT_TRUE(tmux.started());
    tmux.wait_for("PID");
    tmux.keys(shell_quote("<<<i"), true);  // sort by PID, ascending
    std::string top = tmux.wait_until(
        [](const std::string& s) { return !first_process_row(s).empty(); }, "the table");
    std::string lowest = first_process_row(top);
    tmux.bytes("1b 5b 34 7e");  // End
    std::string end = tmux.wait_until(
        [&](const std::string& s) {
            auto row = first_process_row(s);
            return !row.empty() && row != lowest;
        },
        "End to scroll the lowest PID away");
    EXPECT_EQ(end.find("edgetop exited"), std::string::npos);
    tmux.bytes("1b 5b 31 7e");  // Home
    tmux.wait_until([&](const std::string& s) { return first_process_row(s) == lowest; },
                    "Home to show the lowest PID again (" + lowest + ")");
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiKeys, SignalPromptWorksAtOnceAndAKeptFilterStaysShown) {
    TmuxSession tmux({"--page", "6"}, TmuxOptions().size(100, 20));
    ASSERT_TRUE(tmux.started());
    tmux.wait_until([](const std::string& s) { return !first_process_row(s).empty(); },
                    "the table");
    tmux.keys("k");  // no move first: the highlighted first row is the one asked about
    tmux.wait_for("send SIGTERM to");
    tmux.keys("n");
    tmux.wait_for("no signal sent");

    tmux.keys("/");
    tmux.keys("edgetop", true);
    tmux.keys("Enter");
    std::string screen = tmux.wait_for("filter: edgetop  (/ edits it");
    EXPECT_EQ(screen.find("filter: edgetop_"), std::string::npos) << "the prompt is closed";
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST_F(TuiKeys, DumbOrUnsetTerminalPrintsOneSnapshotAndExitsZero) {
    for (const std::string term : {"dumb", ""}) {
        SCOPED_TRACE("TERM=" + term);
        TmuxSession tmux({"--root", fixture_root("agx-orin")},
                         TmuxOptions().size(120, 80).with_term(term));
        ASSERT_TRUE(tmux.started());
        std::string screen =
            tmux.wait_for_all({"Processes n/a", "printed a snapshot", "edgetop exited 0"});
        EXPECT_NE(screen.find("\nPower"), std::string::npos) << screen;
        EXPECT_NE(screen.find(term.empty() ? "TERM is not set" : "terminal 'dumb' cannot show"),
                  std::string::npos)
            << screen;
    }
}

// Whether text holds a braille cell (U+2800..U+28FF) or a block element (U+2580..U+259F).
bool has_braille_or_blocks(const std::string& text) {
    for (size_t i = 0; i + 2 < text.size(); ++i) {
        auto b0 = static_cast<unsigned char>(text[i]), b1 = static_cast<unsigned char>(text[i + 1]);
        if (b0 == 0xE2 && b1 >= 0xA0 && b1 <= 0xA3) return true;  // U+2800..U+28FF
        if (b0 == 0xE2 && b1 == 0x96 && static_cast<unsigned char>(text[i + 2]) >= 0x80 &&
            static_cast<unsigned char>(text[i + 2]) <= 0x9F)
            return true;  // U+2580..U+259F
    }
    return false;
}

TEST_F(TuiKeys, LinuxConsoleGetsNoBrailleOrEighthBlocks) {
    // The same pages on xterm do use them: the check can see them.
    std::string xterm_pages, linux_pages;
    for (const std::string term : {"xterm-256color", "linux"}) {
        TmuxSession tmux({"--root", fixture_root("agx-orin")},
                         TmuxOptions().size(160, 48).with_term(term));
        ASSERT_TRUE(tmux.started());
        std::string& pages = term == "linux" ? linux_pages : xterm_pages;
        for (const auto& [key, text] :
             std::vector<std::pair<std::string, std::string>>{{"1", "Hottest"},
                                                              {"2", "Utilisation history per core"},
                                                              {"3", "GPU frequency"},
                                                              {"4", "5200 mA"}}) {
            tmux.keys(key);
            pages += tmux.wait_for(text);
        }
        tmux.keys("q");
        tmux.wait_for("edgetop exited 0");
    }
    EXPECT_TRUE(has_braille_or_blocks(xterm_pages));
    EXPECT_FALSE(has_braille_or_blocks(linux_pages)) << linux_pages;
    EXPECT_NE(linux_pages.find("VDD_GPU_SOC"), std::string::npos);
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
    std::string big = tmux.wait_for_all({kOrinHeader, "VDD_GPU_SOC", "Hottest"});
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
        tmux.wait_for("5200 mA");
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
