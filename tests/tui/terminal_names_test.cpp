#include <gtest/gtest.h>

#include <initializer_list>

#include "tui/terminal.hpp"

namespace edgetop::tui {
namespace {

TEST(TerminalNames, DumbUnsetAndEmptyCannotShowTheView) {
    EXPECT_TRUE(is_dumb_terminal(nullptr));
    EXPECT_TRUE(is_dumb_terminal(""));
    EXPECT_TRUE(is_dumb_terminal("dumb"));
    EXPECT_FALSE(is_dumb_terminal("xterm"));
    EXPECT_FALSE(is_dumb_terminal("dumb-emacs-ansi"));  // has cursor addressing
}

TEST(TerminalNames, TextConsolesAreDrawnWithoutBraille) {
    for (const char* term : {"linux", "linux-16color", "linux-basic", "cons25", "vt100", "vt220",
                             "screen.linux", "screen.linux-s"})
        EXPECT_TRUE(is_console_without_braille(term)) << term;
    for (const char* term :
         std::initializer_list<const char*>{"xterm-256color", "screen", "tmux-256color", "putty",
                                            "linuxterm", "vte", "rxvt-unicode", "", nullptr})
        EXPECT_FALSE(is_console_without_braille(term)) << (term ? term : "(null)");
}

}  // namespace
}  // namespace edgetop::tui
