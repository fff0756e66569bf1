// SourceLayout: what a discovery looked at (through a recording Root), and whether looking again
// finds something else.
#include "sensors/core/source_layout.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "sensors/core/sysfs_root.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::source_layout {
namespace {

// What a hwmon reader does at discovery: list the chips, then resolve each chip's input.
void discover_chips(const Root& root) {
    for (const auto& dir : root.glob("/sys/class/hwmon/hwmon*"))
        root.path(dir + "/temp1_input");
    root.path("/sys/class/hwmon/hwmon9/temp1_input");  // probed, absent
}

struct Chips : ::testing::Test {
    FixtureTree tree;
    Root root{tree.root()};
    SourceLayout layout;
    void SetUp() override {
        tree.write("/sys/devices/a/hwmon/hwmon0/temp1_input", "41000\n");
        tree.symlink("/sys/class/hwmon/hwmon0", "/sys/devices/a/hwmon/hwmon0");
        discover_chips(root.recording_into(layout));
    }
};

TEST_F(Chips, RecordsTheGlobAndEveryPathResolved) {
    // One glob; the chip's input and the absent probe.
    EXPECT_EQ(layout.size(), 3u);
    EXPECT_FALSE(layout.changed(root));
}

TEST_F(Chips, ANewValueInTheSameFileIsNoChange) {
    tree.write("/sys/devices/a/hwmon/hwmon0/temp1_input", "52000\n");
    EXPECT_FALSE(layout.changed(root));
}

TEST_F(Chips, ANewChipIsAChange) {
    tree.write("/sys/devices/b/hwmon/hwmon1/temp1_input", "30000\n");
    tree.symlink("/sys/class/hwmon/hwmon1", "/sys/devices/b/hwmon/hwmon1");
    EXPECT_TRUE(layout.changed(root));
}

TEST_F(Chips, AChipRemovedIsAChange) {
    tree.remove("/sys/class/hwmon/hwmon0");
    EXPECT_TRUE(layout.changed(root));
}

TEST_F(Chips, AProbedPathThatAppearsIsAChange) {
    tree.write("/sys/class/hwmon/hwmon9/temp1_input", "30000\n");
    EXPECT_TRUE(layout.changed(root));
}

// A driver unloaded and loaded again between two looks: the same names, other files.
TEST_F(Chips, AFileReplacedUnderTheSameNameIsAChange) {
    std::string input = tree.path("/sys/devices/a/hwmon/hwmon0/temp1_input");
    tree.write("/sys/devices/a/hwmon/hwmon0/temp1_input.new", "41000\n");
    std::filesystem::rename(input + ".new", input);
    EXPECT_TRUE(layout.changed(root));
}

TEST_F(Chips, ClearedItLooksAtNothing) {
    layout.clear();
    tree.remove("/sys/class/hwmon/hwmon0");
    EXPECT_EQ(layout.size(), 0u);
    EXPECT_FALSE(layout.changed(root));
}

TEST(SourceLayoutRoot, APlainRootRecordsNothing) {
    FixtureTree tree;
    tree.write("/proc/stat", "cpu 1 2 3 4\n");
    Root root(tree.root());
    SourceLayout layout;
    Root recording = root.recording_into(layout);
    EXPECT_EQ(recording.path("/proc/stat"), root.path("/proc/stat"));
    EXPECT_EQ(layout.size(), 1u);
    root.path("/proc/stat");
    root.glob("/proc/*");
    EXPECT_EQ(layout.size(), 1u);
}

}  // namespace
}  // namespace edgetop::testing::source_layout
