#include "sensors/core/sysfs_file.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "sensors/core/sysfs_root.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

TEST(SysFile, ReadsIntegerAndRereadsAfterChange) {
    FixtureTree tree;
    tree.write("/sys/x/temp", "47500\n");
    Root root(tree.root());
    SysFile file(root.path("/sys/x/temp"));
    ASSERT_EQ(file.open_result(), OpenResult::ok);
    EXPECT_EQ(file.read_int(), 47500);
    tree.write("/sys/x/temp", "-256000\n");
    EXPECT_EQ(file.read_int(), -256000);
}

TEST(SysFile, GarbageAndEmptyAreAbsent) {
    FixtureTree tree;
    tree.write("/a", "N/A\n");
    tree.write("/b", "");
    tree.write("/c", "12abc");
    Root root(tree.root());
    EXPECT_EQ(SysFile(root.path("/a")).read_int(), std::nullopt);
    EXPECT_EQ(SysFile(root.path("/b")).read_int(), std::nullopt);
    EXPECT_EQ(SysFile(root.path("/c")).read_int(), std::nullopt);
}

TEST(SysFile, MissingFileIsAbsentNotError) {
    FixtureTree tree;
    SysFile file(Root(tree.root()).path("/nope"));
    EXPECT_EQ(file.open_result(), OpenResult::absent);
    EXPECT_EQ(file.read_int(), std::nullopt);
}

TEST(SysFile, LargeFileReadWhole) {
    FixtureTree tree;
    std::string big(100000, 'x');
    tree.write("/proc/big", big + "\nend");
    SysFile file(Root(tree.root()).path("/proc/big"));
    auto content = file.read(1 << 20);
    ASSERT_TRUE(content);
    EXPECT_EQ(content->size(), big.size() + 4);
    // Past the cap the value is absent, not truncated, and the reason is kept for --check.
    EXPECT_EQ(file.read(4096), std::nullopt);
    EXPECT_EQ(file.problem(), "larger than 4096 bytes");
    EXPECT_TRUE(file.read(big.size() + 4));
    EXPECT_EQ(file.problem(), "");
}

TEST(SysFile, TextIsTrimmedOfNul) {
    FixtureTree tree;
    tree.write("/proc/device-tree/model",
               std::string("NVIDIA Jetson AGX Orin Developer Kit\0", 37));
    EXPECT_EQ(read_text_file(Root(tree.root()).path("/proc/device-tree/model")),
              "NVIDIA Jetson AGX Orin Developer Kit");
}

TEST(Root, GlobIsNaturallySortedAndReturnsMachinePaths) {
    FixtureTree tree;
    for (int i : {0, 1, 2, 10, 11})
        tree.write("/sys/class/thermal/thermal_zone" + std::to_string(i) + "/temp", "1");
    Root root(tree.root());
    auto zones = root.glob("/sys/class/thermal/thermal_zone*");
    ASSERT_EQ(zones.size(), 5u);
    EXPECT_EQ(zones[0], "/sys/class/thermal/thermal_zone0");
    EXPECT_EQ(zones[2], "/sys/class/thermal/thermal_zone2");
    EXPECT_EQ(zones[3], "/sys/class/thermal/thermal_zone10");
}

TEST(ParseInt, StrictTokens) {
    EXPECT_EQ(parse_int(" 42\n"), 42);
    EXPECT_EQ(parse_int("-7"), -7);
    EXPECT_EQ(parse_int(""), std::nullopt);
    EXPECT_EQ(parse_int("1 2"), std::nullopt);
    EXPECT_EQ(parse_int("99999999999999999999999"), std::nullopt);
    EXPECT_EQ(parse_int("+5"), 5);
    EXPECT_EQ(parse_int("+-5"), std::nullopt);
    EXPECT_EQ(parse_int("-+5"), std::nullopt);
    EXPECT_EQ(parse_int("++5"), std::nullopt);
}

// /proc/PID/status stays open after its process is reaped, and every read of it then fails
// (ESRCH): the lines of the read before, cut to fit, must not come back as current.
TEST(SysFile, AFailedReadAfterAnOversizedOneReturnsNothing) {
    pid_t child = fork();
    if (child == 0) {
        pause();
        _exit(0);
    }
    ASSERT_GT(child, 0);
    SysFile status("/proc/" + std::to_string(child) + "/status");
    ASSERT_EQ(status.open_result(), OpenResult::ok);
    auto cut = status.read_lines(200);
    ASSERT_TRUE(cut);
    EXPECT_TRUE(cut->starts_with("Name:"));
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    EXPECT_EQ(status.read_lines(200), std::nullopt);
    EXPECT_EQ(status.read(), std::nullopt);
}

}  // namespace
}  // namespace edgetop
