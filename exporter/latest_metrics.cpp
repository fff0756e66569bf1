#include "exporter/latest_metrics.hpp"

namespace edgetop::exporter {

void LatestMetrics::publish(const Families& families) {
    std::shared_ptr<const Exposition> fresh = std::make_shared<const Exposition>(families);
    std::lock_guard lock(mutex_);
    latest_.swap(fresh);
    // `fresh` now holds the previous exposition; it is freed after the lock is released (a
    // scrape still writing it keeps it alive).
}

std::shared_ptr<const Exposition> LatestMetrics::current() const {
    std::lock_guard lock(mutex_);
    return latest_;
}

}  // namespace edgetop::exporter
