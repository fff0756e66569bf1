// The time spans during which each flag was active, from its raise and clear events, kept in
// bounded memory: once a flag has more than 2 x columns spans, spans closer than a growing gap
// (at least one plot column) are joined, so a flag that flaps a million times still draws as a
// few hundred rectangles covering the same time.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace edgetop::html {

struct TimeSpan {
    double from_s = 0, to_s = 0;
};

struct FlagTimeline {
    std::string id;
    std::vector<TimeSpan> spans;
    std::optional<double> open_since_s;  // raised and not yet cleared
    double join_gap_s = 0;               // spans closer than this are joined
};

class FlagSpans {
  public:
    // Flags beyond this many (a file naming thousands) are counted, not drawn.
    static constexpr std::size_t kMaxFlags = 32;

    explicit FlagSpans(std::size_t columns) : columns_(columns) {}

    // A raise of a flag already up, or a clear of one that is down, is ignored.
    void raise(const std::string& id, double t_s);
    void clear(const std::string& id, double t_s);
    // Closes the spans still open at end_s; flags in order of first raise.
    std::vector<FlagTimeline> finish(double end_s) const;
    std::size_t dropped_flags() const { return dropped_; }

  private:
    FlagTimeline* find(const std::string& id, bool create);
    void add_span(FlagTimeline& flag, TimeSpan span) const;

    std::size_t columns_;
    std::vector<FlagTimeline> flags_;
    std::size_t dropped_ = 0;
};

}  // namespace edgetop::html
