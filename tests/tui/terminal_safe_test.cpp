// text::terminal_safe: what every text output does to text from a file before a terminal gets it.
#include "text/text_escape.hpp"

#include <gtest/gtest.h>

namespace edgetop::text {
namespace {

TEST(TerminalSafe, EscapesC0DelC1AndBidiControls) {
    EXPECT_EQ(terminal_safe("VDD\x1b[2J\x1b]0;t\x07"), "VDD\\x1b[2J\\x1b]0;t\\x07");
    EXPECT_EQ(terminal_safe(std::string("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(terminal_safe("tab\tnew\nline\r"), "tab\\x09new\\x0aline\\x0d");
    EXPECT_EQ(terminal_safe("del\x7f"), "del\\x7f");
    EXPECT_EQ(terminal_safe("csi\u009b1m \u0085"), "csi\\u009b1m \\u0085");
    EXPECT_EQ(terminal_safe("\u202a\u202b\u202c\u202d\u202e"),
              "\\u202a\\u202b\\u202c\\u202d\\u202e");
    EXPECT_EQ(terminal_safe("\u2066\u2067\u2068\u2069"), "\\u2066\\u2067\\u2068\\u2069");
    EXPECT_EQ(terminal_safe("\u200e\u200f\u061c"), "\\u200e\\u200f\\u061c");
}

TEST(TerminalSafe, KeepsPrintableTextAndEscapesInvalidBytes) {
    EXPECT_EQ(terminal_safe("CPU-therm 45.5 \u00b0C \u2588 \u4e2d"),
              "CPU-therm 45.5 \u00b0C \u2588 \u4e2d");
    EXPECT_EQ(terminal_safe("quote\" back\\slash"), "quote\" back\\slash");
    EXPECT_EQ(terminal_safe("\u2029\u202f\u2065"), "\u2029\u202f\u2065");  // neighbours stay
    EXPECT_EQ(terminal_safe("raw \x9b"
                            "1m"),
              "raw \\x9b1m");                                     // an 8-bit CSI byte alone
    EXPECT_EQ(terminal_safe("\xc3"), "\\xc3");                    // truncated
    EXPECT_EQ(terminal_safe("\xc2\x9b"), "\\u009b");              // C1 as UTF-8
    EXPECT_EQ(terminal_safe("\xe0\x80\x9b"), "\\xe0\\x80\\x9b");  // overlong
    EXPECT_EQ(terminal_safe("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
    EXPECT_EQ(terminal_safe("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
}

TEST(TerminalSafe, EscapingTwiceChangesNothing) {
    std::string hostile = "a\x1b[31m\u202eb\xff\x7f\u0085";
    std::string once = terminal_safe(hostile);
    EXPECT_EQ(terminal_safe(once), once);
    for (char c : once) {
        auto byte = static_cast<unsigned char>(c);
        EXPECT_TRUE(byte >= 0x20 && byte < 0x7f) << once;
    }
}

}  // namespace
}  // namespace edgetop::text
