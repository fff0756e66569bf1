// What /metrics answers with: the exposition of the latest sample, serialized by the sampling
// thread and swapped in whole. A scrape takes a pointer to it under a short lock and never reads
// a sensor nor serializes, so any number of scrapers costs no extra sampling.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "exporter/exposition.hpp"
#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

class LatestMetrics {
  public:
    // Serializes `families` on the calling thread, then makes them the answer of later scrapes.
    void publish(const Families& families);
    // The latest exposition (empty before the first publish); it stays valid while held.
    std::shared_ptr<const Exposition> current() const;

  private:
    mutable std::mutex mutex_;
    std::shared_ptr<const Exposition> latest_ = std::make_shared<const Exposition>(Families{});
};

}  // namespace edgetop::exporter
