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
    std::string& kept = target->line;
    // A slot keeps its memory for the next line that fits. One that does not fit gets a new
    // string with 1/16 to spare: growing the old one would double it (libstdc++'s growth), and
    // with lines that vary by a few hundred bytes every slot would end up twice its line's size.
    // One that holds more than twice its line (a process list that went away) is given it back.
    if (line.size() > kept.capacity() || kept.capacity() > 2 * line.size() + 4096) {
        std::string fresh;
        fresh.reserve(line.size() + line.size() / 16);
        fresh.assign(line);
        kept.swap(fresh);
    } else {
        kept.assign(line);
    }
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
