// Streaming summary of one metric (CPU %, GPU load, rail mW, sampling interval, ...): count,
// mean, exact min and max, and quantiles from a QuantileSketch, so memory stays bounded however
// long the session is. Quantiles are within the sketch's relative accuracy (1 % by default) of
// the exact nearest-rank value, and always inside [min, max].
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/stats_sketch.hpp"

namespace edgetop::analysis {

struct CdfPoint {
    double fraction = 0;  // 0.1 .. 1.0
    double value = 0;     // the metric value at or below which that fraction of the weight lies
};

class Summary {
  public:
    explicit Summary(double relative_accuracy = 0.01);

    // weight 1 per sample, or the sample's interval for a time-weighted view.
    void add(double value, double weight = 1);
    // An absent reading (or NaN/inf) is counted as missing, never as a value.
    void add(const std::optional<double>& value, double weight = 1);

    uint64_t count() const { return count_; }
    uint64_t missing() const { return missing_; }
    double total_weight() const { return sketch_.total_weight(); }
    std::optional<double> mean() const;
    std::optional<double> min() const { return min_; }
    std::optional<double> max() const { return max_; }
    std::optional<double> quantile(double q) const;
    std::optional<double> p50() const { return quantile(0.5); }
    std::optional<double> p90() const { return quantile(0.9); }
    std::optional<double> p99() const { return quantile(0.99); }
    // Value at 10 %, 20 %, ... 100 % by default; empty when there are no values.
    std::vector<CdfPoint> cdf(const std::vector<double>& fractions = default_fractions()) const;
    // Share of the weight at or below x ("time spent with GPU load <= 40 %").
    std::optional<double> fraction_at_or_below(double x) const;
    double relative_accuracy() const { return sketch_.relative_accuracy(); }

    static std::vector<double> default_fractions();

  private:
    QuantileSketch sketch_;
    uint64_t count_ = 0, missing_ = 0;
    double weighted_sum_ = 0;
    std::optional<double> min_, max_;
};

}  // namespace edgetop::analysis
