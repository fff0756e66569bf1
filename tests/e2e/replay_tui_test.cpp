// edgetop replay in a real terminal (tmux): the header says REPLAY with the session time, Space
// pauses, Left/Right step one sample, g/G jump, --speed and +/- set the pace, Tab and digits still
// switch pages, and flags are recomputed on imported data.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <thread>

#include "e2e/edgetop_process.hpp"
#include "e2e/tmux_session.hpp"

namespace edgetop::testing {
namespace {

// 300 real Orin Nano samples over 33.4 s (examples/README.md). The capture starts with three lines
// in its first second, spread by the import: t = 0, 0.333, 0.667, then 1, 1.111, ...
std::string example() {
    return std::string(EDGETOP_SOURCE_DIR) + "/examples/orin-nano-super-trt.jsonl";
}

// The session time the header shows ("REPLAY t 12.3 s"), or -1.
double header_time(const std::string& screen) {
    std::smatch m;
    static const std::regex time(R"(REPLAY t ([0-9.]+) s)");
    if (!std::regex_search(screen, m, time)) return -1;
    return std::stod(m[1].str());
}

std::string first_line(const std::string& screen) {
    return screen.substr(0, screen.find('\n'));
}

TEST(ReplayTui, HeaderShowsReplayAndSessionTimeAndArrowsStep) {
    EDGETOP_REQUIRE_TMUX();
    // x0.01: the second sample is 33 s away, so nothing moves unless a key moves it.
    TmuxSession tmux({"replay", "--speed", "0.01", example()});
    ASSERT_TRUE(tmux.started());
    std::string screen = tmux.wait_for_all({"REPLAY t 0.0 s", "x0.01", "Overview"});
    EXPECT_NE(first_line(screen).find("Orin Nano"), std::string::npos) << screen;
    tmux.keys("Right");
    screen = tmux.wait_for_all({"REPLAY t 0.3 s", "PAUSED"});
    tmux.keys("Right");
    tmux.keys("Right");
    screen = tmux.wait_for("REPLAY t 1.0 s");
    tmux.keys("Left");
    screen = tmux.wait_for("REPLAY t 0.7 s");
    // Left/Right stepped samples: the page did not change (Overview has the Hottest panel).
    EXPECT_NE(screen.find("Hottest"), std::string::npos) << screen;
    tmux.keys("Tab");
    screen =
        tmux.wait_until([](const std::string& s) { return s.find("Hottest") == std::string::npos; },
                        "Tab to leave the Overview page");
    EXPECT_EQ(header_time(screen), 0.7) << screen;  // paging does not move the replay
    tmux.keys("G");
    screen = tmux.wait_for_all({"REPLAY t 33.4 s", "end of the recording"});
    tmux.keys("g");
    screen = tmux.wait_for("REPLAY t 0.0 s");
    tmux.keys("Left");
    tmux.wait_for("this is the first sample");
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST(ReplayTui, SpacePausesAndResumes) {
    EDGETOP_REQUIRE_TMUX();
    TmuxSession tmux({"replay", "--speed", "2", example()});
    ASSERT_TRUE(tmux.started());
    tmux.wait_until([](const std::string& s) { return header_time(s) >= 0.5; }, "t >= 0.5 s");
    tmux.keys("Space");
    std::string screen = tmux.wait_for("PAUSED");
    double paused_at = header_time(screen);
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // 2.4 s of session at x2
    screen = tmux.capture();
    EXPECT_EQ(header_time(screen), paused_at) << screen;
    tmux.keys("Space");
    tmux.wait_until([&](const std::string& s) { return header_time(s) > paused_at + 0.5; },
                    "the replay to go on after a second Space");
}

TEST(ReplayTui, SpeedSetsThePace) {
    EDGETOP_REQUIRE_TMUX();
    // 33.4 s of session at x100: the end comes after about a third of a second.
    TmuxSession fast({"replay", "--speed", "100", example()});
    TmuxSession slow({"replay", example()});
    ASSERT_TRUE(fast.started() && slow.started());
    auto start = std::chrono::steady_clock::now();
    fast.wait_for("end of the recording", std::chrono::seconds(5));
    double fast_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(fast_s, 5);
    // At recorded speed the same time covers about as much session time (sample steps of 0.1 s).
    double slow_t = header_time(slow.capture());
    EXPECT_GE(slow_t, 0);
    EXPECT_LT(slow_t, fast_s + 1.5) << slow.capture();
    // + doubles the speed: x2 in the header and a message.
    slow.keys("+");
    slow.wait_for_all({"x2", "playing at x2"});
}

TEST(ReplayTui, FlagRaisedInAnImportedSessionShowsOnTheAnalysisPage) {
    EDGETOP_REQUIRE_TMUX();
    // The capture's cpu zone stays at 48-50 °C; a 45 °C warning makes thermal_throttle fire.
    TmuxSession tmux({"replay", "--speed", "20", "--page", "7", "--rule",
                      "thermal_throttle.warn_c=45", example()});
    ASSERT_TRUE(tmux.started());
    std::string screen = tmux.wait_for_all(
        {"thermal_throttle", "raised", "above its warning threshold 45 °C", "1 flag"});
    EXPECT_NE(screen.find("Active flags"), std::string::npos) << screen;
    // The evidence is a table of the zones, temperatures in a °C column, not JSON.
    EXPECT_NE(screen.find("zones:"), std::string::npos) << screen;
    EXPECT_NE(screen.find("temp °C"), std::string::npos) << screen;
    EXPECT_EQ(screen.find("[limit"), std::string::npos) << screen;

    // Enter opens the flag's detail with its history; Home/End as xterm, screen, PuTTY and the
    // linux console send them neither quit nor close it; Esc closes it, a second Esc only says
    // what quits.
    tmux.keys("Space");
    tmux.wait_for("PAUSED");
    tmux.keys("Enter");
    screen =
        tmux.wait_for_all({"Flag thermal_throttle", "raised at",
                           "Evidence now:", "Evidence over time:", "raised 1 time in this run"});
    for (const char* sequence :
         {"1b 5b 48", "1b 5b 46", "1b 4f 48", "1b 4f 46", "1b 5b 31 7e", "1b 5b 34 7e"})
        tmux.bytes(sequence);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    tmux.keys("h");  // every byte was read and the view is still here
    screen = tmux.wait_for("show or hide this help");
    EXPECT_EQ(screen.find("edgetop exited"), std::string::npos) << screen;
    tmux.keys("x");
    screen = tmux.wait_until(
        [](const std::string& s) { return s.find("show or hide this help") == std::string::npos; },
        "the help to close");
    EXPECT_NE(screen.find("Flag thermal_throttle"), std::string::npos) << screen;
    tmux.keys("Escape");
    screen = tmux.wait_until(
        [](const std::string& s) { return s.find("Flag thermal_throttle") == std::string::npos; },
        "Esc to close the detail");
    EXPECT_NE(screen.find("Active flags"), std::string::npos) << screen;
    tmux.keys("Escape");
    screen = tmux.wait_for("q quits");
    EXPECT_EQ(screen.find("edgetop exited"), std::string::npos) << screen;
    tmux.keys("q");
    tmux.wait_for("edgetop exited 0");
}

TEST(ReplayTui, DumbTerminalNamesTheReportInsteadAndExitsOne) {
    EDGETOP_REQUIRE_TMUX();
    TmuxSession tmux({"replay", example()}, TmuxOptions().with_term("dumb"));
    ASSERT_TRUE(tmux.started());
    std::string screen = tmux.wait_for_all(
        {"terminal 'dumb' cannot show the view", "edgetop report", "edgetop exited 1"});
    EXPECT_EQ(screen.find("REPLAY"), std::string::npos) << screen;
}

TEST(ReplayTui, WithoutAnOverrideTheIdleCaptureRaisesNothing) {
    EDGETOP_REQUIRE_TMUX();
    TmuxSession tmux({"replay", "--speed", "100", "--page", "7", example()});
    ASSERT_TRUE(tmux.started());
    std::string screen = tmux.wait_for("end of the recording");
    EXPECT_NE(first_line(screen).find("0 flags"), std::string::npos) << screen;
}

TEST(ReplayCommand, RefusesWhatItCannotPlay) {
    auto no_terminal = run_edgetop({"replay", example()});
    EXPECT_EQ(no_terminal.status, 1);
    EXPECT_NE(no_terminal.err.find("terminal"), std::string::npos);
    EXPECT_EQ(run_edgetop({"replay"}).status, 2);
    EXPECT_EQ(run_edgetop({"replay", "-"}).status, 2);
    EXPECT_EQ(run_edgetop({"replay", "--speed", "0", example()}).status, 2);
    EXPECT_EQ(run_edgetop({"replay", "--speed", "fast", example()}).status, 2);
}

TEST(ReplayTui, NotASessionIsAnErrorBeforeTheViewOpens) {
    EDGETOP_REQUIRE_TMUX();
    TmuxSession tmux({"replay", std::string(EDGETOP_SOURCE_DIR) +
                                    "/examples/orin-nano-super-trt.tegrastats.log"});
    ASSERT_TRUE(tmux.started());
    tmux.wait_for_all({"not", "edgetop exited 1"});
}

}  // namespace
}  // namespace edgetop::testing
