// Command lines: read once per process from a generated /proc tree, arguments joined by spaces,
// kernel threads in brackets; and from the live table, a child's own arguments.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "sensors/processes/processes_cmdline.hpp"
#include "sensors/processes/processes_scan.hpp"
#include "support/child_process.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::cmdline_cache {
namespace {

using namespace std::string_literals;

// Two python3 processes that differ only in their arguments, and kthreadd.
void write_processes(const FixtureTree& tree) {
    tree.write("/proc/4711/cmdline", "/usr/bin/python3\0-m\0trtexec_server\0--port\0008001\0"s);
    tree.write("/proc/4712/cmdline", "/usr/bin/python3\0train.py\0--epochs\00010\0"s);
    tree.write("/proc/2/cmdline", "");
}

TEST(CommandLines, ArgumentsJoinedBySpaces) {
    FixtureTree tree;
    write_processes(tree);
    CommandLines commands(tree.path("/proc"));
    EXPECT_EQ(commands.get(4711, 1000, "python3"),
              "/usr/bin/python3 -m trtexec_server --port 8001");
    EXPECT_EQ(commands.get(4712, 1001, "python3"), "/usr/bin/python3 train.py --epochs 10");
}

TEST(CommandLines, KernelThreadInBrackets) {
    FixtureTree tree;
    write_processes(tree);
    CommandLines commands(tree.path("/proc"));
    EXPECT_EQ(commands.get(2, 2, "kthreadd"), "[kthreadd]");
}

TEST(CommandLines, AKernelThreadIsReadTwiceThenKept) {
    FixtureTree tree;
    write_processes(tree);
    CommandLines commands(tree.path("/proc"));
    for (int poll = 0; poll < 4; ++poll) {
        EXPECT_EQ(commands.get(2, 2, "kthreadd"), "[kthreadd]");
        commands.end_poll();
    }
    EXPECT_EQ(commands.files_read(), 2u);
}

// An exec sets the new comm before the new arguments: a process caught between the two has an
// empty cmdline under its new name, which must not stay its command.
TEST(CommandLines, AnEmptyFileUnderANewCommIsReadAgainAtTheNextPoll) {
    FixtureTree tree;
    tree.write("/proc/5120/cmdline", "");
    CommandLines commands(tree.path("/proc"));
    EXPECT_EQ(commands.get(5120, 3000, "sleep"), "[sleep]");
    commands.end_poll();
    tree.write("/proc/5120/cmdline", "sleep\00030.5\0"s);
    EXPECT_EQ(commands.get(5120, 3000, "sleep"), "sleep 30.5");
    commands.end_poll();
    EXPECT_EQ(commands.get(5120, 3000, "sleep"), "sleep 30.5");
    EXPECT_EQ(commands.files_read(), 2u);
}

TEST(CommandLines, UnreadableIsEmpty) {
    FixtureTree tree;
    CommandLines commands(tree.path("/proc"));
    EXPECT_EQ(commands.get(999, 5, "gone"), "");
}

TEST(CommandLines, ASecondPollDoesNotRereadTheFile) {
    FixtureTree tree;
    write_processes(tree);
    CommandLines commands(tree.path("/proc"));
    commands.get(4711, 1000, "python3");
    commands.end_poll();
    tree.write("/proc/4711/cmdline", "changed\0"s);
    EXPECT_EQ(commands.get(4711, 1000, "python3"),
              "/usr/bin/python3 -m trtexec_server --port 8001");
    EXPECT_EQ(commands.files_read(), 1u);
}

TEST(CommandLines, ReusedPidOrExecReadsAgain) {
    FixtureTree tree;
    write_processes(tree);
    CommandLines commands(tree.path("/proc"));
    commands.get(4711, 1000, "python3");
    commands.end_poll();
    tree.write("/proc/4711/cmdline", "bash\0-c\0true\0"s);
    EXPECT_EQ(commands.get(4711, 2000, "bash"), "bash -c true");  // another start: another process
    commands.end_poll();
    tree.write("/proc/4711/cmdline", "sleep\0005\0"s);
    EXPECT_EQ(commands.get(4711, 2000, "sleep"), "sleep 5");  // same start, new comm: an exec
    EXPECT_EQ(commands.files_read(), 3u);
}

TEST(CommandLines, ExitedProcessIsForgotten) {
    FixtureTree tree;
    write_processes(tree);
    CommandLines commands(tree.path("/proc"));
    commands.get(4711, 1000, "python3");
    commands.get(4712, 1001, "python3");
    commands.end_poll();
    commands.get(4712, 1001, "python3");  // 4711 exited
    commands.end_poll();
    commands.get(4711, 1000, "python3");  // a stale entry would answer without reading
    EXPECT_EQ(commands.files_read(), 3u);
}

TEST(CommandLines, BoundedLengthAndTrailingSeparators) {
    std::string huge = "python3\0"s + std::string(10000, 'x') + "\0\0"s;
    std::string text = command_from_cmdline(huge, "python3");
    EXPECT_EQ(text.size(), kMaxCommandBytes);
    EXPECT_EQ(text.substr(0, 8), "python3 ");
    EXPECT_EQ(command_from_cmdline("a\0b\0\0"s, "a"), "a b");
    // setproctitle-style: one string with spaces and no terminator.
    EXPECT_EQ(command_from_cmdline("sshd: pi@pts/0", "sshd"), "sshd: pi@pts/0");
}

TEST(ProcessScan, ChildsArgumentsAndParentInTheTable) {
    ChildProcess sleeper({"sleep", "30.5"});
    ProcessScan scan;
    ASSERT_TRUE(scan.open());
    // Up to 10 s: on a loaded machine (a build beside the suite) the exec alone took over 2 s.
    for (int attempt = 0; attempt < 1000; ++attempt) {
        std::vector<ProcessSample> table;
        ASSERT_TRUE(scan.poll(table));
        for (const auto& p : table)
            if (p.pid == sleeper.pid() && p.name == "sleep") {
                EXPECT_EQ(p.command, "sleep 30.5");
                EXPECT_EQ(p.ppid, getpid());
                return;
            }
        usleep(10000);  // between fork and exec the child is still named after this test
    }
    FAIL() << "the child never showed as sleep";
}

TEST(ProcessScan, KernelThreadShownInBrackets) {
    ProcessScan scan;
    ASSERT_TRUE(scan.open());
    std::vector<ProcessSample> table;
    ASSERT_TRUE(scan.poll(table));
    for (const auto& p : table)
        if (p.pid == 2 && p.name == "kthreadd") {
            EXPECT_EQ(p.command, "[kthreadd]");
            EXPECT_EQ(p.ppid, 0);
            return;
        }
    GTEST_SKIP() << "no kthreadd as pid 2 here (a pid namespace)";
}

}  // namespace
}  // namespace edgetop::testing::cmdline_cache
