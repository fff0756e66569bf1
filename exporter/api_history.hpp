// The last samples served, for /api/v1/samples?since=T: a ring of sample lines keyed by their time
// `t`, in whole microseconds (the line's own precision), so that a client that passes back the
// `t` it read gets exactly the samples after it. A fixed number of slots (serve --history over the
// interval); a slot keeps its string's memory when it is written over, with 1/16 to spare for
// lines a little longer, so the ring's memory stays near its lines' size once it has wrapped
// around. Not synchronised: ApiStore locks around it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop::exporter {

class SampleHistory {
  public:
    // capacity: the samples kept, 1 or more.
    explicit SampleHistory(size_t capacity);

    // Adds the sample taken at t_us; the oldest one goes when the ring is full. Times must
    // increase (a sample at or before the newest one is ignored).
    void add(int64_t t_us, std::string_view line);

    // Every sample after t_us, oldest first, passed to visit(t_us, line).
    template <class Visit>
    void for_each_after(int64_t t_us, Visit&& visit) const {
        size_t skipped = 0;  // the newest samples are the ones asked for: count back from them
        while (skipped < count_ && slot(count_ - 1 - skipped).t_us > t_us)
            ++skipped;
        for (size_t i = count_ - skipped; i < count_; ++i)
            visit(slot(i).t_us, std::string_view(slot(i).line));
    }

    std::optional<int64_t> newest_t_us() const;
    std::optional<int64_t> oldest_t_us() const;
    size_t size() const { return count_; }
    size_t capacity() const { return slots_.size(); }
    // The memory the lines hold (their strings' capacity) and the slots themselves.
    size_t memory_bytes() const;

  private:
    struct Slot {
        int64_t t_us = 0;
        std::string line;
    };
    // The i-th sample kept, 0 the oldest.
    const Slot& slot(size_t i) const { return slots_[(first_ + i) % slots_.size()]; }

    std::vector<Slot> slots_;
    size_t first_ = 0;  // the oldest sample's slot
    size_t count_ = 0;
};

}  // namespace edgetop::exporter
