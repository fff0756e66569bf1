#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include "sensors/processes/processes_stat_line.hpp"

namespace edgetop {
namespace {

// The stat line of the Python inference process whose status is in status_parse_test (Orin Nano,
// kernel 5.15, 4 KiB pages: 203086 pages = its VmRSS of 812344 kB): 52 fields.
constexpr const char* kPython =
    "4711 (python3) S 4650 4711 4650 34817 4711 4194304 182733 0 1203 0 52344 8121 0 0 20 0 27 0 "
    "1523456 6442450944 203086 18446744073709551615 187650000000000 187650002000000 "
    "281474000000000 0 0 0 16386 16781312 0 0 0 17 3 0 0 12 0 0 187650002100000 187650002200000 "
    "187650010000000 281474000100000 281474000100100 281474000100100 281474000101000 0\n";

// A kernel thread: no memory, tty -1.
constexpr const char* kKthreadd =
    "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 12 0 0 20 0 1 0 2 0 0 18446744073709551615 0 0 0 "
    "0 0 0 0 2147483647 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

// kPython with its comm replaced.
std::string with_comm(const std::string& comm) {
    std::string line = kPython;
    return line.replace(line.find('('), std::string("(python3)").size(), "(" + comm + ")");
}

TEST(ParseStatLine, FieldsOfAUserProcess) {
    auto line = parse_stat_line(kPython);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->pid, 4711);
    EXPECT_EQ(line->comm, "python3");
    EXPECT_EQ(line->state, 'S');
    EXPECT_EQ(line->ppid, 4650);
    EXPECT_EQ(line->cpu_ticks, 52344u + 8121u);  // utime + stime, children not counted
    EXPECT_EQ(line->threads, 27);
    EXPECT_EQ(line->start_ticks, 1523456u);
    EXPECT_EQ(line->rss_pages, 203086);
}

TEST(ParseStatLine, KernelThreadWithNegativeTtyFields) {
    auto line = parse_stat_line(kKthreadd);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->pid, 2);
    EXPECT_EQ(line->comm, "kthreadd");
    EXPECT_EQ(line->ppid, 0);
    EXPECT_EQ(line->cpu_ticks, 12u);
    EXPECT_EQ(line->threads, 1);
    EXPECT_EQ(line->start_ticks, 2u);
    EXPECT_EQ(line->rss_pages, 0);
}

TEST(ParseStatLine, CommWithSpacesAndParentheses) {
    // comm is a view into the text: each text outlives its parse.
    std::string weird = with_comm("my (weird) proc");
    auto line = parse_stat_line(weird);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->comm, "my (weird) proc");
    EXPECT_EQ(line->state, 'S');
    EXPECT_EQ(line->threads, 27);
    EXPECT_EQ(line->rss_pages, 203086);
    // A comm that itself looks like the start of the fields: only the last ')' ends it.
    std::string lookalike = with_comm("a) R 1 2 (b");
    line = parse_stat_line(lookalike);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->comm, "a) R 1 2 (b");
    EXPECT_EQ(line->state, 'S');
    EXPECT_EQ(line->start_ticks, 1523456u);
    std::string paren = with_comm(")");
    line = parse_stat_line(paren);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->comm, ")");
    std::string empty = with_comm("");
    line = parse_stat_line(empty);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->comm, "");
}

// The longest name the kernel prints (a workqueue worker's, 63 bytes), ending in ')', on the
// largest pid (PID_MAX_LIMIT): its last ')' is still the comm's.
TEST(ParseStatLine, LongestCommOnTheLargestPid) {
    std::string comm = "kworker/u16:3-events_unbound_with_a_long_name (flush) x)";
    comm.resize(62, 'x');
    comm += ")";
    std::string text = with_comm(comm);
    text.replace(0, text.find(' '), "4194304");
    auto line = parse_stat_line(text);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->pid, 4194304);
    EXPECT_EQ(line->comm, comm);
    EXPECT_EQ(line->state, 'S');
    EXPECT_EQ(line->rss_pages, 203086);
}

TEST(ParseStatLine, ZombieWithoutThreads) {
    std::string line = kPython;
    line.replace(line.find(" S "), 3, " Z ");
    line.replace(line.find(" 27 "), 4, " 0 ");
    auto parsed = parse_stat_line(line);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->state, 'Z');
    EXPECT_EQ(parsed->threads, 0);
}

TEST(ParseStatLine, ReadCutAfterRssIsEnough) {
    std::string line = kPython;
    line.resize(line.find(" 18446744073709551615"));
    auto parsed = parse_stat_line(line);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->rss_pages, 203086);
    // Cut before rss: nothing.
    line.resize(line.rfind(' '));
    EXPECT_FALSE(parse_stat_line(line));
}

TEST(ParseStatLine, LargestTickCountsFit) {
    std::string line = kPython;
    line.replace(line.find(" 52344 8121 "), 12, " 18446744073709551615 0 ");
    auto parsed = parse_stat_line(line);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->cpu_ticks, 18446744073709551615u);
}

TEST(ParseStatLine, BadInputIsAbsent) {
    EXPECT_FALSE(parse_stat_line(""));
    EXPECT_FALSE(parse_stat_line(std::string(64, '\0')));
    EXPECT_FALSE(parse_stat_line("garbage"));
    EXPECT_FALSE(parse_stat_line("4711 (python3"));  // no closing parenthesis
    EXPECT_FALSE(parse_stat_line("4711 (python3)"));
    std::string line = kPython;
    auto replaced = [&](const std::string& from, const std::string& to) {
        std::string copy = line;
        return copy.replace(copy.find(from), from.size(), to);
    };
    EXPECT_FALSE(parse_stat_line(replaced("4711 (", "x4711 (")));    // pid not a number
    EXPECT_FALSE(parse_stat_line(replaced("4711 (", "-4711 (")));    // negative pid
    EXPECT_FALSE(parse_stat_line(replaced(" S 4650", " SS 4650")));  // state of two letters
    EXPECT_FALSE(parse_stat_line(replaced(" 52344 ", " -52344 ")));  // negative utime
    EXPECT_FALSE(parse_stat_line(replaced(" 52344 ", " 52x44 ")));   // garbage utime
    EXPECT_FALSE(parse_stat_line(replaced(" 203086 ", " -5 ")));     // negative rss
    EXPECT_FALSE(parse_stat_line(replaced(" 27 ", " -1 ")));         // negative threads
    EXPECT_FALSE(parse_stat_line(replaced(" 1523456 ", " 99999999999999999999 ")));  // > 64 bits
    EXPECT_FALSE(parse_stat_line(replaced(" 52344 8121 ", " 52344  8121 ")));        // empty field
    // utime + stime beyond 64 bits.
    EXPECT_FALSE(parse_stat_line(replaced(" 52344 8121 ", " 18446744073709551615 1 ")));
}

TEST(ParseStatLine, OwnProcess) {
    std::ifstream file("/proc/self/stat");
    std::stringstream text;
    text << file.rdbuf();
    auto line = parse_stat_line(text.str());
    ASSERT_TRUE(line);
    EXPECT_EQ(line->pid, getpid());
    EXPECT_EQ(line->state, 'R');
    EXPECT_GE(line->threads, 1);
    EXPECT_GT(line->rss_pages, 0);
}

}  // namespace
}  // namespace edgetop
