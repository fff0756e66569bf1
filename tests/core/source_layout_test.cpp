// SourceLayout: what a discovery looked at (through a recording Root), and whether looking again
// finds something else.
#include "sensors/core/source_layout.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "sensors/core/sysfs_root.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::source_layout {
namespace {

bool changed(const SourceLayout& layout, const Root& root) {
    LayoutLook look(root);
    return layout.changed(look);
}

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
    // One glob; the chip's directory (for its input) and the absent probe.
    EXPECT_EQ(layout.size(), 3u);
    EXPECT_FALSE(changed(layout, root));
}

TEST_F(Chips, ANewValueInTheSameFileIsNoChange) {
    tree.write("/sys/devices/a/hwmon/hwmon0/temp1_input", "52000\n");
    EXPECT_FALSE(changed(layout, root));
}

TEST_F(Chips, ANewChipIsAChange) {
    tree.write("/sys/devices/b/hwmon/hwmon1/temp1_input", "30000\n");
    tree.symlink("/sys/class/hwmon/hwmon1", "/sys/devices/b/hwmon/hwmon1");
    EXPECT_TRUE(changed(layout, root));
}

TEST_F(Chips, AChipRemovedIsAChange) {
    tree.remove("/sys/class/hwmon/hwmon0");
    EXPECT_TRUE(changed(layout, root));
}

TEST_F(Chips, AProbedPathThatAppearsIsAChange) {
    tree.write("/sys/class/hwmon/hwmon9/temp1_input", "30000\n");
    EXPECT_TRUE(changed(layout, root));
}

// A driver unloaded and loaded again between two looks: the same names, another device directory.
TEST_F(Chips, ADirectoryReplacedUnderTheSameNameIsAChange) {
    // Kept under another name, so that the new directory cannot get the freed inode: sysfs hands
    // them out cyclically, a disk filesystem may reuse one at once.
    std::filesystem::rename(tree.path("/sys/devices/a/hwmon/hwmon0"),
                            tree.path("/sys/devices/a/hwmon/hwmon0.old"));
    tree.write("/sys/devices/a/hwmon/hwmon0/temp1_input", "41000\n");
    EXPECT_TRUE(changed(layout, root));
}

TEST_F(Chips, ANewFileBesideTheOnesReadIsNoChange) {
    tree.write("/sys/devices/a/hwmon/hwmon0/temp1_max", "90000\n");
    EXPECT_FALSE(changed(layout, root));
}

TEST_F(Chips, ClearedItLooksAtNothing) {
    layout.clear();
    tree.remove("/sys/class/hwmon/hwmon0");
    EXPECT_EQ(layout.size(), 0u);
    EXPECT_FALSE(changed(layout, root));
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
