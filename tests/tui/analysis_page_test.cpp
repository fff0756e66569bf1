// The Analysis page: messages wrap, evidence is drawn as tables, Up/Down select a flag, Enter opens
// its detail with its history and Esc closes it; the view model keeps that history bounded.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"
#include "tui/evidence_lines.hpp"
#include "tui/frame.hpp"
#include "tui/keys.hpp"

namespace edgetop::tui {
namespace {

const std::string kLongMessage =
    "5 busy processes (each at or above 50 % CPU over 5 s) on 4 online cores, more than half "
    "as many as there are cores: PIDs 4242 4243 4244 4245 4246 compete for the cores and the "
    "last words of this sentence must still be on screen";

FlagEvidence busy_evidence(double cpu_pct) {
    FlagEvidence e;
    e.values = {{"busy count", "5"}, {"online cores", "4"}, {"ctxt", "18342/s"}};
    EvidenceTable t;
    t.title = "busy processes";
    t.columns = {"PID", "name", "CPU %", "nonvol ctxt/s", "GPU"};
    t.key_columns = 2;
    for (int i = 0; i < 5; ++i)
        t.rows.push_back({std::to_string(4242 + i), "worker" + std::to_string(i),
                          std::to_string(static_cast<int>(cpu_pct)) + ".5", "310.2", "no"});
    e.tables.push_back(t);
    return e;
}

FlagEvidence thermal_evidence(double temp_c) {
    FlagEvidence e;
    e.values = {{"warn", "85 \u00b0C"}};
    EvidenceTable t;
    t.title = "zones";
    t.columns = {"name", "temp \u00b0C", "limit \u00b0C", "over"};
    t.rows = {{"CPU-therm", std::to_string(static_cast<int>(temp_c)), "85", "yes"},
              {"GPU-therm", "61", "85", "no"}};
    e.tables.push_back(t);
    return e;
}

Sample flagged(double t_s, std::vector<std::string> flags) {
    Sample s = testing::orin_sample(t_s);
    s.flags = std::move(flags);
    return s;
}

struct AnalysisScene {
    ViewModel view;
    UiState ui;
    Board board = testing::orin_board();
    std::vector<SourceStatus> status;
    std::vector<FlagDetail> details;
    Theme theme{true, false};

    AnalysisScene() { ui.page = Page::analysis; }
    void feed(double t_s, std::vector<std::string> flags, double cpu_pct, double temp_c) {
        details.clear();
        for (const auto& id : flags) {
            if (id == "cpu_oversubscribed")
                details.push_back({id, kLongMessage, busy_evidence(cpu_pct)});
            if (id == "thermal_throttle")
                details.push_back({id,
                                   "CPU-therm at " + std::to_string(static_cast<int>(temp_c)) +
                                       " \u00b0C, above its warning threshold 85 \u00b0C",
                                   thermal_evidence(temp_c)});
        }
        view.update(flagged(t_s, std::move(flags)), details);
    }
    KeyAction key(int k) {
        KeyContext context;
        context.flags = &view.sample().flags;
        return handle_key(k, ui, context);
    }
    // As the view's loop does: draw, then clamp the scroll state to what the frame could show.
    void draw() {
        ScrollLimits limits;
        FrameContext ctx{.view = view,
                         .ui = ui,
                         .board = board,
                         .status = status,
                         .theme = theme,
                         .flag_details = details,
                         .analysis_enabled = true,
                         .limits = &limits};
        draw_frame(stdscr, ctx);
        clamp_scroll(ui, limits);
    }
};

// The screen's words in order, whatever the line breaks.
std::string words_of(const std::string& text) {
    std::istringstream in(text);
    std::string word, out;
    while (in >> word)
        out += (out.empty() ? "" : " ") + word;
    return out;
}

TEST(WrapText, KeepsEveryWordWithinTheWidth) {
    auto lines = wrap_text(kLongMessage, 30);
    ASSERT_GT(lines.size(), 3u);
    std::string joined;
    for (const auto& line : lines) {
        EXPECT_LE(text_columns(line), 30) << line;
        joined += (joined.empty() ? "" : " ") + line;
    }
    EXPECT_EQ(joined, kLongMessage);
    // A word wider than the line is split, not lost; a degree sign takes one column.
    EXPECT_EQ(wrap_text("abcdefghij", 4), (std::vector<std::string>{"abcd", "efgh", "ij"}));
    EXPECT_EQ(wrap_text("99 \u00b0C over", 5), (std::vector<std::string>{"99 \u00b0C", "over"}));
    EXPECT_EQ(wrap_text("", 10), std::vector<std::string>{""});
    EXPECT_EQ(wrap_text("a b", 0), (std::vector<std::string>{"a", "b"}));
}

TEST(EvidenceLines, ValuesInColumnsTablesWithHeaderAndRest) {
    auto values = value_lines({{"busy count", "5"}, {"online cores", "4"}, {"ctxt", "1/s"}}, 80);
    ASSERT_EQ(values.size(), 1u);  // three cells fit one 80-column line
    EXPECT_NE(values[0].text.find("online cores  4"), std::string::npos) << values[0].text;
    EXPECT_EQ(value_lines({{"busy count", "5"}, {"online cores", "4"}}, 20).size(), 2u);

    auto table = table_lines(busy_evidence(97).tables[0], 3);
    ASSERT_EQ(table.size(), 6u);  // title, header, 3 rows, the rest counted
    EXPECT_EQ(table[0].text, "busy processes:");
    EXPECT_EQ(table[1].text.find("  PID   name     CPU %"), 0u) << table[1].text;
    EXPECT_EQ(table[2].text.find("  4242  worker0  97.5"), 0u) << table[2].text;
    EXPECT_EQ(table[5].text, "  +2 more rows");
}

class AnalysisPage : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo"; }
    testing::VirtualScreen screen;
};

TEST_F(AnalysisPage, MessageWrapsAndEvidenceIsATable) {
    AnalysisScene scene;
    scene.feed(1, {"cpu_oversubscribed"}, 97, 0);
    screen.resize(24, 80);
    scene.draw();
    const std::string text = screen.text();
    EXPECT_NE(words_of(text).find(kLongMessage), std::string::npos) << text;
    EXPECT_NE(text.find("> cpu_oversubscribed"), std::string::npos) << text;
    EXPECT_NE(text.find("busy count    5"), std::string::npos) << text;
    EXPECT_NE(text.find("PID   name     CPU %  nonvol ctxt/s  GPU"), std::string::npos) << text;
    EXPECT_NE(text.find("4242  worker0  97.5   310.2          no"), std::string::npos) << text;
    EXPECT_NE(text.find("+1 more row"), std::string::npos) << text;  // 4 of 5 in the list
    EXPECT_EQ(text.find('{'), std::string::npos) << "no JSON on screen\n" << text;
}

TEST_F(AnalysisPage, UpDownSelectEnterOpensTheDetailWithHistoryEscCloses) {
    AnalysisScene scene;
    scene.feed(1, {"cpu_oversubscribed"}, 90, 0);
    scene.feed(2, {"cpu_oversubscribed", "thermal_throttle"}, 91, 90);
    scene.feed(3, {"cpu_oversubscribed", "thermal_throttle"}, 91, 92);
    scene.feed(4, {"cpu_oversubscribed"}, 92, 0);  // thermal cleared after 2 s
    scene.feed(10, {"cpu_oversubscribed", "thermal_throttle"}, 92, 95);  // raised again
    scene.feed(12, {"cpu_oversubscribed", "thermal_throttle"}, 92, 95);  // unchanged: not kept
    screen.resize(40, 100);

    EXPECT_EQ(scene.key(KEY_DOWN), KeyAction::redraw);
    EXPECT_EQ(scene.ui.selected_flag, 1);
    scene.key(KEY_DOWN);
    EXPECT_EQ(scene.ui.selected_flag, 1);  // stays on the last flag
    scene.draw();
    EXPECT_NE(screen.text().find("> thermal_throttle"), std::string::npos) << screen.text();

    scene.key('\n');
    EXPECT_EQ(scene.ui.flag_detail, "thermal_throttle");
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("Flag thermal_throttle"), std::string::npos) << text;
    EXPECT_NE(text.find("above its warning threshold 85 \u00b0C"), std::string::npos) << text;
    EXPECT_NE(text.find("raised at 00:00:10, active for 00:00:02"), std::string::npos) << text;
    EXPECT_NE(text.find("raised 2 times in this run, active 00:00:04 in all"), std::string::npos)
        << text;
    EXPECT_NE(text.find("00:00:02 .. 00:00:04"), std::string::npos) << text;  // first period
    // Evidence over time: the CPU zone's temperature changed, newest first; the GPU's did not.
    const auto header = text.find("time      CPU-therm temp \u00b0C");
    ASSERT_NE(header, std::string::npos) << text;
    const auto newest = text.find("00:00:10  95", header);
    const auto middle = text.find("00:00:03  92", header);
    const auto oldest = text.find("00:00:02  90", header);
    EXPECT_LT(newest, middle) << text;
    EXPECT_LT(middle, oldest) << text;
    EXPECT_NE(oldest, std::string::npos) << text;
    EXPECT_EQ(text.find("00:00:12  95", header), std::string::npos) << text;
    EXPECT_EQ(text.find("GPU-therm temp", header), std::string::npos) << text;
    EXPECT_EQ(text.find("CPU-therm over", header), std::string::npos) << text;

    scene.key(KEY_UP);  // the open detail follows the selection
    EXPECT_EQ(scene.ui.flag_detail, "cpu_oversubscribed");
    EXPECT_EQ(scene.key(27), KeyAction::redraw);  // Esc closes the detail, does not quit
    EXPECT_TRUE(scene.ui.flag_detail.empty());
    EXPECT_FALSE(scene.ui.quit);
    scene.draw();
    EXPECT_NE(screen.text().find("Active flags"), std::string::npos) << screen.text();
    EXPECT_EQ(scene.key(27), KeyAction::redraw);  // a second Esc only says what quits
    EXPECT_EQ(scene.ui.message, "q quits");
    EXPECT_FALSE(scene.ui.quit);
}

TEST_F(AnalysisPage, AFlagThatNoLongerHoldsIsMarkedClearing) {
    AnalysisScene scene;
    scene.feed(1, {"thermal_throttle", "cpu_oversubscribed"}, 95, 90);
    for (auto& d : scene.details)
        d.holds_now = d.id != "thermal_throttle";  // it waits out its clear_s
    screen.resize(30, 100);
    scene.draw();
    const std::string text = screen.text();
    EXPECT_NE(text.find("thermal_throttle  clearing: no longer holds"), std::string::npos) << text;
    EXPECT_EQ(text.find("cpu_oversubscribed  clearing"), std::string::npos) << text;
}

TEST_F(AnalysisPage, TimelinePgDnStopsAtTheOldestEvent) {
    AnalysisScene scene;
    for (int t = 1; t <= 40; ++t)  // 40 raises and clears
        scene.feed(
            t, t % 2 ? std::vector<std::string>{"thermal_throttle"} : std::vector<std::string>{}, 0,
            90);
    screen.resize(24, 80);
    scene.draw();
    for (int i = 0; i < 30; ++i) {
        scene.key(KEY_NPAGE);
        scene.draw();
    }
    const std::string at_end = screen.text();
    const int scroll = scene.ui.timeline_scroll;
    EXPECT_GT(scroll, 0);
    EXPECT_LT(scroll, 40);
    EXPECT_NE(at_end.find("00:00:01"), std::string::npos) << at_end;  // the oldest event
    scene.key(KEY_PPAGE);                                             // moves back at once
    scene.draw();
    EXPECT_LT(scene.ui.timeline_scroll, scroll);
    EXPECT_NE(screen.text(), at_end);
}

TEST_F(AnalysisPage, DetailOfAFlagClearedSinceAndSmallScreens) {
    AnalysisScene scene;
    scene.feed(1, {"thermal_throttle"}, 0, 90);
    scene.key(KEY_ENTER);
    scene.feed(5, {}, 0, 0);
    screen.resize(24, 80);
    scene.draw();
    std::string text = screen.text();
    EXPECT_NE(text.find("cleared at 00:00:05"), std::string::npos) << text;
    EXPECT_NE(text.find("Evidence when last raised"), std::string::npos) << text;
    // A detail taller than the screen scrolls with PgDn / PgUp.
    screen.resize(12, 80);
    scene.draw();
    text = screen.text();
    EXPECT_NE(text.find("more lines: PgDn"), std::string::npos) << text;
    EXPECT_NE(text.find("CPU-therm at 90"), std::string::npos) << text;
    scene.key(KEY_NPAGE);
    scene.draw();
    text = screen.text();
    EXPECT_EQ(text.find("CPU-therm at 90"), std::string::npos) << text;
    EXPECT_NE(text.find("Flag thermal_throttle"), std::string::npos) << text;  // title stays
    EXPECT_NE(text.find("GPU-therm"), std::string::npos) << text;
    scene.key(KEY_PPAGE);
    scene.draw();
    EXPECT_NE(screen.text().find("CPU-therm at 90"), std::string::npos) << screen.text();
    // PgDn stops at the end: the last line is on screen, no "more lines" row, and pressing it on
    // does not pile up scroll that PgUp would first have to take back.
    for (int i = 0; i < 20; ++i) {
        scene.key(KEY_NPAGE);
        scene.draw();
    }
    text = screen.text();
    const int at_end = scene.ui.detail_scroll;
    EXPECT_GT(at_end, 0);
    EXPECT_EQ(text.find("more lines"), std::string::npos) << text;
    scene.key(KEY_NPAGE);
    scene.draw();
    EXPECT_EQ(scene.ui.detail_scroll, at_end);
    EXPECT_EQ(screen.text(), text);
    scene.key(KEY_PPAGE);
    scene.draw();
    EXPECT_LT(scene.ui.detail_scroll, at_end);
    EXPECT_NE(screen.text(), text);
    for (auto [rows, cols] : {std::pair{8, 20}, {12, 40}, {3, 10}, {1, 1}}) {
        screen.resize(rows, cols);
        scene.draw();  // no crash, nothing outside the screen
    }
    scene.key('1');  // leaving the page closes the detail
    EXPECT_TRUE(scene.ui.flag_detail.empty());
    scene.key('7');
    scene.key('\r');  // no flag active: nothing to open
    EXPECT_TRUE(scene.ui.flag_detail.empty());
    EXPECT_EQ(scene.ui.message, "no flag is active");
}

TEST(FlagHistory, CountsPeriodsAndKeepsABoundedSetOfChanges) {
    ViewModel view;
    FlagEvidence e;
    for (int i = 0; i < 200; ++i) {
        e.values = {{"value", std::to_string(i)}};
        view.update(flagged(i, {"power_limit"}), {{"power_limit", "m", e}});
    }
    view.update(flagged(200, {}), {});
    const FlagHistory* h = view.flag_history("power_limit");
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->raised_count, 1);
    EXPECT_FALSE(h->raised_at_s);
    EXPECT_DOUBLE_EQ(*h->cleared_at_s, 200);
    EXPECT_DOUBLE_EQ(h->active_s, 200);
    ASSERT_EQ(h->snapshots.size(), FlagHistory::kMaxSnapshots);
    EXPECT_EQ(h->snapshots.front().values[0].value, std::to_string(200 - 64));
    EXPECT_EQ(h->snapshots.back().values[0].value, "199");
    EXPECT_EQ(view.flag_history("memory_pressure"), nullptr);
}

TEST(FlagEvidence, FlattenNamesTableCellsByTheirRowAndColumn) {
    auto values = flatten(thermal_evidence(90));
    ASSERT_EQ(values.size(), 7u);
    EXPECT_EQ(values[0], (EvidenceValue{"warn", "85 \u00b0C"}));
    EXPECT_EQ(values[1], (EvidenceValue{"CPU-therm temp \u00b0C", "90"}));
    EXPECT_EQ(values[6], (EvidenceValue{"GPU-therm over", "no"}));
}

}  // namespace
}  // namespace edgetop::tui
