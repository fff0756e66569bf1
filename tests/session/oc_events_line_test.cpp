// The over-current counters in the session line: written by the schema, read back by every
// reader of this build, null where a value is absent.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "session/session_read_sample.hpp"
#include "session/session_sample_line.hpp"

namespace edgetop::testing::oc_line {
namespace {

Sample with_counters() {
    Sample s;
    s.t_s = 2.5;
    s.oc_events.push_back({"oc1", "under-voltage", 0, 0.0, true});
    s.oc_events.push_back({"oc2", "average over-current", std::nullopt, std::nullopt, false});
    s.oc_events.push_back({"oc3", "instantaneous over-current", 27404, 1.4, std::nullopt});
    return s;
}

TEST(OcEventsLine, WrittenWithNullsForAbsentValues) {
    const auto line = nlohmann::json::parse(sample_line(with_counters()));
    ASSERT_TRUE(line.contains("oc_events"));
    const auto& events = line["oc_events"];
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[1], nlohmann::json({{"name", "oc2"},
                                         {"kind", "average over-current"},
                                         {"events", nullptr},
                                         {"events_per_s", nullptr},
                                         {"throttle_enabled", false}}));
    EXPECT_EQ(events[2]["events"], 27404);
    EXPECT_EQ(events[2]["events_per_s"], 1.4);
    EXPECT_TRUE(events[2]["throttle_enabled"].is_null());
}

TEST(OcEventsLine, EveryReaderReadsThemBack) {
    const std::string line = sample_line(with_counters());
    for (SampleReader reader : {SampleReader::simdjson, SampleReader::nlohmann}) {
        if (!has_sample_reader(reader)) continue;
        SCOPED_TRACE(static_cast<int>(reader));
        SampleLineParser parser(SampleFields::all, reader);
        Sample got;
        ASSERT_EQ(parser.parse_unpadded(line, got), SampleLineParser::Result::sample)
            << parser.error();
        ASSERT_EQ(got.oc_events.size(), 3u);
        EXPECT_EQ(got.oc_events[0].name, "oc1");
        EXPECT_EQ(got.oc_events[0].kind, "under-voltage");
        EXPECT_EQ(got.oc_events[0].events, 0);
        EXPECT_EQ(got.oc_events[0].throttle_enabled, true);
        EXPECT_FALSE(got.oc_events[1].events);
        EXPECT_FALSE(got.oc_events[1].events_per_s);
        EXPECT_EQ(got.oc_events[1].throttle_enabled, false);
        EXPECT_EQ(got.oc_events[2].events, 27404);
        EXPECT_DOUBLE_EQ(*got.oc_events[2].events_per_s, 1.4);
        EXPECT_FALSE(got.oc_events[2].throttle_enabled);
    }
}

}  // namespace
}  // namespace edgetop::testing::oc_line
