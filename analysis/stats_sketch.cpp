#include "analysis/stats_sketch.hpp"

#include <algorithm>
#include <cmath>

namespace edgetop::analysis {
namespace {

// Magnitudes below this are recorded as exactly zero (well under any unit edgetop reports).
constexpr double kZeroBelow = 1e-9;

}  // namespace

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
        positive_[bucket_of(magnitude)] += weight;
    else
        negative_[bucket_of(magnitude)] += weight;
    collapse_if_needed();
}

void QuantileSketch::collapse_if_needed() {
    while (bucket_count() > max_buckets_) {
        auto& side = positive_.size() >= 2 ? positive_ : negative_;
        if (side.size() < 2) return;
        // Positive side: merge the smallest value's bucket upwards. Negative side: the smallest
        // magnitudes are the ones closest to zero, merged the same way.
        auto first = side.begin();
        std::next(first)->second += first->second;
        side.erase(first);
        collapsed_ = true;
    }
}

std::optional<double> QuantileSketch::quantile(double q) const {
    if (total_weight_ <= 0) return std::nullopt;
    q = std::clamp(q, 0.0, 1.0);
    // Floating sums of weights must not miss a rank by one ulp.
    const double target = q * total_weight_ * (1 - 1e-12);
    double cumulative = 0;
    std::optional<double> last;
    for (auto it = negative_.rbegin(); it != negative_.rend(); ++it) {
        cumulative += it->second;
        last = -representative(it->first);
        if (cumulative >= target) return last;
    }
    if (zero_ > 0) {
        cumulative += zero_;
        last = 0.0;
        if (cumulative >= target) return last;
    }
    for (const auto& [bucket, weight] : positive_) {
        cumulative += weight;
        last = representative(bucket);
        if (cumulative >= target) return last;
    }
    return last;
}

std::optional<double> QuantileSketch::fraction_at_or_below(double x) const {
    if (total_weight_ <= 0) return std::nullopt;
    double below = 0;
    for (const auto& [bucket, weight] : negative_)
        if (-representative(bucket) <= x) below += weight;
    if (x >= 0) below += zero_;
    for (const auto& [bucket, weight] : positive_)
        if (representative(bucket) <= x) below += weight;
    return below / total_weight_;
}

}  // namespace edgetop::analysis
