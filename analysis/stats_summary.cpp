#include "analysis/stats_summary.hpp"

#include <algorithm>
#include <cmath>

namespace edgetop::analysis {

Summary::Summary(double relative_accuracy) : sketch_(relative_accuracy) {}

void Summary::add(double value, double weight) {
    if (!std::isfinite(value)) {
        ++missing_;
        return;
    }
    if (!std::isfinite(weight) || weight <= 0) return;
    ++count_;
    weighted_sum_ += value * weight;
    min_ = min_ ? std::min(*min_, value) : value;
    max_ = max_ ? std::max(*max_, value) : value;
    sketch_.add(value, weight);
}

void Summary::add(const std::optional<double>& value, double weight) {
    if (value)
        add(*value, weight);
    else
        ++missing_;
}

std::optional<double> Summary::mean() const {
    if (sketch_.total_weight() <= 0) return std::nullopt;
    return weighted_sum_ / sketch_.total_weight();
}

std::optional<double> Summary::quantile(double q) const {
    auto value = sketch_.quantile(q);
    if (!value) return std::nullopt;
    if (q <= 0) return min_;
    if (q >= 1) return max_;
    return std::clamp(*value, *min_, *max_);
}

std::vector<CdfPoint> Summary::cdf(const std::vector<double>& fractions) const {
    std::vector<CdfPoint> points;
    for (double f : fractions)
        if (auto value = quantile(f)) points.push_back({f, *value});
    return points;
}

std::optional<double> Summary::fraction_at_or_below(double x) const {
    if (!min_) return std::nullopt;
    if (x < *min_) return 0.0;
    if (x >= *max_) return 1.0;
    return sketch_.fraction_at_or_below(x);
}

std::vector<double> Summary::default_fractions() {
    return {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
}

}  // namespace edgetop::analysis
