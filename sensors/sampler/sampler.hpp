// Owns every source, fills one Sample per tick, re-discovers missing sources at a slow rate.
#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "sensors/core/source.hpp"

namespace edgetop {

class Sampler {
  public:
    // Discovers every source under root. The session clock starts now.
    explicit Sampler(Root root, std::chrono::seconds rediscover_every = std::chrono::seconds(5));
    // For tests: a sampler over the given sources only.
    Sampler(Root root, std::vector<SourcePtr> sources,
            std::chrono::seconds rediscover_every = std::chrono::seconds(5));

    // Polls every source and derives rates against the previous sample.
    const Sample& sample();
    const Board& board() const { return board_; }
    const Root& root() const { return root_; }
    std::vector<SourceStatus> status() const;
    const std::optional<Sample>& previous() const { return previous_; }

  private:
    void discover_missing(bool first);

    Root root_;
    std::vector<SourcePtr> sources_;
    std::vector<bool> found_;
    Board board_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_discovery_;
    std::chrono::seconds rediscover_every_;
    std::optional<Sample> previous_;
    Sample current_;
    bool has_current_ = false;
};

std::vector<SourcePtr> make_all_sources(const Root& root);

}  // namespace edgetop
