// The over-current counters of a recorded Orin Nano reach the session file and the CSV export.
#include <gtest/gtest.h>

#include "export/export_test_support.hpp"

namespace edgetop::testing::oc_export {
namespace {

using nlohmann::json;
using session_export::Format;

TEST(OcEventsExport, RecordedOrinNanoCarriesItsCountersToTheSessionAndTheCsv) {
    TempDir tmp;
    const std::string session = record_fixture(tmp, "nano.jsonl", "orin-nano", 2);
    std::vector<json> samples;
    for (const auto& line : parse_lines(read_lines(session)))
        if (line["type"] == "sample") samples.push_back(line);
    ASSERT_EQ(samples.size(), 2u);
    const json& first = samples[0]["oc_events"];
    ASSERT_EQ(first.size(), 3u);
    EXPECT_EQ(first[2], json({{"name", "oc3"},
                              {"kind", "instantaneous over-current"},
                              {"events", 27390},
                              {"events_per_s", nullptr},
                              {"throttle_enabled", true}}));
    EXPECT_EQ(samples[1]["oc_events"][2]["events_per_s"], 0);  // the tree does not change

    auto rows = parse_csv(export_files({session}, Format::csv).text);
    ASSERT_EQ(rows.size(), 3u);
    const auto& header = rows[0];
    EXPECT_EQ(rows[1][column(header, "oc3_events")], "27390");
    EXPECT_EQ(rows[1][column(header, "oc1_kind")], "under-voltage");
    EXPECT_EQ(rows[1][column(header, "oc2_throttle_enabled")], "true");
    EXPECT_EQ(rows[1][column(header, "oc3_events_per_s")], "");
    EXPECT_EQ(rows[2][column(header, "oc3_events_per_s")], "0");
}

}  // namespace
}  // namespace edgetop::testing::oc_export
