// Keys of a replay: the arrows step samples instead of switching pages, g/G jump, +/- change the
// speed, and a live view keeps its own meaning for each of them.
#include <gtest/gtest.h>

#include "tui/curses.hpp"
#include "tui/keys.hpp"

namespace edgetop::tui {
namespace {

TEST(ReplayKeys, ArrowsStepAndPauseInsteadOfSwitchingPages) {
    UiState ui;
    KeyContext replay;
    replay.replay = true;
    EXPECT_EQ(handle_key(KEY_RIGHT, ui, replay), KeyAction::step_forward);
    EXPECT_TRUE(ui.paused);
    EXPECT_EQ(ui.page, Page::overview);
    EXPECT_EQ(handle_key(KEY_LEFT, ui, replay), KeyAction::step_back);
    EXPECT_EQ(ui.page, Page::overview);
    EXPECT_EQ(handle_key('\t', ui, replay), KeyAction::redraw);  // Tab still pages
    EXPECT_EQ(ui.page, Page::cpu);
    EXPECT_EQ(handle_key('7', ui, replay), KeyAction::redraw);
    EXPECT_EQ(ui.page, Page::analysis);
    EXPECT_EQ(handle_key('g', ui, replay), KeyAction::jump_start);
    EXPECT_EQ(handle_key('G', ui, replay), KeyAction::jump_end);
    EXPECT_EQ(handle_key(' ', ui, replay), KeyAction::pause_changed);
    EXPECT_FALSE(ui.paused);
}

TEST(ReplayKeys, PlusAndMinusDoubleAndHalveTheSpeedWithinLimits) {
    UiState ui;
    KeyContext replay;
    replay.replay = true;
    EXPECT_EQ(handle_key('+', ui, replay), KeyAction::speed_changed);
    EXPECT_EQ(ui.replay_speed, 2);
    EXPECT_EQ(ui.interval_ms, 1000);  // the sampling interval is not touched
    handle_key('-', ui, replay);
    handle_key('-', ui, replay);
    EXPECT_EQ(ui.replay_speed, 0.5);
    for (int i = 0; i < 40; ++i)
        handle_key('+', ui, replay);
    EXPECT_EQ(ui.replay_speed, kMaxReplaySpeed);
    for (int i = 0; i < 80; ++i)
        handle_key('-', ui, replay);
    EXPECT_EQ(ui.replay_speed, kMinReplaySpeed);
}

TEST(ReplayKeys, LiveViewKeepsArrowsForPages) {
    UiState ui;
    KeyContext live;
    EXPECT_EQ(handle_key(KEY_RIGHT, ui, live), KeyAction::redraw);
    EXPECT_EQ(ui.page, Page::cpu);
    EXPECT_FALSE(ui.paused);
    EXPECT_EQ(handle_key('g', ui, live), KeyAction::none);
    EXPECT_EQ(handle_key('+', ui, live), KeyAction::interval_changed);
    EXPECT_EQ(ui.replay_speed, 1);
}

}  // namespace
}  // namespace edgetop::tui
