// A bounded-memory quantile sketch with a guaranteed relative error (the DDSketch idea, Masson et
// al., VLDB 2019): a value v > 0 falls into bucket i = ceil(log_g v) with g = (1+a)/(1-a), which
// covers (g^(i-1), g^i]; answering with 2 g^i / (g+1) is within a relative error a of every value
// of that bucket. Negative values mirror the positive side, zero has its own exact bucket.
//
// Error bound: quantile(q) is within relative `relative_accuracy` of the exact nearest-rank
// quantile (the smallest recorded value whose cumulative weight reaches q of the total), as long
// as no buckets were collapsed. Memory: at most max_buckets buckets; at 1 % accuracy, values from
// 0.001 to 1e9 need about 1040. Past the limit the lowest positive buckets are merged upwards, so
// only the smallest values lose accuracy.
//
// Hand-written because it is about a hundred lines and no packaged C++ sketch library exists on
// the distributions edgetop builds on.
#pragma once

#include <cstddef>
#include <map>
#include <optional>

namespace edgetop::analysis {

class QuantileSketch {
  public:
    explicit QuantileSketch(double relative_accuracy = 0.01, std::size_t max_buckets = 2048);

    // Weight is typically 1 (per sample) or the interval length (time-weighted). Non-finite values
    // and non-positive weights are ignored.
    void add(double value, double weight = 1);

    double relative_accuracy() const { return alpha_; }
    double total_weight() const { return total_weight_; }
    std::size_t bucket_count() const { return positive_.size() + negative_.size() + (zero_ > 0); }
    bool collapsed() const { return collapsed_; }

    // q in [0, 1]; nullopt when empty.
    std::optional<double> quantile(double q) const;
    // Share of the weight at or below x; values within relative 2a of x may land on either side.
    std::optional<double> fraction_at_or_below(double x) const;

  private:
    int bucket_of(double magnitude) const;
    double representative(int bucket) const;
    void collapse_if_needed();

    double alpha_, gamma_, log_gamma_;
    std::size_t max_buckets_;
    std::map<int, double> positive_, negative_;  // bucket index -> weight (negative: of |v|)
    double zero_ = 0;
    double total_weight_ = 0;
    bool collapsed_ = false;
};

}  // namespace edgetop::analysis
