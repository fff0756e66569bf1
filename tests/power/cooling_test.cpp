// Thermal cooling devices per fixture board: type, state, max state, bad input.
#include <gtest/gtest.h>

#include "sensors/core/source.hpp"
#include "sensors/thermal/thermal_sources.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop {
namespace {

using testing::fixture_path;
using testing::FixtureTree;

Sample poll_cooling(const std::string& root) {
    auto source = make_cooling_source();
    EXPECT_TRUE(source->discover(Root(root)));
    Sample sample;
    source->poll(sample);
    return sample;
}

TEST(Cooling, NanoThrottleDevicesAndFan) {
    Sample s = poll_cooling(fixture_path("nano"));
    ASSERT_EQ(s.cooling.size(), 4u);
    EXPECT_EQ(s.cooling[0].name, "CPU-balanced");
    EXPECT_EQ(s.cooling[0].state, 0);
    EXPECT_EQ(s.cooling[0].max_state, 4);
    EXPECT_EQ(s.cooling[3].name, "pwm-fan");
    EXPECT_EQ(s.cooling[3].max_state, 3);
}

TEST(Cooling, AgxOrinFanOnItsFirstStep) {
    Sample s = poll_cooling(fixture_path("agx-orin"));
    ASSERT_EQ(s.cooling.size(), 1u);
    EXPECT_EQ(s.cooling[0].name, "pwm-fan");
    EXPECT_EQ(s.cooling[0].state, 1);
    EXPECT_EQ(s.cooling[0].max_state, 3);
}

// One "Processor" device per CPU: each gets its own name; powerclamp's idle -1 is not a state.
TEST(Cooling, X86RepeatedTypesAreNumberedAndIdlePowerclampIsAbsent) {
    Sample s = poll_cooling(fixture_path("x86-pc"));
    ASSERT_EQ(s.cooling.size(), 10u);
    EXPECT_EQ(s.cooling[0].name, "Processor");
    EXPECT_EQ(s.cooling[1].name, "Processor.1");
    EXPECT_EQ(s.cooling[7].name, "Processor.7");
    EXPECT_EQ(s.cooling[8].name, "intel_powerclamp");
    EXPECT_FALSE(s.cooling[8].state);
    EXPECT_EQ(s.cooling[8].max_state, 50);
    EXPECT_EQ(s.cooling[9].name, "TCC Offset");
}

TEST(Cooling, StateChangesBetweenPollsAndGarbageIsAbsent) {
    FixtureTree tree("nano");
    auto source = make_cooling_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    tree.write("/sys/devices/virtual/thermal/cooling_device0/cur_state", "3\n");
    tree.write("/sys/devices/virtual/thermal/cooling_device1/cur_state", "lots\n");
    tree.remove("/sys/devices/virtual/thermal/cooling_device2/cur_state");
    Sample s;
    source->poll(s);
    ASSERT_EQ(s.cooling.size(), 4u);
    EXPECT_EQ(s.cooling[0].state, 3);
    EXPECT_FALSE(s.cooling[1].state);
    EXPECT_EQ(s.cooling[1].max_state, 4);
    EXPECT_EQ(s.cooling[2].state, 0);  // the file stays open: the last content is read again
}

TEST(Cooling, NoDevicesIsAbsent) {
    FixtureTree empty;
    auto source = make_cooling_source();
    EXPECT_FALSE(source->discover(Root(empty.root())));
    Sample s;
    source->poll(s);
    EXPECT_TRUE(s.cooling.empty());
    EXPECT_EQ(source->status()[0].state, SourceStatus::State::absent);
}

}  // namespace
}  // namespace edgetop
