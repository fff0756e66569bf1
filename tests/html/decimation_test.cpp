#include <gtest/gtest.h>

#include <cmath>

#include "report/html/flag_spans.hpp"
#include "report/html/min_max_decimator.hpp"

namespace edgetop::html {
namespace {

TEST(MinMaxDecimator, FewSamplesArePlottedAsTheyAre) {
    MinMaxDecimator d(100);
    for (int i = 0; i < 200; ++i)
        d.add(i * 0.5, 10 + (i % 7));
    auto points = d.points();
    ASSERT_EQ(points.size(), 200u);
    for (int i = 0; i < 200; ++i) {
        EXPECT_DOUBLE_EQ(points[i].t_s, i * 0.5);
        EXPECT_DOUBLE_EQ(points[i].value, 10 + (i % 7));
    }
}

TEST(MinMaxDecimator, ManySamplesStayBoundedAndKeepPeaksAndDips) {
    const std::size_t columns = 100;
    MinMaxDecimator d(columns);
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
        double v = 50 + 20 * std::sin(i * 0.001);
        if (i == 123457) v = 999;  // one spike
        if (i == 77777) v = -5;    // one dip
        d.add(i * 0.01, v);
        ASSERT_LE(d.buckets(), 2 * columns);
    }
    auto points = d.points();
    EXPECT_LE(points.size(), 4 * columns);
    EXPECT_GE(points.size(), columns);  // buckets at most one column wide
    bool spike = false, dip = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
        spike |= points[i].value == 999;
        dip |= points[i].value == -5;
        if (i > 0) {
            EXPECT_LE(points[i - 1].t_s, points[i].t_s);
        }
    }
    EXPECT_TRUE(spike);
    EXPECT_TRUE(dip);
    EXPECT_EQ(d.values(), static_cast<uint64_t>(n));
    EXPECT_EQ(d.max(), 999);
    EXPECT_EQ(d.min(), -5);
    EXPECT_DOUBLE_EQ(points.front().t_s, 0);
    EXPECT_DOUBLE_EQ(points.back().t_s, (n - 1) * 0.01);
}

TEST(MinMaxDecimator, AMissingReadingBreaksTheLine) {
    MinMaxDecimator d(100);
    d.add(0, 1);
    d.add(1, 2);
    d.add(2, std::nullopt);
    d.add(3, NAN);
    d.add(4, 5);
    auto points = d.points();
    ASSERT_EQ(points.size(), 3u);
    EXPECT_FALSE(points[1].starts_segment);
    EXPECT_TRUE(points[2].starts_segment);
    EXPECT_EQ(d.values(), 3u);
}

TEST(MinMaxDecimator, TimestampsThatGoBackOrRepeatStayBounded) {
    MinMaxDecimator d(10);
    for (int i = 0; i < 5000; ++i)
        d.add(i % 3 == 0 ? 0 : i * 0.1 - (i % 2) * 50, i);
    EXPECT_LE(d.buckets(), 20u);
    MinMaxDecimator same(10);
    for (int i = 0; i < 5000; ++i)
        same.add(7, i);
    EXPECT_LE(same.buckets(), 20u);
    EXPECT_EQ(same.max(), 4999);
}

TEST(FlagSpans, RaiseAndClearMakeSpansClosedAtTheEnd) {
    FlagSpans spans(100);
    spans.raise("gpu_idle", 1);
    spans.raise("gpu_idle", 1.5);  // already up: ignored
    spans.clear("gpu_idle", 3);
    spans.clear("gpu_idle", 3.5);  // already down: ignored
    spans.raise("thermal", 2);
    spans.raise("gpu_idle", 5);
    auto flags = spans.finish(10);
    ASSERT_EQ(flags.size(), 2u);
    EXPECT_EQ(flags[0].id, "gpu_idle");
    ASSERT_EQ(flags[0].spans.size(), 2u);
    EXPECT_DOUBLE_EQ(flags[0].spans[0].from_s, 1);
    EXPECT_DOUBLE_EQ(flags[0].spans[0].to_s, 3);
    EXPECT_DOUBLE_EQ(flags[0].spans[1].from_s, 5);
    EXPECT_DOUBLE_EQ(flags[0].spans[1].to_s, 10);
    EXPECT_EQ(flags[1].id, "thermal");
    EXPECT_DOUBLE_EQ(flags[1].spans.at(0).to_s, 10);
}

TEST(FlagSpans, AFlappingFlagStaysBoundedAndCoversTheSameTime) {
    FlagSpans spans(50);
    for (int i = 0; i < 100000; ++i) {
        spans.raise("flap", i * 1.0);
        spans.clear("flap", i * 1.0 + 0.5);
    }
    auto flags = spans.finish(200000);
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_LE(flags[0].spans.size(), 101u);
    EXPECT_DOUBLE_EQ(flags[0].spans.front().from_s, 0);
    EXPECT_DOUBLE_EQ(flags[0].spans.back().to_s, 99999.5);
}

TEST(FlagSpans, ThousandsOfFlagNamesAreCountedNotKept) {
    FlagSpans spans(50);
    for (int i = 0; i < 1000; ++i)
        spans.raise("flag" + std::to_string(i), i);
    EXPECT_EQ(spans.finish(2000).size(), FlagSpans::kMaxFlags);
    EXPECT_EQ(spans.dropped_flags(), 1000 - FlagSpans::kMaxFlags);
}

}  // namespace
}  // namespace edgetop::html
