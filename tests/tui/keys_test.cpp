#include "tui/keys.hpp"

#include <gtest/gtest.h>

#include "tui/curses.hpp"

namespace edgetop::tui {
namespace {

constexpr int kEsc = 27;

TEST(Keys, DigitsTabsAndArrowsChangePage) {
    UiState ui;
    KeyContext ctx;
    handle_key('4', ui, ctx);
    EXPECT_EQ(ui.page, Page::power);
    handle_key('\t', ui, ctx);
    EXPECT_EQ(ui.page, Page::memory);
    handle_key(KEY_BTAB, ui, ctx);
    handle_key(KEY_LEFT, ui, ctx);
    EXPECT_EQ(ui.page, Page::gpu);
    handle_key('8', ui, ctx);
    EXPECT_EQ(ui.page, Page::info);
    handle_key(KEY_RIGHT, ui, ctx);
    EXPECT_EQ(ui.page, Page::overview);  // wraps
    handle_key('9', ui, ctx);
    EXPECT_EQ(ui.page, Page::overview);  // no page 9
}

TEST(Keys, IntervalStaysWithinBounds) {
    EXPECT_EQ(step_interval(1000, 1), 2000);
    EXPECT_EQ(step_interval(1000, -1), 500);
    EXPECT_EQ(step_interval(10000, 1), 10000);
    EXPECT_EQ(step_interval(100, -1), 100);
    EXPECT_EQ(step_interval(300, -1), 250);
    UiState ui;
    KeyContext ctx;
    for (int i = 0; i < 20; ++i)
        EXPECT_EQ(handle_key('-', ui, ctx), KeyAction::interval_changed);
    EXPECT_EQ(ui.interval_ms, kMinIntervalMs);
    for (int i = 0; i < 20; ++i)
        handle_key('+', ui, ctx);
    EXPECT_EQ(ui.interval_ms, kMaxIntervalMs);
}

TEST(Keys, EscGoesBackOnlyFromABoardOpenedOnTheFleetPageAndOnlyWithNothingOpen) {
    UiState ui;
    KeyContext ctx;
    ctx.escape_quits = true;
    handle_key('?', ui, ctx);
    EXPECT_EQ(handle_key(kEsc, ui, ctx), KeyAction::redraw);  // the help closes first
    EXPECT_FALSE(ui.quit);
    EXPECT_EQ(handle_key(kEsc, ui, ctx), KeyAction::quit);
    EXPECT_TRUE(ui.quit);
}

TEST(Keys, QuitPauseHelp) {
    UiState ui;
    KeyContext ctx;
    EXPECT_EQ(handle_key('p', ui, ctx), KeyAction::pause_changed);
    EXPECT_TRUE(ui.paused);
    handle_key('?', ui, ctx);
    EXPECT_TRUE(ui.help);
    EXPECT_EQ(handle_key(kEsc, ui, ctx), KeyAction::redraw);  // Esc closes the help
    EXPECT_FALSE(ui.help);
    EXPECT_FALSE(ui.quit);
    EXPECT_NE(handle_key(kEsc, ui, ctx), KeyAction::quit);  // and never quits
    EXPECT_FALSE(ui.quit);
    EXPECT_EQ(ui.message, "q quits");
    EXPECT_TRUE(ui.paused);
    EXPECT_EQ(ui.page, Page::overview);
    UiState other;
    EXPECT_EQ(handle_key('q', other, ctx), KeyAction::quit);
}

TEST(Keys, EscTwiceAfterAPromptClosesItAndNothingElse) {
    KeyContext ctx;
    UiState ui;
    handle_key('/', ui, ctx);
    handle_key('x', ui, ctx);
    handle_key(kEsc, ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_TRUE(ui.query.filter.empty());
    EXPECT_NE(handle_key(kEsc, ui, ctx), KeyAction::quit);
    EXPECT_NE(handle_key(kEsc, ui, ctx), KeyAction::quit);
    EXPECT_FALSE(ui.quit);
    EXPECT_EQ(ui.page, Page::processes);

    ctx.recorder_available = true;
    ctx.default_record_path = "x.jsonl";
    handle_key('r', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::record_path);
    EXPECT_EQ(handle_key(kEsc, ui, ctx), KeyAction::redraw);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_NE(handle_key(kEsc, ui, ctx), KeyAction::quit);
    EXPECT_FALSE(ui.quit);
}

TEST(Keys, FilterPromptTypesLiveAndEscClears) {
    UiState ui;
    KeyContext ctx;
    handle_key('/', ui, ctx);
    EXPECT_EQ(ui.page, Page::processes);
    EXPECT_EQ(ui.prompt, Prompt::filter);
    for (int c : std::initializer_list<int>{'t', 'r', 'x', KEY_BACKSPACE, 't', 'q'})
        handle_key(c, ui, ctx);
    EXPECT_EQ(ui.query.filter, "trtq");  // q is text here, not quit
    EXPECT_FALSE(ui.quit);
    handle_key('\n', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_EQ(ui.query.filter, "trtq");
    handle_key('/', ui, ctx);
    handle_key(kEsc, ui, ctx);
    EXPECT_TRUE(ui.query.filter.empty());
}

TEST(Keys, SortKeysCycleColumnsAndOrder) {
    UiState ui;
    KeyContext ctx;
    EXPECT_EQ(ui.query.sort, ProcColumn::cpu);
    handle_key('s', ui, ctx);
    EXPECT_EQ(ui.query.sort, ProcColumn::rss);
    handle_key('<', ui, ctx);
    handle_key('<', ui, ctx);
    EXPECT_EQ(ui.query.sort, ProcColumn::state);
    handle_key('i', ui, ctx);
    EXPECT_FALSE(ui.query.descending);
}

TEST(Keys, SortKeysSkipTheColumnsNotShown) {
    UiState ui;
    KeyContext ctx;
    std::vector<ProcColumn> shown = {ProcColumn::pid, ProcColumn::cpu, ProcColumn::rss,
                                     ProcColumn::threads, ProcColumn::name};
    ctx.process_columns = &shown;
    handle_key('s', ui, ctx);
    EXPECT_EQ(ui.query.sort, ProcColumn::rss);
    handle_key('>', ui, ctx);
    EXPECT_EQ(ui.query.sort, ProcColumn::threads);
    handle_key('>', ui, ctx);  // past the hidden switch and GPU columns
    EXPECT_EQ(ui.query.sort, ProcColumn::name);
    handle_key('>', ui, ctx);
    EXPECT_EQ(ui.query.sort, ProcColumn::pid);
    handle_key('<', ui, ctx);
    handle_key('<', ui, ctx);
    EXPECT_EQ(ui.query.sort, ProcColumn::threads);
}

TEST(Keys, SelectionMovesAndSignalNeedsConfirmation) {
    std::vector<int> pids = {4242, 1001, 77};
    UiState ui;
    ui.page = Page::processes;
    KeyContext ctx;
    ctx.visible_pids = &pids;
    ctx.table_rows = 2;
    handle_key(KEY_DOWN, ui, ctx);
    EXPECT_EQ(ui.selected_pid, 1001);
    handle_key(KEY_NPAGE, ui, ctx);
    EXPECT_EQ(ui.selected_pid, 77);
    handle_key(KEY_DOWN, ui, ctx);
    EXPECT_EQ(ui.selected_pid, 77);  // stays on the last row
    handle_key(KEY_HOME, ui, ctx);
    EXPECT_EQ(ui.selected_pid, 4242);

    EXPECT_EQ(handle_key('k', ui, ctx), KeyAction::redraw);
    EXPECT_EQ(ui.prompt, Prompt::kill_confirm);
    EXPECT_EQ(ui.kill_signal, SIGTERM);
    handle_key('k', ui, ctx);  // inside the prompt: choose SIGKILL
    EXPECT_EQ(ui.kill_signal, SIGKILL);
    EXPECT_EQ(handle_key('n', ui, ctx), KeyAction::redraw);  // declined
    EXPECT_EQ(ui.prompt, Prompt::none);
    handle_key('k', ui, ctx);
    EXPECT_EQ(handle_key('y', ui, ctx), KeyAction::send_signal);
    EXPECT_EQ(ui.kill_pid, 4242);
    EXPECT_EQ(ui.kill_signal, SIGTERM);
}

TEST(Keys, SignalAtStartGoesToTheFirstRowTheTableHighlights) {
    std::vector<int> pids = {4242, 1001, 77};
    UiState ui;
    ui.page = Page::processes;
    KeyContext ctx;
    ctx.visible_pids = &pids;
    EXPECT_EQ(handle_key('k', ui, ctx), KeyAction::redraw);
    EXPECT_EQ(ui.prompt, Prompt::kill_confirm);
    EXPECT_EQ(ui.kill_pid, 4242);
    handle_key('n', ui, ctx);

    // The selected process went away: k is refused, nothing is asked or sent; the row that took
    // its place is highlighted and is what the next k asks about.
    ui.selected_pid = 1001;
    ui.selected_row = 1;
    std::vector<int> after = {4242, 77};
    ctx.visible_pids = &after;
    EXPECT_EQ(handle_key('k', ui, ctx), KeyAction::redraw);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_EQ(ui.message, "process 1001 has left the list: no signal sent");
    EXPECT_EQ(handle_key('y', ui, ctx), KeyAction::none);
    handle_key('k', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::kill_confirm);
    EXPECT_EQ(ui.kill_pid, 77);
    handle_key('n', ui, ctx);

    // The filter kept only that process, and it left: the list is empty, the refusal the same.
    std::vector<int> none;
    ctx.visible_pids = &none;
    handle_key('k', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_EQ(ui.message, "process 77 has left the list: no signal sent");
}

std::vector<ProcessSample> live_table(std::vector<std::pair<int, uint64_t>> pid_starts) {
    std::vector<ProcessSample> out;
    for (auto [pid, start] : pid_starts) {
        ProcessSample p;
        p.pid = pid, p.start_ticks = start, p.name = "p" + std::to_string(pid);
        out.push_back(p);
    }
    return out;
}

TEST(Keys, SignalIsNotSentToAProcessThatLeftWhileAsking) {
    std::vector<int> pids = {4242, 1001, 77};
    auto live = live_table({{4242, 500}, {1001, 600}, {77, 3}});
    UiState ui;
    ui.page = Page::processes;
    KeyContext ctx;
    ctx.visible_pids = &pids;
    ctx.live_processes = &live;
    handle_key(KEY_DOWN, ui, ctx);
    handle_key('k', ui, ctx);
    ASSERT_EQ(ui.prompt, Prompt::kill_confirm);
    EXPECT_EQ(ui.kill_pid, 1001);
    // The next sample no longer lists it.
    auto gone = live_table({{4242, 500}, {77, 3}});
    ctx.live_processes = &gone;
    EXPECT_EQ(handle_key('y', ui, ctx), KeyAction::redraw);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_EQ(ui.message, "process 1001 has left the list: no signal sent");

    // Its pid taken by another process (another start): refused too.
    ctx.live_processes = &live;
    handle_key('k', ui, ctx);
    auto reused = live_table({{4242, 500}, {1001, 9000}, {77, 3}});
    ctx.live_processes = &reused;
    EXPECT_NE(handle_key('y', ui, ctx), KeyAction::send_signal);
    EXPECT_EQ(ui.message, "process 1001 has left the list: no signal sent");

    // Still there: sent.
    ctx.live_processes = &live;
    handle_key('k', ui, ctx);
    EXPECT_EQ(handle_key('y', ui, ctx), KeyAction::send_signal);
    EXPECT_EQ(ui.kill_pid, 1001);
}

TEST(Keys, SignalRefusedForAProcessOnlyAPausedDisplayStillShows) {
    std::vector<int> frozen = {4242, 1001};
    auto live = live_table({{4242, 500}});
    UiState ui;
    ui.page = Page::processes;
    ui.selected_pid = 1001;
    KeyContext ctx;
    ctx.visible_pids = &frozen;
    ctx.live_processes = &live;
    handle_key('k', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_EQ(ui.message, "process 1001 has left the list: no signal sent");
}

TEST(Keys, NoSignalFromAReplay) {
    std::vector<int> pids = {4242};
    UiState ui;
    ui.page = Page::processes;
    KeyContext ctx;
    ctx.visible_pids = &pids;
    ctx.replay = true;
    handle_key('k', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_NE(ui.message.find("replay"), std::string::npos);
}

TEST(Keys, TreeAndContextSwitchColumnsToggle) {
    UiState ui;
    KeyContext ctx;
    handle_key('t', ui, ctx);
    EXPECT_TRUE(ui.process_tree);
    handle_key('x', ui, ctx);
    EXPECT_TRUE(ui.show_ctxt);
    handle_key('t', ui, ctx);
    handle_key('x', ui, ctx);
    EXPECT_FALSE(ui.process_tree);
    EXPECT_FALSE(ui.show_ctxt);
}

TEST(Keys, SignalNeedsASelectedProcessOnThePage) {
    UiState ui;
    KeyContext ctx;
    EXPECT_EQ(handle_key('k', ui, ctx), KeyAction::redraw);
    EXPECT_EQ(ui.prompt, Prompt::none);
    EXPECT_FALSE(ui.message.empty());
}

TEST(Keys, RecordingAsksForThePathThenStarts) {
    UiState ui;
    KeyContext ctx;
    handle_key('r', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::none);  // no recorder
    EXPECT_FALSE(ui.message.empty());
    ctx.recorder_available = true;
    ctx.default_record_path = "run.jsonl";
    handle_key('r', ui, ctx);
    EXPECT_EQ(ui.prompt, Prompt::record_path);
    EXPECT_EQ(ui.input, "run.jsonl");
    handle_key('2', ui, ctx);
    EXPECT_EQ(handle_key('\r', ui, ctx), KeyAction::start_recording);
    EXPECT_EQ(ui.input, "run.jsonl2");
    ctx.recording = true;
    EXPECT_EQ(handle_key('r', ui, ctx), KeyAction::stop_recording);
}

TEST(Keys, HelpListsEveryKey) {
    std::string all;
    for (const auto& k : key_help())
        all += std::string(k.keys) + " ";
    for (const char* key : {"1-8", "Tab", "Shift-Tab", "q", "Esc", "h", "?",    "p", "+", "-",
                            "r",   "s",   "<",         ">", "i",   "/", "PgUp", "k", "t", "x"})
        EXPECT_NE(all.find(key), std::string::npos) << key;
}

}  // namespace
}  // namespace edgetop::tui
