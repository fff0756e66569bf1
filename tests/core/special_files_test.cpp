// A FIFO, a device or an oversized file where a sensor or config file is expected: refused at open
// (or at the cap) in bounded time, the value absent and the reason named.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/sysfs_root.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

// Without O_NONBLOCK opening a FIFO nobody writes to never returns: the test would hang (ctest's
// timeout fails it), so the bound here is only a guard.
void make_fifo(const FixtureTree& tree, const std::string& machine_path) {
    tree.write(machine_path, "");
    tree.remove(machine_path);
    ASSERT_EQ(::mkfifo(tree.path(machine_path).c_str(), 0644), 0);
}

TEST(SpecialFiles, FifoAttributeIsRefusedWithoutWaiting) {
    FixtureTree tree;
    make_fifo(tree, "/sys/class/thermal/thermal_zone0/temp");
    auto start = std::chrono::steady_clock::now();
    SysFile file(tree.path("/sys/class/thermal/thermal_zone0/temp"));
    EXPECT_EQ(file.open_result(), OpenResult::not_regular);
    EXPECT_FALSE(file.is_open());
    EXPECT_EQ(file.read_int(), std::nullopt);
    EXPECT_EQ(file.problem(), "not a regular file");
    EXPECT_EQ(read_text_file(tree.path("/sys/class/thermal/thermal_zone0/temp")), std::nullopt);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(SpecialFiles, DevZeroLinkIsRefusedNotReadForever) {
    FixtureTree tree;
    tree.write("/etc/placeholder", "");
    ASSERT_EQ(::symlink("/dev/zero", tree.path("/etc/nvpmodel.conf").c_str()), 0);
    SysFile file(tree.path("/etc/nvpmodel.conf"));
    EXPECT_EQ(file.open_result(), OpenResult::not_regular);
    auto whole = read_whole_file(tree.path("/etc/nvpmodel.conf"), 1 << 20);
    EXPECT_EQ(whole.text, std::nullopt);
    EXPECT_EQ(whole.problem, "not a regular file");
    EXPECT_EQ(special_file_problem(tree.path("/etc/nvpmodel.conf")), "not a regular file");
}

TEST(SpecialFiles, WholeFileReadsUpToItsCapAndNamesAnyExcess) {
    FixtureTree tree;
    tree.write("/etc/a", std::string(1000, 'a'));
    auto exact = read_whole_file(tree.path("/etc/a"), 1000);
    ASSERT_TRUE(exact.text);
    EXPECT_EQ(exact.text->size(), 1000u);
    auto over = read_whole_file(tree.path("/etc/a"), 999);
    EXPECT_EQ(over.text, std::nullopt);
    EXPECT_EQ(over.problem, "larger than 999 bytes");
    EXPECT_EQ(read_whole_file(tree.path("/etc/none"), 10).problem, "no such file");
}

TEST(SpecialFiles, ProcfsTablesKeepTheWholeLinesWithinTheCap) {
    FixtureTree tree;
    tree.write("/proc/stat", "cpu  1 2 3\ncpu0 1 2 3\nintr " + std::string(100, '7') + "\n");
    SysFile file(tree.path("/proc/stat"));
    EXPECT_EQ(file.read(40), std::nullopt);
    EXPECT_EQ(file.read_lines(40), "cpu  1 2 3\ncpu0 1 2 3\n");
    EXPECT_EQ(file.problem(), "larger than 40 bytes");
    EXPECT_EQ(file.read_lines(1000)->size(), 128u);
    EXPECT_EQ(file.problem(), "");
}

TEST(SpecialFiles, ProcfsAndSysfsAttributesAreRegularFiles) {
    // What the kernel reports for the files edgetop reads: they must not be refused.
    for (const char* path : {"/proc/stat", "/proc/meminfo", "/proc/loadavg"}) {
        SysFile file(path);
        EXPECT_EQ(file.open_result(), OpenResult::ok) << path;
        EXPECT_TRUE(file.read(1 << 20)) << path;
    }
    SysFile sysfs("/sys/devices/system/cpu/online");
    if (sysfs.open_result() != OpenResult::absent) {
        EXPECT_EQ(sysfs.open_result(), OpenResult::ok);
        EXPECT_TRUE(sysfs.read_text());
    }
}

TEST(SpecialFiles, InputStreamsAllowPipesAndRefuseDevices) {
    FixtureTree tree;
    make_fifo(tree, "/session.jsonl");
    EXPECT_EQ(input_stream_problem(tree.path("/session.jsonl")), "");
    tree.write("/plain.jsonl", "{}\n");
    EXPECT_EQ(input_stream_problem(tree.path("/plain.jsonl")), "");
    EXPECT_EQ(input_stream_problem("/dev/zero"), "not a regular file or pipe");
    EXPECT_EQ(input_stream_problem(tree.path("/missing")), "");
}

}  // namespace
}  // namespace edgetop
