// hwmon chip names: a second chip of the same name, a chip without a name file; in the sample and
// in the names the exporter labels its series with.
#include <gtest/gtest.h>

#include "sensors/core/source.hpp"
#include "sensors/thermal/thermal_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::FixtureTree;

// The x86-pc fixture plus a second coretemp package (a two-socket machine) and a chip whose driver
// gives no name file, both as relative class links like sysfs.
void add_second_package_and_nameless_chip(const FixtureTree& tree) {
    const std::string second = "/sys/devices/platform/coretemp.1/hwmon/hwmon3";
    tree.write(second + "/name", "coretemp\n");
    tree.write(second + "/temp1_label", "Package id 1\n");
    tree.write(second + "/temp1_input", "51000\n");
    tree.write(second + "/temp2_label", "Core 0\n");
    tree.write(second + "/temp2_input", "49000\n");
    tree.symlink("/sys/class/hwmon/hwmon3", second);
    const std::string nameless = "/sys/devices/platform/it87.2608/hwmon/hwmon4";
    tree.write(nameless + "/temp1_input", "33000\n");
    tree.symlink("/sys/class/hwmon/hwmon4", nameless);
}

Sample poll_thermal(const FixtureTree& tree) {
    auto source = make_thermal_source();
    EXPECT_TRUE(source->discover(Root(tree.root())));
    Sample sample;
    source->poll(sample);
    return sample;
}

const ThermalSample* find(const Sample& s, const std::string& name) {
    for (const auto& zone : s.thermal)
        if (zone.name == name) return &zone;
    return nullptr;
}

TEST(HwmonNaming, SecondChipOfANameGetsItsIndexAfterASeparator) {
    FixtureTree tree("x86-pc");
    add_second_package_and_nameless_chip(tree);
    const Sample s = poll_thermal(tree);
    ASSERT_NE(find(s, "coretemp Core 0"), nullptr);
    EXPECT_EQ(find(s, "coretemp Core 0")->temp_c, 44.0);
    ASSERT_NE(find(s, "coretemp.1 Core 0"), nullptr);
    EXPECT_EQ(find(s, "coretemp.1 Core 0")->temp_c, 49.0);
    ASSERT_NE(find(s, "coretemp.1 Package id 1"), nullptr);
    EXPECT_EQ(find(s, "coretemp Core 01"), nullptr);  // the old, misleading name
}

TEST(HwmonNaming, ChipWithoutNameIsNamedAfterItsDirectory) {
    FixtureTree tree("x86-pc");
    add_second_package_and_nameless_chip(tree);
    const Sample s = poll_thermal(tree);
    ASSERT_NE(find(s, "hwmon4"), nullptr);
    EXPECT_EQ(find(s, "hwmon4")->temp_c, 33.0);
    // Every name is unique: each one is a series' label.
    for (size_t i = 0; i < s.thermal.size(); ++i)
        for (size_t j = i + 1; j < s.thermal.size(); ++j)
            EXPECT_NE(s.thermal[i].name, s.thermal[j].name);
}

}  // namespace
}  // namespace edgetop
