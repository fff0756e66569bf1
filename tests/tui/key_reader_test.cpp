// The key reader on the raw bytes terminals send, as curses hands them over when its terminfo
// does not know the sequence: ESC, then each byte as its own key.
#include "tui/key_reader.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "tui/curses.hpp"
#include "tui/keys.hpp"

namespace edgetop::tui {
namespace {

// Every key read from `bytes` until nothing is left.
std::vector<int> keys_of(const std::vector<int>& bytes) {
    std::deque<int> queue(bytes.begin(), bytes.end());
    KeySource source{[&] {
                         if (queue.empty()) return ERR;
                         int b = queue.front();
                         queue.pop_front();
                         return b;
                     },
                     [&](int key) { queue.push_front(key); }};
    std::vector<int> keys;
    for (int key = read_key(source); key != ERR; key = read_key(source))
        keys.push_back(key);
    return keys;
}

std::vector<int> bytes_of(const std::string& text) {
    return {text.begin(), text.end()};
}

TEST(KeyReader, HomeEndPageKeysOfEveryCommonTerminal) {
    // xterm (normal and application cursor mode)
    EXPECT_EQ(keys_of(bytes_of("\x1b[H")), std::vector<int>{KEY_HOME});
    EXPECT_EQ(keys_of(bytes_of("\x1b[F")), std::vector<int>{KEY_END});
    EXPECT_EQ(keys_of(bytes_of("\x1bOH")), std::vector<int>{KEY_HOME});
    EXPECT_EQ(keys_of(bytes_of("\x1bOF")), std::vector<int>{KEY_END});
    // screen, tmux, PuTTY and the linux console
    EXPECT_EQ(keys_of(bytes_of("\x1b[1~")), std::vector<int>{KEY_HOME});
    EXPECT_EQ(keys_of(bytes_of("\x1b[4~")), std::vector<int>{KEY_END});
    EXPECT_EQ(keys_of(bytes_of("\x1b[5~")), std::vector<int>{KEY_PPAGE});
    EXPECT_EQ(keys_of(bytes_of("\x1b[6~")), std::vector<int>{KEY_NPAGE});
    // rxvt
    EXPECT_EQ(keys_of(bytes_of("\x1b[7~")), std::vector<int>{KEY_HOME});
    EXPECT_EQ(keys_of(bytes_of("\x1b[8~")), std::vector<int>{KEY_END});
    // arrows and Shift-Tab
    EXPECT_EQ(keys_of(bytes_of("\x1b[A\x1bOB\x1b[C\x1b[D\x1b[Z")),
              (std::vector<int>{KEY_UP, KEY_DOWN, KEY_RIGHT, KEY_LEFT, KEY_BTAB}));
}

TEST(KeyReader, UnknownSequencesAndAltKeysAreOneIgnoredKey) {
    // linux console F1, xterm F5, Insert, Delete, Ctrl+Right, Shift+Home: one key each, ignored
    for (const char* seq : {"\x1b[[A", "\x1b[15~", "\x1b[2~", "\x1b[3~", "\x1b[1;5C", "\x1b[1;2H",
                            "\x1bOP", "\x1b[200~"}) {
        SCOPED_TRACE(seq + 1);
        EXPECT_EQ(keys_of(bytes_of(seq)), std::vector<int>{kIgnoredKey});
    }
    // Alt+q, Alt+4, Alt+[, Alt+O: ESC and one byte, never q, a page or Esc
    EXPECT_EQ(keys_of(bytes_of("\x1bq")), std::vector<int>{kIgnoredKey});
    EXPECT_EQ(keys_of(bytes_of(std::string{"\x1b"} + "4")), std::vector<int>{kIgnoredKey});
    EXPECT_EQ(keys_of(bytes_of("\x1b[")), std::vector<int>{kIgnoredKey});
    EXPECT_EQ(keys_of(bytes_of("\x1bO")), std::vector<int>{kIgnoredKey});
    // Alt with a sequence curses decoded (ESC, KEY_UP); Alt+Home from PuTTY (ESC ESC [1~)
    EXPECT_EQ(keys_of({27, KEY_UP}), std::vector<int>{kIgnoredKey});
    EXPECT_EQ(keys_of(bytes_of("\x1b\x1b[1~")), std::vector<int>{kIgnoredKey});
    // The bytes after a sequence are keys again.
    EXPECT_EQ(keys_of(bytes_of("\x1b[1;5Cq")), (std::vector<int>{kIgnoredKey, 'q'}));
}

TEST(KeyReader, LoneEscIsEscAndPlainKeysPassThrough) {
    EXPECT_EQ(keys_of({27}), std::vector<int>{kEscapeKey});
    // Esc typed twice (or three times) before the view read them: each one an Esc, and a key
    // after them is itself.
    EXPECT_EQ(keys_of({27, 27}), (std::vector<int>{kEscapeKey, kEscapeKey}));
    EXPECT_EQ(keys_of({27, 27, 'h'}), (std::vector<int>{kEscapeKey, kIgnoredKey}));
    EXPECT_EQ(keys_of({27, 27, 27}), (std::vector<int>{kEscapeKey, kEscapeKey, kEscapeKey}));
    EXPECT_EQ(keys_of(bytes_of("ab/")), (std::vector<int>{'a', 'b', '/'}));
    EXPECT_EQ(keys_of({KEY_UP, KEY_RESIZE}), (std::vector<int>{KEY_UP, KEY_RESIZE}));
    EXPECT_TRUE(keys_of({}).empty());
}

TEST(KeyReader, TerminfoNamesOfHomeAndEndBecomeHomeAndEnd) {
    // xterm's terminfo names ESC [1~ and ESC [4~ Find and Select; the keypad has its corners.
    EXPECT_EQ(keys_of({KEY_FIND, KEY_SELECT}), (std::vector<int>{KEY_HOME, KEY_END}));
    EXPECT_EQ(keys_of({KEY_A1, KEY_C1, KEY_A3, KEY_C3}),
              (std::vector<int>{KEY_HOME, KEY_END, KEY_PPAGE, KEY_NPAGE}));
}

TEST(KeyReader, NoSequenceEverQuitsOrTypesIntoAPrompt) {
    std::vector<std::string> sequences = {"\x1b[1~", "\x1b[4~", "\x1bq",     "\x1b\x1b[5~",
                                          "\x1b[[E", "\x1b[3~", "\x1b[1;3D", "\x1bOP"};
    std::vector<int> pids = {10, 20, 30};
    KeyContext ctx;
    ctx.visible_pids = &pids;
    for (const auto& seq : sequences) {
        SCOPED_TRACE(seq.substr(1));
        UiState ui;
        ui.page = Page::processes;
        for (int key : keys_of(bytes_of(seq)))
            EXPECT_NE(handle_key(key, ui, ctx), KeyAction::quit);
        EXPECT_FALSE(ui.quit);
        EXPECT_EQ(ui.page, Page::processes);

        UiState typing;
        handle_key('/', typing, ctx);
        handle_key('a', typing, ctx);
        for (int key : keys_of(bytes_of(seq)))
            handle_key(key, typing, ctx);
        EXPECT_EQ(typing.prompt, Prompt::filter);
        EXPECT_EQ(typing.query.filter, "a");
    }
}

TEST(KeyReader, DecodedHomeAndEndMoveTheProcessSelection) {
    std::vector<int> pids = {10, 20, 30, 40};
    KeyContext ctx;
    ctx.visible_pids = &pids;
    UiState ui;
    ui.page = Page::processes;
    for (int key : keys_of(bytes_of("\x1b[4~")))  // PuTTY End
        handle_key(key, ui, ctx);
    EXPECT_EQ(ui.selected_pid, 40);
    for (int key : keys_of(bytes_of("\x1b[1~")))  // PuTTY Home
        handle_key(key, ui, ctx);
    EXPECT_EQ(ui.selected_pid, 10);
}

}  // namespace
}  // namespace edgetop::tui
