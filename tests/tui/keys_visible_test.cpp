// Keys that stay visible: the key hint holds the last row of every page at every common size on
// the fixture boards, whatever is missing there; the help is a bordered box that hides the page
// under it, fits at 80x24 (scrolling) and lists every key of the key table and the marks.
#include <gtest/gtest.h>

#include "edgetop/view_keys.hpp"
#include "sensors/sampler/sampler.hpp"
#include "support/fixture_tree.hpp"
#include "tests/tui/tui_samples.hpp"
#include "tests/tui/virtual_screen.hpp"
#include "tui/frame.hpp"
#include "tui/keys.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui::keys_visible {
namespace {

using testing::VirtualScreen;

constexpr std::pair<int, int> kSizes[] = {{24, 80}, {40, 120}, {50, 200}};

struct Scene {
    ViewModel view;
    UiState ui;
    Board board;
    std::vector<SourceStatus> status;
    std::vector<FlagDetail> details;
    Theme theme{ColorDepth::c256, false};
    ScrollLimits limits;

    void draw() {
        FrameContext ctx{view,  ui,    board, status, theme, details, true,
                         false, false, false, "",     false, &limits};
        draw_frame(stdscr, ctx);
    }
};

Scene fixture_scene(const std::string& name) {
    Sampler sampler{Root(edgetop::testing::fixture_path(name))};
    Scene s;
    for (int i = 0; i < 2; ++i)
        s.view.update(sampler.sample());
    s.board = sampler.board();
    s.status = sampler.status();
    return s;
}

class KeysVisible : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(screen.ok()) << "no xterm-256color terminfo"; }
    VirtualScreen screen;
};

TEST_F(KeysVisible, TheKeyHintIsOnTheLastRowOfEveryPage) {
    for (const char* name : {"agx-orin", "orin-nano", "x86-pc"}) {
        Scene scene = fixture_scene(name);
        bool missing_named = false;  // somewhere the n/a line is drawn beside the keys
        for (auto [rows, cols] : kSizes) {
            screen.resize(rows, cols);
            for (int p = 0; p < kPageCount; ++p) {
                scene.ui.page = page_from_index(p);
                scene.draw();
                std::string last = screen.row(rows - 1);
                EXPECT_EQ(last.rfind("h help  ", 0), 0u)
                    << name << " " << page_name(scene.ui.page) << " " << cols << "x" << rows << "\n"
                    << screen.text();
                EXPECT_NE(last.find("q quit"), std::string::npos) << last;
                missing_named = missing_named || screen.text().find("n/a: ") != std::string::npos;
            }
        }
        EXPECT_TRUE(missing_named) << name << ": the fixture misses inputs; they stay named";
    }
}

// The inputs missing on a page fold into the line of absent panels, above the keys.
TEST_F(KeysVisible, MissingInputsFoldIntoTheLineOfAbsentPanels) {
    Scene scene = fixture_scene("agx-orin");
    scene.status.push_back(
        {"processes.proc", SourceStatus::State::absent, "/proc", "no /proc mounted"});
    Sample s = scene.view.sample();
    s.procs.reset();
    scene.view.update(s);
    scene.ui.page = Page::overview;
    screen.resize(40, 120);
    scene.draw();
    std::string above = screen.row(38);
    EXPECT_EQ(above.rfind("n/a: ", 0), 0u) << screen.text();
    EXPECT_NE(above.find("processes.proc absent"), std::string::npos) << screen.text();
    EXPECT_EQ(screen.row(39).rfind("h help", 0), 0u) << screen.text();
}

// The box drawn by the help: its corners, and its sides on every row between them.
struct Box {
    int top = -1, left = -1, bottom = -1, right = -1;
};

int column_of(const std::string& row, size_t byte) {
    int column = 0;
    for (size_t i = 0; i < byte; ++i)
        column += (static_cast<unsigned char>(row[i]) & 0xC0) != 0x80 ? 1 : 0;
    return column;
}

Box find_box(const VirtualScreen& screen) {
    Box b;
    for (int y = 0; y < LINES; ++y) {
        std::string row = screen.row(y);
        if (b.top < 0 && row.find("┌") != std::string::npos) {
            b.top = y;
            b.left = column_of(row, row.find("┌"));
            b.right = column_of(row, row.find("┐"));
        }
        if (row.find("└") != std::string::npos) b.bottom = y;
    }
    return b;
}

// Every line inside the box while the help scrolls from its start to its end.
std::string help_text(Scene& scene, VirtualScreen& screen, Box& box) {
    std::string all;
    scene.ui.help = true;
    scene.ui.help_scroll = 0;
    for (int step = 0; step < 50; ++step) {
        scene.draw();
        box = find_box(screen);
        if (box.top < 0 || box.bottom < 0) return all;
        for (const auto& row : screen.region(box.top + 1, box.left + 1, box.bottom - box.top - 1,
                                             box.right - box.left - 1))
            all += row + "\n";
        if (!scene.limits.help || scene.ui.help_scroll >= *scene.limits.help) break;
        scene.ui.help_scroll += box.bottom - box.top - 1;
        clamp_scroll(scene.ui, scene.limits);
    }
    return all;
}

TEST_F(KeysVisible, TheHelpIsABorderedBoxThatHidesThePageAndFitsAt80x24) {
    for (auto [rows, cols] : kSizes) {
        Scene scene = fixture_scene("agx-orin");
        screen.resize(rows, cols);
        scene.ui.help = true;
        scene.draw();
        Box box = find_box(screen);
        ASSERT_GE(box.top, 0) << screen.text();
        ASSERT_GT(box.bottom, box.top) << screen.text();
        ASSERT_GT(box.right, box.left) << screen.text();
        EXPECT_LT(box.bottom, rows);
        EXPECT_LT(box.right, cols);
        for (int y = box.top + 1; y < box.bottom; ++y) {
            auto sides = screen.region(y, box.left, 1, 1)[0] + screen.region(y, box.right, 1, 1)[0];
            EXPECT_EQ(sides, "││") << y << "\n" << screen.text();
        }
        // Nothing of the page inside: drawn over a screen full of '#', no '#' is left in the box.
        for (int y = 0; y < rows; ++y)
            mvwaddstr(stdscr, y, 0, std::string(static_cast<size_t>(cols), '#').c_str());
        FrameContext ctx{scene.view,  scene.ui,      scene.board, scene.status,
                         scene.theme, scene.details, true,        false,
                         false,       false,         ""};
        draw_help(stdscr, ctx);
        for (const auto& row :
             screen.region(box.top, box.left, box.bottom - box.top + 1, box.right - box.left + 1))
            EXPECT_EQ(row.find('#'), std::string::npos) << cols << "x" << rows << "\n"
                                                        << screen.text();
        // Outside the box the page stays.
        if (box.left > 0) {
            EXPECT_EQ(screen.region(box.top, 0, 1, 1)[0], "#");
        }
    }
}

TEST_F(KeysVisible, TheHelpListsEveryKeyAndTheMarksAt80x24) {
    Scene scene = fixture_scene("agx-orin");
    screen.resize(24, 80);
    Box box;
    std::string text = help_text(scene, screen, box);
    ASSERT_TRUE(scene.limits.help.has_value());
    EXPECT_GT(*scene.limits.help, 0) << "80x24 is too small for all of it: it scrolls";
    for (const auto& key : kViewKeys)
        EXPECT_NE(text.find(std::string(key.keys)), std::string::npos) << key.keys << "\n" << text;
    EXPECT_NE(text.find("Space"), std::string::npos) << text;
    EXPECT_NE(text.find("pause the display"), std::string::npos) << text;
    for (std::string mark : {"+   ", "!   ", "│   ", "n/a "})
        EXPECT_NE(text.find("\n " + mark), std::string::npos) << mark << "\n" << text;
    // Scrolling stops at the end: the next Up moves at once.
    int end = scene.ui.help_scroll;
    KeyContext context;
    handle_key(KEY_UP, scene.ui, context);
    EXPECT_EQ(scene.ui.help_scroll, end - 1);
    // At 200x50 it all fits at once.
    screen.resize(50, 200);
    scene.ui.help_scroll = 0;
    scene.draw();
    EXPECT_EQ(scene.limits.help, 0) << screen.text();
}

// Every key the view acts on (from a fresh state, outside prompts) is named in the key table, as
// a key or as an alias in its text ("also = / _").
TEST(KeyTable, NamesEveryPrintableKeyTheViewTakes) {
    std::string names;
    for (const auto& key : kViewKeys)
        names += " " + std::string(key.keys) + " " + std::string(key.action) + " ";
    for (int key = 32; key < 127; ++key) {
        UiState ui;
        KeyContext context;
        std::vector<int> pids = {1};
        context.visible_pids = &pids;
        const UiState before = ui;
        KeyAction action = handle_key(key, ui, context);
        bool acted = action != KeyAction::none || ui.page != before.page ||
                     ui.help != before.help || ui.prompt != before.prompt ||
                     ui.paused != before.paused || ui.query.sort != before.query.sort ||
                     ui.query.descending != before.query.descending;
        if (!acted || (key >= '1' && key <= '8')) continue;  // "1-8"
        std::string name = key == ' ' ? "Space" : std::string(1, static_cast<char>(key));
        bool named = false;
        for (size_t at = names.find(name); at != std::string::npos && !named;
             at = names.find(name, at + 1))
            named = (names[at - 1] == ' ' || names[at - 1] == '/') &&
                    (names[at + name.size()] == ' ' || names[at + name.size()] == ')' ||
                     names[at + name.size()] == '/');
        EXPECT_TRUE(named || key == 'Q') << "'" << name << "' is not in the key table";
    }
}

}  // namespace
}  // namespace edgetop::tui::keys_visible
