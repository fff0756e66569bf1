#include "analysis/stats_summary.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace edgetop::analysis {
namespace {

// The exact nearest-rank quantile: the smallest value with at least q of the values at or below.
double exact_quantile(std::vector<double> values, double q) {
    std::sort(values.begin(), values.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * values.size() - 1e-9));
    return values[std::max<std::size_t>(rank, 1) - 1];
}

void expect_within_bound(const Summary& summary, const std::vector<double>& values) {
    const double alpha = summary.relative_accuracy();
    for (double q : {0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999}) {
        const double exact = exact_quantile(values, q);
        const double estimate = summary.quantile(q).value();
        EXPECT_LE(std::abs(estimate - exact), alpha * std::abs(exact) + 1e-12)
            << "q=" << q << " exact=" << exact << " estimate=" << estimate;
    }
}

TEST(Summary, CountMeanMinMaxAreExact) {
    Summary s;
    for (double v : {12.5, 3.0, 97.25, 40.0})
        s.add(v);
    EXPECT_EQ(s.count(), 4u);
    EXPECT_DOUBLE_EQ(s.mean().value(), (12.5 + 3.0 + 97.25 + 40.0) / 4);
    EXPECT_EQ(s.min(), 3.0);
    EXPECT_EQ(s.max(), 97.25);
    EXPECT_EQ(s.quantile(0), 3.0);
    EXPECT_EQ(s.quantile(1), 97.25);
}

TEST(Summary, EmptyAndAbsentValues) {
    Summary s;
    EXPECT_FALSE(s.mean());
    EXPECT_FALSE(s.p50());
    EXPECT_TRUE(s.cdf().empty());
    EXPECT_FALSE(s.fraction_at_or_below(1));
    s.add(std::optional<double>{});
    s.add(std::nan(""));
    s.add(INFINITY);
    EXPECT_EQ(s.count(), 0u);
    EXPECT_EQ(s.missing(), 3u);
    EXPECT_FALSE(s.mean());  // absent is never 0
}

TEST(Summary, UniformIntegersWithinOnePercent) {
    std::vector<double> values;
    for (int i = 1; i <= 10000; ++i)
        values.push_back(i);
    std::shuffle(values.begin(), values.end(), std::mt19937(7));
    Summary s;
    for (double v : values)
        s.add(v);
    expect_within_bound(s, values);
    EXPECT_NEAR(s.p50().value(), 5000, 50);
    EXPECT_NEAR(s.p99().value(), 9900, 99);
}

TEST(Summary, HeavyTailedPowerReadingsWithinOnePercent) {
    // Log-normal around 5 W with a long tail, in mW: the shape of a rail under bursty load.
    std::mt19937 rng(42);
    std::lognormal_distribution<double> power(std::log(5000.0), 0.8);
    std::vector<double> values;
    Summary s;
    for (int i = 0; i < 50000; ++i) {
        values.push_back(power(rng));
        s.add(values.back());
    }
    expect_within_bound(s, values);
}

TEST(Summary, UtilisationPercentagesWithManyZerosAndHundreds) {
    // GPU load: idle (0 %) 60 % of the time, pegged (100 %) 30 %, the rest spread.
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> mid(0.1, 99.9);
    std::vector<double> values;
    Summary s;
    for (int i = 0; i < 10000; ++i) {
        const double v = i % 10 < 6 ? 0 : i % 10 < 9 ? 100 : mid(rng);
        values.push_back(v);
        s.add(v);
    }
    expect_within_bound(s, values);
    EXPECT_EQ(s.p50(), 0.0);
    EXPECT_EQ(s.p99(), 100.0);
}

TEST(Summary, NegativeValues) {
    std::vector<double> values;
    Summary s;
    for (int i = -500; i <= 1500; ++i) {
        values.push_back(i * 0.1);
        s.add(values.back());
    }
    expect_within_bound(s, values);
}

TEST(Summary, CoarserAccuracyHasItsOwnBound) {
    std::mt19937 rng(9);
    std::exponential_distribution<double> interval(1 / 0.5);
    std::vector<double> values;
    Summary s(0.05);
    for (int i = 0; i < 20000; ++i) {
        values.push_back(interval(rng));
        s.add(values.back());
    }
    expect_within_bound(s, values);
}

TEST(Summary, TimeWeightedValues) {
    // 10 % for 9 s, 100 % for 1 s: the mean over time is 19 %, and 90 % of the time is at 10 %.
    Summary s;
    s.add(10.0, 9.0);
    s.add(100.0, 1.0);
    EXPECT_DOUBLE_EQ(s.mean().value(), 19);
    EXPECT_NEAR(s.quantile(0.9).value(), 10, 0.1);
    EXPECT_EQ(s.quantile(0.95), 100.0);
    EXPECT_NEAR(s.fraction_at_or_below(40).value(), 0.9, 1e-12);
    EXPECT_EQ(s.total_weight(), 10);
}

TEST(Summary, CdfAtTenPercentSteps) {
    Summary s;
    for (int i = 1; i <= 100; ++i)
        s.add(i);
    const auto cdf = s.cdf();
    ASSERT_EQ(cdf.size(), 10u);
    for (std::size_t i = 0; i < cdf.size(); ++i) {
        EXPECT_NEAR(cdf[i].fraction, 0.1 * (i + 1), 1e-12);
        EXPECT_NEAR(cdf[i].value, 10.0 * (i + 1), 0.01 * 10.0 * (i + 1));
        if (i) {
            EXPECT_GE(cdf[i].value, cdf[i - 1].value);
        }
    }
    EXPECT_EQ(cdf.back().value, 100);
    EXPECT_NEAR(s.fraction_at_or_below(40).value(), 0.40, 0.011);
    EXPECT_EQ(s.fraction_at_or_below(0.5), 0.0);
    EXPECT_EQ(s.fraction_at_or_below(100), 1.0);
}

TEST(QuantileSketch, MemoryIsBoundedWhateverTheRange) {
    QuantileSketch sketch(0.01);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> exponent(-3, 9);
    for (int i = 0; i < 200000; ++i)
        sketch.add(std::pow(10, exponent(rng)));
    EXPECT_LE(sketch.bucket_count(), 1400u);  // ln(1e12) / ln(1.0202) ~ 1381
    EXPECT_FALSE(sketch.collapsed());
}

TEST(QuantileSketch, CollapsingKeepsTheUpperQuantilesAccurate) {
    QuantileSketch sketch(0.01, 64);
    std::vector<double> values;
    for (int i = 1; i <= 100000; ++i) {
        values.push_back(i);
        sketch.add(i);
    }
    EXPECT_TRUE(sketch.collapsed());
    EXPECT_LE(sketch.bucket_count(), 64u);
    for (double q : {0.9, 0.99}) {
        const double exact = exact_quantile(values, q);
        EXPECT_LE(std::abs(sketch.quantile(q).value() - exact), 0.01 * exact) << q;
    }
}

TEST(QuantileSketch, IgnoresNonFiniteValuesAndBadWeights) {
    QuantileSketch sketch;
    sketch.add(NAN);
    sketch.add(5, 0);
    sketch.add(5, -1);
    sketch.add(5, NAN);
    EXPECT_EQ(sketch.total_weight(), 0);
    EXPECT_FALSE(sketch.quantile(0.5));
    sketch.add(0);
    EXPECT_EQ(sketch.quantile(0.5), 0.0);
}

}  // namespace
}  // namespace edgetop::analysis
