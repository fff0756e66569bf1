// The soctherm_oc hwmon (Orin, Thor): over-current and under-voltage counts, their rates, and
// what a missing, garbled or reset counter gives.
#include <gtest/gtest.h>

#include "sensors/core/source.hpp"
#include "sensors/power/power_sources.hpp"
#include "sensors/power/rates_power.hpp"
#include "support/fixture_tree.hpp"

namespace edgetop::testing::oc_counters {
namespace {

// The Orin Nano tree's soctherm_oc directory (hwmon3, as on the boards of the field reports).
constexpr std::string_view kDir = "/sys/devices/platform/soctherm-oc-event/hwmon/hwmon3";

std::string file(std::string_view name) {
    return std::string(kDir) + "/" + std::string(name);
}

Sample poll_at(Source& source, double t_s) {
    Sample sample;
    sample.t_s = t_s;
    source.poll(sample);
    return sample;
}

const OcEventSample& event(const Sample& sample, std::string_view name) {
    for (const auto& e : sample.oc_events)
        if (e.name == name) return e;
    ADD_FAILURE() << "no " << name;
    static const OcEventSample none;
    return none;
}

struct Want {
    const char* board;
    int64_t oc1, oc2, oc3;
};

TEST(OcEvents, FixtureBoardsReadTheirThreeCountersInOrder) {
    for (const Want& want :
         {Want{"agx-orin", 0, 15, 37}, Want{"orin-nano", 0, 0, 27390}, Want{"thor", 0, 0, 179}}) {
        SCOPED_TRACE(want.board);
        auto source = make_oc_events_source();
        ASSERT_TRUE(source->discover(Root(fixture_path(want.board))));
        Sample s = poll_at(*source, 0);
        ASSERT_EQ(s.oc_events.size(), 3u);
        EXPECT_EQ(s.oc_events[0].name, "oc1");
        EXPECT_EQ(s.oc_events[0].kind, "under-voltage");
        EXPECT_EQ(s.oc_events[1].kind, "average over-current");
        EXPECT_EQ(s.oc_events[2].kind, "instantaneous over-current");
        EXPECT_EQ(s.oc_events[0].events, want.oc1);
        EXPECT_EQ(s.oc_events[1].events, want.oc2);
        EXPECT_EQ(s.oc_events[2].events, want.oc3);
        for (const auto& e : s.oc_events) {
            EXPECT_EQ(e.throttle_enabled, true) << e.name;
            EXPECT_FALSE(e.events_per_s) << "no rate from one reading";
        }
        for (const auto& status : source->status())
            EXPECT_EQ(status.state, SourceStatus::State::found) << status.path;
    }
}

TEST(OcEvents, BoardsWithoutTheHwmonHaveNoCountersAndSaySo) {
    for (const char* board : {"x86-pc", "agx-xavier", "nano"}) {
        SCOPED_TRACE(board);
        auto source = make_oc_events_source();
        EXPECT_FALSE(source->discover(Root(fixture_path(board))));
        EXPECT_TRUE(poll_at(*source, 0).oc_events.empty());
        auto status = source->status();
        ASSERT_EQ(status.size(), 1u);
        EXPECT_EQ(status[0].name, "power.oc_events");
        EXPECT_EQ(status[0].state, SourceStatus::State::absent);
    }
}

// The events between two polls over the time between them.
TEST(OcEvents, RateIsTheRiseOverTheInterval) {
    FixtureTree tree("orin-nano");
    auto source = make_oc_events_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample first = poll_at(*source, 10.0);
    tree.write(file("oc2_event_cnt"), "3\n");
    tree.write(file("oc3_event_cnt"), "27418\n");
    Sample second = poll_at(*source, 12.0);
    derive_power_rates(first, second);
    EXPECT_EQ(event(second, "oc3").events, 27418);
    EXPECT_DOUBLE_EQ(*event(second, "oc3").events_per_s, 14.0);
    EXPECT_DOUBLE_EQ(*event(second, "oc2").events_per_s, 1.5);
    EXPECT_DOUBLE_EQ(*event(second, "oc1").events_per_s, 0.0);
}

// A count that goes back (the driver reloaded, a counter reset) is no negative rate: that interval
// has none, and the next one counts from the new value.
TEST(OcEvents, ACountThatGoesBackGivesNoRateThenCountsAgain) {
    FixtureTree tree("orin-nano");
    auto source = make_oc_events_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    Sample first = poll_at(*source, 1.0);
    tree.write(file("oc3_event_cnt"), "5\n");
    Sample reset = poll_at(*source, 2.0);
    derive_power_rates(first, reset);
    EXPECT_EQ(event(reset, "oc3").events, 5);
    EXPECT_FALSE(event(reset, "oc3").events_per_s);
    tree.write(file("oc3_event_cnt"), "9\n");
    Sample after = poll_at(*source, 3.0);
    derive_power_rates(reset, after);
    EXPECT_DOUBLE_EQ(*event(after, "oc3").events_per_s, 4.0);
}

// A missing or garbled file is that value absent, never a number made up, and the others stay.
TEST(OcEvents, MissingOrGarbageFilesAreAbsent) {
    FixtureTree tree("orin-nano");
    tree.remove(file("oc1_event_cnt"));
    tree.remove(file("oc2_throt_en"));
    auto source = make_oc_events_source();
    ASSERT_TRUE(source->discover(Root(tree.root())));
    for (const char* garbage : {"lots\n", "-4\n", "", "12abc\n", "99999999999999999999999\n"}) {
        SCOPED_TRACE(garbage);
        tree.write(file("oc3_event_cnt"), garbage);
        tree.write(file("oc3_throt_en"), "7\n");
        Sample first = poll_at(*source, 1.0);
        Sample second = poll_at(*source, 2.0);
        derive_power_rates(first, second);
        ASSERT_EQ(second.oc_events.size(), 3u);
        EXPECT_FALSE(event(second, "oc1").events);
        EXPECT_FALSE(event(second, "oc1").events_per_s);
        EXPECT_EQ(event(second, "oc1").throttle_enabled, true);
        EXPECT_EQ(event(second, "oc2").events, 0);
        EXPECT_FALSE(event(second, "oc2").throttle_enabled);
        EXPECT_FALSE(event(second, "oc3").events);
        EXPECT_FALSE(event(second, "oc3").events_per_s);
        EXPECT_FALSE(event(second, "oc3").throttle_enabled);
    }
    auto status = source->status();
    ASSERT_EQ(status.size(), 3u);
    EXPECT_EQ(status[0].state, SourceStatus::State::absent);
    EXPECT_EQ(status[2].state, SourceStatus::State::found);
    EXPECT_EQ(status[2].hint, "instantaneous over-current");
}

// Another hwmon's oc files (a board-level monitor, say) are not the SoC's counters: the reader
// goes by the hwmon's name, not by the file names.
TEST(OcEvents, OnlyTheHwmonNamedSocthermOcCounts) {
    FixtureTree tree("x86-pc");
    tree.write("/sys/devices/platform/other/hwmon/hwmon9/name", "ina3221\n");
    tree.write("/sys/devices/platform/other/hwmon/hwmon9/oc1_event_cnt", "12\n");
    tree.symlink("/sys/class/hwmon/hwmon9", "/sys/devices/platform/other/hwmon/hwmon9");
    auto source = make_oc_events_source();
    EXPECT_FALSE(source->discover(Root(tree.root())));
}

}  // namespace
}  // namespace edgetop::testing::oc_counters
