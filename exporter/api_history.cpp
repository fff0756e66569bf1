#include "exporter/api_history.hpp"

#include <algorithm>

namespace edgetop::exporter {

SampleHistory::SampleHistory(size_t capacity) : slots_(std::max<size_t>(capacity, 1)) {}

void SampleHistory::add(int64_t t_us, std::string_view line) {
    if (count_ > 0 && t_us <= slot(count_ - 1).t_us) return;
    Slot* target = nullptr;
    if (count_ < slots_.size()) {
        target = &slots_[(first_ + count_) % slots_.size()];
        ++count_;
    } else {
        target = &slots_[first_];
        first_ = (first_ + 1) % slots_.size();
    }
    target->t_us = t_us;
    target->line.assign(line);  // reuses the slot's memory when it is large enough
}

std::optional<int64_t> SampleHistory::newest_t_us() const {
    if (count_ == 0) return std::nullopt;
    return slot(count_ - 1).t_us;
}

std::optional<int64_t> SampleHistory::oldest_t_us() const {
    if (count_ == 0) return std::nullopt;
    return slot(0).t_us;
}

size_t SampleHistory::memory_bytes() const {
    size_t bytes = slots_.capacity() * sizeof(Slot);
    for (const auto& s : slots_)
        bytes += s.line.capacity();
    return bytes;
}

}  // namespace edgetop::exporter
