#include "report/html/min_max_decimator.hpp"

#include <algorithm>
#include <cmath>

namespace edgetop::html {

namespace {
// The narrowest bucket: samples with (nearly) the same timestamp share one.
constexpr double kMinWidthS = 1e-6;
}  // namespace

MinMaxDecimator::MinMaxDecimator(std::size_t columns)
    : columns_(std::max<std::size_t>(columns, 1)) {
    buckets_.reserve(2 * columns_ + 1);
}

int64_t MinMaxDecimator::index_of(double t_s) const {
    double index = std::floor((t_s - origin_s_) / width_s_);
    return static_cast<int64_t>(std::clamp(index, -1e15, 1e15));
}

void MinMaxDecimator::merge(Bucket& into, const Bucket& from) const {
    if (from.low.value < into.low.value) into.low = from.low;
    if (from.high.value > into.high.value) into.high = from.high;
    into.count += from.count;
}

void MinMaxDecimator::regroup() {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < buckets_.size(); ++i) {
        Bucket b = buckets_[i];
        // A timestamp that went back (a clock step) stays in the bucket before it.
        b.index = kept == 0 ? index_of(b.first_t_s)
                            : std::max(index_of(b.first_t_s), buckets_[kept - 1].index);
        if (kept > 0 && b.index == buckets_[kept - 1].index)
            merge(buckets_[kept - 1], b);
        else
            buckets_[kept++] = b;
    }
    buckets_.resize(kept);
}

void MinMaxDecimator::add(double t_s, std::optional<double> value) {
    if (!value || !std::isfinite(*value) || !std::isfinite(t_s)) {
        pending_break_ = !buckets_.empty();
        return;
    }
    ++values_;
    min_ = min_ ? std::min(*min_, *value) : *value;
    max_ = max_ ? std::max(*max_, *value) : *value;
    if (buckets_.empty()) origin_s_ = t_s;
    PlotPoint point{t_s, *value, false};
    if (width_s_ > 0 && !buckets_.empty()) {
        int64_t index = std::max(index_of(t_s), buckets_.back().index);
        if (index == buckets_.back().index) {
            merge(buckets_.back(), Bucket{index, t_s, point, point, 1, false});
            pending_break_ = false;
            return;
        }
        buckets_.push_back({index, t_s, point, point, 1, pending_break_});
    } else {
        buckets_.push_back(
            {static_cast<int64_t>(buckets_.size()), t_s, point, point, 1, pending_break_});
    }
    pending_break_ = false;
    if (buckets_.size() <= 2 * columns_) return;
    if (width_s_ == 0)
        width_s_ = std::max((t_s - origin_s_) / static_cast<double>(columns_), kMinWidthS);
    else
        width_s_ *= 2;
    regroup();
    while (buckets_.size() > 2 * columns_) {  // timestamps that went back can leave too many
        width_s_ *= 2;
        regroup();
    }
}

std::vector<PlotPoint> MinMaxDecimator::points() const {
    std::vector<PlotPoint> out;
    out.reserve(2 * buckets_.size());
    for (const auto& b : buckets_) {
        bool starts = b.starts_segment;
        if (b.count == 1 || (b.low.t_s == b.high.t_s && b.low.value == b.high.value)) {
            out.push_back({b.low.t_s, b.low.value, starts});
            continue;
        }
        PlotPoint first = b.low.t_s <= b.high.t_s ? b.low : b.high;
        PlotPoint second = b.low.t_s <= b.high.t_s ? b.high : b.low;
        first.starts_segment = starts;
        second.starts_segment = false;
        out.push_back(first);
        out.push_back(second);
    }
    return out;
}

}  // namespace edgetop::html
