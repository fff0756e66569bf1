// The bodies that scrapes of one sample are answered with: its families serialized once, in the
// Prometheus text format 0.0.4 and in OpenMetrics 1.0.0. A gzip copy of a body is made by the
// first scrape that asks for it and then shared by every later one, so a sample nobody scrapes
// with gzip costs no compression.
#pragma once

#include <array>
#include <mutex>
#include <string>
#include <vector>

#include "exporter/content_negotiation.hpp"
#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

class Exposition {
  public:
    // Serializes `families` in both formats (the caller's thread pays for it).
    explicit Exposition(const Families& families);
    Exposition(const Exposition&) = delete;
    Exposition& operator=(const Exposition&) = delete;

    const std::string& body(ExpositionFormat format) const;
    // The gzip stream of body(format); empty if compression failed (then send body(format)).
    const std::string& gzip_body(ExpositionFormat format) const;

  private:
    struct Body {
        std::string plain;
        mutable std::once_flag compressed;
        mutable std::string gzip;
    };
    const Body& of(ExpositionFormat format) const;

    std::array<Body, 2> bodies_;
};

}  // namespace edgetop::exporter
