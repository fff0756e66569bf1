// A first-in first-out queue of samples whose slots are reused: a popped slot keeps its Sample,
// lists and all, for a later push to refill in place. Samples are neither moved nor freed line
// after line; the slots grow only when more samples wait at once than ever before.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop {

class SampleQueue {
  public:
    std::size_t size() const { return size_; }
    Sample& operator[](std::size_t index) {
        std::size_t at = head_ + index;
        if (at >= slots_.size()) at -= slots_.size();
        return slots_[at];
    }
    Sample& front() { return (*this)[0]; }
    Sample& back() { return (*this)[size_ - 1]; }

    // A new last slot, holding whatever Sample it held before: the caller overwrites it whole.
    Sample& push_back() {
        if (size_ == slots_.size()) grow();
        ++size_;
        return back();
    }
    void pop_back() { --size_; }
    void pop_front() {
        if (++head_ == slots_.size()) head_ = 0;
        --size_;
    }

  private:
    void grow() {
        std::rotate(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(head_),
                    slots_.end());
        head_ = 0;
        slots_.resize(std::max<std::size_t>(4, slots_.size() * 2));
    }

    std::vector<Sample> slots_;
    std::size_t head_ = 0, size_ = 0;
};

}  // namespace edgetop
