// The over-current counters as Prometheus families: a counter per event, its throttle switch as a
// gauge, and no series for a count that could not be read.
#include <gtest/gtest.h>

#include "exporter/families.hpp"

namespace edgetop::exporter::oc_metrics {
namespace {

const MetricFamily* family(const Families& all, const std::string& name) {
    for (const auto& f : all)
        if (f.name == name) return &f;
    return nullptr;
}

std::optional<double> value_of(const MetricFamily& f, const std::string& event) {
    for (const auto& s : f.series)
        for (const auto& label : s.labels)
            if (label.name == "event" && label.value == event) return s.value;
    return std::nullopt;
}

TEST(OcEventsMetrics, CountsAreCountersAndThrottleIsAGauge) {
    Sample sample;
    sample.oc_events.push_back({"oc1", "under-voltage", 0, 0.0, true});
    sample.oc_events.push_back({"oc2", "average over-current", std::nullopt, std::nullopt, false});
    sample.oc_events.push_back({"oc3", "instantaneous over-current", 27404, 1.4, true});
    Board board;
    std::vector<FlagCounter> flags;
    analysis::SessionEnergy energy;
    const Families all = build_all_families({board, sample, flags, energy});

    const MetricFamily* events = family(all, "edgetop_oc_events_total");
    ASSERT_TRUE(events);
    EXPECT_EQ(events->type, MetricType::Counter);
    ASSERT_EQ(events->series.size(), 2u) << "an unreadable count is no series";
    EXPECT_EQ(value_of(*events, "oc3"), 27404);
    EXPECT_EQ(value_of(*events, "oc1"), 0);
    EXPECT_FALSE(value_of(*events, "oc2"));

    const MetricFamily* throttle = family(all, "edgetop_oc_throttle_enabled");
    ASSERT_TRUE(throttle);
    EXPECT_EQ(throttle->type, MetricType::Gauge);
    EXPECT_EQ(value_of(*throttle, "oc2"), 0);
    EXPECT_EQ(value_of(*throttle, "oc3"), 1);
}

TEST(OcEventsMetrics, ABoardWithoutTheHwmonHasNoSeries) {
    Sample sample;
    Board board;
    std::vector<FlagCounter> flags;
    analysis::SessionEnergy energy;
    const Families all = build_all_families({board, sample, flags, energy});
    const MetricFamily* events = family(all, "edgetop_oc_events_total");
    ASSERT_TRUE(events);
    EXPECT_TRUE(events->series.empty());
}

}  // namespace
}  // namespace edgetop::exporter::oc_metrics
