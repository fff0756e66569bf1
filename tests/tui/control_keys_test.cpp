// m, c and f: what each prompt asks and what y runs; refusals are the application's reasons.
#include "tui/control_keys.hpp"

#include <gtest/gtest.h>

#include "tui/curses.hpp"
#include "tui/key_reader.hpp"

namespace edgetop::tui {
namespace {

using Commands = std::vector<std::vector<std::string>>;

Board two_mode_board() {
    Board b;
    PowerMode maxn;
    maxn.id = 0, maxn.name = "MAXN";
    PowerMode w30;
    w30.id = 2, w30.name = "MODE_30W";
    b.power_modes = {maxn, w30};
    return b;
}

struct ControlScene {
    Board board = two_mode_board();
    UiState ui;
    KeyContext ctx;
    ControlScene() {
        ctx.controls_available = true;
        ctx.board = &board;
    }
    KeyAction type(const std::string& keys) {
        KeyAction last = KeyAction::none;
        for (char k : keys)
            last = handle_key(k, ui, ctx);
        return last;
    }
};

TEST(ControlKeys, PowerModeIsChosenByIdAndRunsAfterYes) {
    ControlScene s;
    EXPECT_EQ(s.type("m"), KeyAction::redraw);
    EXPECT_EQ(s.ui.prompt, Prompt::power_mode);
    s.type("2");
    EXPECT_NE(control_prompt_text(s.ui).find("power mode id: 2_"), std::string::npos);
    EXPECT_EQ(handle_key('\n', s.ui, s.ctx), KeyAction::redraw);
    EXPECT_EQ(s.ui.prompt, Prompt::control_confirm);
    EXPECT_EQ(control_prompt_text(s.ui),
              "switch to power mode 2 (MODE_30W): run 'nvpmodel -m 2'? y/n");
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-m", "2"}}));
    EXPECT_EQ(s.type("y"), KeyAction::run_control);
    EXPECT_EQ(s.ui.prompt, Prompt::none);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-m", "2"}}));
}

Board four_mode_board() {
    Board b;
    const char* names[] = {"MAXN", "MODE_15W", "MODE_30W", "MODE_50W"};
    for (int id = 0; id < 4; ++id) {
        PowerMode m;
        m.id = id, m.name = names[id];
        b.power_modes.push_back(m);
    }
    b.current_mode_id = 2;
    return b;
}

TEST(ControlKeys, PowerModeListMovesWithTheArrowsAndEnterChooses) {
    ControlScene s;
    s.board = four_mode_board();
    s.type("m");
    EXPECT_EQ(s.ui.list_cursor, 2);  // starts on the active mode
    handle_key(KEY_DOWN, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 3);
    handle_key(KEY_DOWN, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 3);  // stays on the last
    handle_key(KEY_HOME, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 0);
    handle_key(KEY_UP, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 0);
    handle_key(KEY_END, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 3);
    handle_key(KEY_PPAGE, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 0);
    handle_key(KEY_NPAGE, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 3);
    handle_key(KEY_UP, s.ui, s.ctx);
    EXPECT_EQ(s.ui.prompt, Prompt::power_mode);
    EXPECT_EQ(handle_key('\n', s.ui, s.ctx), KeyAction::redraw);
    EXPECT_EQ(s.ui.prompt, Prompt::control_confirm);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-m", "2"}}));
}

TEST(ControlKeys, TypedIdMovesTheCursorAndAnArrowTakesOver) {
    ControlScene s;
    s.board = four_mode_board();
    s.type("m1");
    EXPECT_EQ(s.ui.list_cursor, 1);
    handle_key(KEY_DOWN, s.ui, s.ctx);
    EXPECT_TRUE(s.ui.input.empty());
    handle_key('\n', s.ui, s.ctx);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-m", "2"}}));
}

TEST(ControlKeys, FanProfileListMovesWithTheArrows) {
    ControlScene s;
    s.type("f");
    EXPECT_EQ(s.ui.list_cursor, 0);
    handle_key(KEY_DOWN, s.ui, s.ctx);
    EXPECT_EQ(s.ui.prompt, Prompt::fan_choice);  // an arrow no longer cancels
    handle_key(KEY_END, s.ui, s.ctx);
    EXPECT_EQ(s.ui.list_cursor, 1);
    handle_key('\n', s.ui, s.ctx);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-d", "cool"}}));
    EXPECT_EQ(s.type("y"), KeyAction::run_control);
    s.type("f");
    handle_key(KEY_DOWN, s.ui, s.ctx);
    handle_key(KEY_HOME, s.ui, s.ctx);
    handle_key(KEY_ENTER, s.ui, s.ctx);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-d", "quiet"}}));
}

TEST(ControlKeys, UnknownModeNoAndEscapeRunNothing) {
    ControlScene s;
    s.type("m7");
    handle_key('\n', s.ui, s.ctx);
    EXPECT_EQ(s.ui.message, "no power mode 7 in /etc/nvpmodel.conf");
    EXPECT_EQ(s.ui.prompt, Prompt::power_mode);  // another id can be typed
    EXPECT_EQ(handle_key(kEscapeKey, s.ui, s.ctx), KeyAction::redraw);
    EXPECT_EQ(s.ui.prompt, Prompt::none);
    s.type("m0");
    handle_key('\n', s.ui, s.ctx);
    EXPECT_EQ(s.type("n"), KeyAction::redraw);
    EXPECT_EQ(s.ui.prompt, Prompt::none);
    EXPECT_TRUE(s.ui.control_commands.empty());
    EXPECT_EQ(s.ui.message, "nothing run");
}

TEST(ControlKeys, JetsonClocksStoresBeforeMaximumAndRestores) {
    ControlScene s;
    s.type("c");
    EXPECT_EQ(s.ui.prompt, Prompt::clocks_choice);
    EXPECT_EQ(s.type("y"), KeyAction::run_control);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"jetson_clocks", "--store"}, {"jetson_clocks"}}));
    s.type("c");
    EXPECT_EQ(s.type("r"), KeyAction::run_control);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"jetson_clocks", "--restore"}}));
    s.type("c");
    EXPECT_EQ(s.type("x"), KeyAction::redraw);  // anything else cancels
    EXPECT_EQ(s.ui.prompt, Prompt::none);
}

TEST(ControlKeys, FanProfileThroughNvpmodel) {
    ControlScene s;
    s.type("fc");
    EXPECT_EQ(s.ui.prompt, Prompt::control_confirm);
    EXPECT_EQ(control_prompt_text(s.ui), "set the fan profile cool: run 'nvpmodel -d cool'? y/n");
    EXPECT_EQ(s.type("y"), KeyAction::run_control);
    EXPECT_EQ(s.ui.control_commands, (Commands{{"nvpmodel", "-d", "cool"}}));
}

TEST(ControlKeys, RefusalsAndReplayAndBusy) {
    ControlScene s;
    s.ctx.control_refusals[static_cast<size_t>(Control::power_mode)] =
        "nvpmodel needs root: run edgetop as root (sudo edgetop)";
    EXPECT_EQ(s.type("m"), KeyAction::redraw);
    EXPECT_EQ(s.ui.prompt, Prompt::none);
    EXPECT_EQ(s.ui.message, "refused: nvpmodel needs root: run edgetop as root (sudo edgetop)");
    s.type("c");
    EXPECT_EQ(s.ui.prompt, Prompt::clocks_choice);  // refused per control
    handle_key(kEscapeKey, s.ui, s.ctx);

    s.ctx.control_busy = true;
    s.type("f");
    EXPECT_EQ(s.ui.message, "a control command is still running");

    ControlScene replay;
    replay.ctx.controls_available = false;
    replay.type("m");
    EXPECT_EQ(replay.ui.prompt, Prompt::none);
    EXPECT_EQ(replay.ui.message, "the controls act on the live machine: not in a replay");

    ControlScene none;
    none.board.power_modes.clear();
    none.type("m");
    EXPECT_EQ(none.ui.message, "no power modes: /etc/nvpmodel.conf is absent or has none");
}

TEST(ControlKeys, AnyKeyClosesAFinishedCommandsOutput) {
    ControlScene s;
    s.ui.control_result = ControlOutcome{"nvpmodel -m 2", 0, "NVPM: mode 2\n"};
    EXPECT_EQ(s.type("4"), KeyAction::redraw);
    EXPECT_FALSE(s.ui.control_result);
    EXPECT_EQ(s.ui.page, Page::overview);  // the key only closed the box
}

}  // namespace
}  // namespace edgetop::tui
