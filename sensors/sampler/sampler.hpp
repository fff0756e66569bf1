// Owns every source, fills one Sample per tick, and every few seconds discovers again the sources
// whose files changed (a hwmon chip, thermal zone or CPU that came or went) and those that found
// nothing.
#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"
#include "sensors/core/source.hpp"
#include "sensors/core/source_layout.hpp"

namespace edgetop {

// How often sample() looks for sources that came or went. A look costs about two samples
// (bench/README.md: a readdir per glob and a stat per directory the sources read from), so it
// waits for kSamplesBetweenLooks samples as well as kRediscoverEvery: at the default one sample a
// second a new source is in the samples at most 4 s after it appears and sampling costs about half
// as much again; sampling fast, the look comes every 2 s; sampling slowly, at least every 10 s.
inline constexpr std::chrono::milliseconds kRediscoverEvery{2000};
inline constexpr int kSamplesBetweenLooks = 4;
inline constexpr std::chrono::milliseconds kRediscoverAtLeastEvery{10000};

// When sample() looks: after `every` and `samples_between` samples, or after at_least_every.
struct Rediscovery {
    std::chrono::milliseconds every = kRediscoverEvery;
    int samples_between = kSamplesBetweenLooks;
    std::chrono::milliseconds at_least_every = kRediscoverAtLeastEvery;
};

class Sampler {
  public:
    // Discovers every source under root. The session clock starts now.
    explicit Sampler(Root root, Rediscovery rediscovery = {});
    // For tests: a sampler over the given sources only.
    Sampler(Root root, std::vector<SourcePtr> sources, Rediscovery rediscovery = {});

    // Polls every source and derives rates against the previous sample.
    const Sample& sample();
    // The same, as if it were `now` (tests that need their rates exact pass their own clock).
    const Sample& sample(std::chrono::steady_clock::time_point now);
    // When the session clock started (t = 0).
    std::chrono::steady_clock::time_point started() const { return start_; }
    const Board& board() const { return board_; }
    const Root& root() const { return root_; }
    std::vector<SourceStatus> status() const;
    const std::optional<Sample>& previous() const { return previous_; }

    // Discovers again each source whose layout changed, and each that found nothing without
    // looking under the root (sample() calls it as its Rediscovery says). Returns how many found
    // something, or lost what they had found, by it.
    std::size_t rediscover();
    // The globs and paths one rediscover() looks at, over all sources.
    std::size_t layout_size() const;

  private:
    bool discover(std::size_t i);

    Root root_;
    std::vector<SourcePtr> sources_;
    std::vector<bool> found_;
    std::vector<SourceLayout> layouts_;
    Board board_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_discovery_;
    Rediscovery rediscovery_;
    int samples_since_look_ = 0;
    std::optional<Sample> previous_;
    Sample current_;
    bool has_current_ = false;
};

std::vector<SourcePtr> make_all_sources(const Root& root);

}  // namespace edgetop
