#include "analysis/stats_sketch.hpp"

#include <algorithm>
#include <cmath>

namespace edgetop::analysis {
namespace {

// Magnitudes below this are recorded as exactly zero (well under any unit edgetop reports).
constexpr double kZeroBelow = 1e-9;

}  // namespace

void BucketRange::add(int bucket, double weight) {
    if (weights_.empty()) {
        lowest_ = bucket;
        weights_.push_back(weight);
        return;
    }
    if (bucket < lowest_) {
        weights_.insert(weights_.begin(), static_cast<std::size_t>(lowest_ - bucket), 0.0);
        lowest_ = bucket;
    }
    auto index = static_cast<std::size_t>(bucket - lowest_);
    if (index >= weights_.size()) weights_.resize(index + 1, 0.0);
    weights_[index] += weight;
}

void BucketRange::merge_lowest() {
    weights_[1] += weights_[0];
    weights_.erase(weights_.begin());
    ++lowest_;
}

QuantileSketch::QuantileSketch(double relative_accuracy, std::size_t max_buckets)
    : alpha_(std::clamp(relative_accuracy, 1e-6, 0.5)),
      gamma_((1 + alpha_) / (1 - alpha_)),
      log_gamma_(std::log(gamma_)),
      max_buckets_(std::max<std::size_t>(8, max_buckets)) {}

int QuantileSketch::bucket_of(double magnitude) const {
    return static_cast<int>(std::ceil(std::log(magnitude) / log_gamma_));
}

double QuantileSketch::representative(int bucket) const {
    return 2 * std::pow(gamma_, bucket) / (gamma_ + 1);
}

void QuantileSketch::add(double value, double weight) {
    if (!std::isfinite(value) || !std::isfinite(weight) || weight <= 0) return;
    total_weight_ += weight;
    const double magnitude = std::abs(value);
    if (magnitude < kZeroBelow)
        zero_ += weight;
    else if (value > 0)
        positive_.add(bucket_of(magnitude), weight);
    else
        negative_.add(bucket_of(magnitude), weight);
    collapse_if_needed();
}

void QuantileSketch::collapse_if_needed() {
    while (bucket_count() > max_buckets_) {
        auto& side = positive_.span() >= 2 ? positive_ : negative_;
        if (side.span() < 2) return;
        // Positive side: merge the smallest value's bucket upwards. Negative side: the smallest
        // magnitudes are the ones closest to zero, merged the same way.
        side.merge_lowest();
        collapsed_ = true;
    }
}

std::optional<double> QuantileSketch::quantile(double q) const {
    if (total_weight_ <= 0) return std::nullopt;
    q = std::clamp(q, 0.0, 1.0);
    // Floating sums of weights must not miss a rank by one ulp.
    const double target = q * total_weight_ * (1 - 1e-12);
    double cumulative = 0;
    std::optional<double> last, found;
    auto step = [&](double value, double weight) {
        if (found) return;
        cumulative += weight;
        last = value;
        if (cumulative >= target) found = value;
    };
    negative_.for_each_down(
        [&](int bucket, double weight) { step(-representative(bucket), weight); });
    if (zero_ > 0) step(0.0, zero_);
    positive_.for_each_up([&](int bucket, double weight) { step(representative(bucket), weight); });
    return found ? found : last;
}

std::optional<double> QuantileSketch::fraction_at_or_below(double x) const {
    if (total_weight_ <= 0) return std::nullopt;
    double below = 0;
    negative_.for_each_up([&](int bucket, double weight) {
        if (-representative(bucket) <= x) below += weight;
    });
    if (x >= 0) below += zero_;
    positive_.for_each_up([&](int bucket, double weight) {
        if (representative(bucket) <= x) below += weight;
    });
    return below / total_weight_;
}

}  // namespace edgetop::analysis
