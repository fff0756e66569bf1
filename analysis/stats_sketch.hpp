// A bounded-memory quantile sketch with a guaranteed relative error (the DDSketch idea, Masson et
// al., VLDB 2019): a value v > 0 falls into bucket i = ceil(log_g v) with g = (1+a)/(1-a), which
// covers (g^(i-1), g^i]; answering with 2 g^i / (g+1) is within a relative error a of every value
// of that bucket. Negative values mirror the positive side, zero has its own exact bucket.
//
// Error bound: quantile(q) is within relative `relative_accuracy` of the exact nearest-rank
// quantile (the smallest recorded value whose cumulative weight reaches q of the total), as long
// as no buckets were collapsed. Memory: buckets are kept densely from the lowest index to the
// highest one used, at most max_buckets of them; at 1 % accuracy, values from 0.001 to 1e9 span
// about 1400. Past the limit the lowest positive buckets are merged upwards, so only the smallest
// values lose accuracy.
//
// Hand-written because it is about a hundred lines and no packaged C++ sketch library exists on
// the distributions edgetop builds on.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace edgetop::analysis {

// The weights of a run of consecutive bucket indices, from the lowest index used to the highest:
// adding is an index into an array, and walking them in order needs no sorting.
class BucketRange {
  public:
    void add(int bucket, double weight);
    std::size_t span() const { return weights_.size(); }
    // Moves the weight of the lowest bucket into the next one up (span() must be at least 2).
    void merge_lowest();
    // f(bucket, weight) for every bucket with weight, from the lowest index up / highest down.
    template <class F>
    void for_each_up(F&& f) const {
        for (std::size_t i = 0; i < weights_.size(); ++i)
            if (weights_[i] > 0) f(lowest_ + static_cast<int>(i), weights_[i]);
    }
    template <class F>
    void for_each_down(F&& f) const {
        for (std::size_t i = weights_.size(); i-- > 0;)
            if (weights_[i] > 0) f(lowest_ + static_cast<int>(i), weights_[i]);
    }

  private:
    int lowest_ = 0;
    std::vector<double> weights_;
};

class QuantileSketch {
  public:
    explicit QuantileSketch(double relative_accuracy = 0.01, std::size_t max_buckets = 2048);

    // Weight is typically 1 (per sample) or the interval length (time-weighted). Non-finite values
    // and non-positive weights are ignored.
    void add(double value, double weight = 1);

    double relative_accuracy() const { return alpha_; }
    double total_weight() const { return total_weight_; }
    std::size_t bucket_count() const { return positive_.span() + negative_.span() + (zero_ > 0); }
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
    BucketRange positive_, negative_;  // by bucket index (negative: of |v|)
    double zero_ = 0;
    double total_weight_ = 0;
    bool collapsed_ = false;
};

}  // namespace edgetop::analysis
