// Fixed-capacity history of one value for the graphs; absent readings are stored as NaN (a gap).
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace edgetop::tui {

class History {
  public:
    explicit History(size_t capacity = 600) : values_(capacity > 0 ? capacity : 1) {}

    void push(std::optional<double> value) {
        values_[head_] = value && std::isfinite(*value) ? *value : kGap;
        head_ = (head_ + 1) % values_.size();
        if (size_ < values_.size()) ++size_;
    }
    size_t size() const { return size_; }
    size_t capacity() const { return values_.size(); }
    // i = 0 is the oldest value kept.
    double operator[](size_t i) const {
        return values_[(head_ + values_.size() - size_ + i) % values_.size()];
    }
    // The newest n values (fewer when fewer were pushed), oldest first.
    std::vector<double> last(size_t n) const {
        if (n > size_) n = size_;
        std::vector<double> out;
        out.reserve(n);
        for (size_t i = size_ - n; i < size_; ++i)
            out.push_back((*this)[i]);
        return out;
    }
    // The newest value, nullopt when none or a gap.
    std::optional<double> latest() const {
        if (size_ == 0 || std::isnan((*this)[size_ - 1])) return std::nullopt;
        return (*this)[size_ - 1];
    }
    // The largest value kept, or nullopt when every value is a gap.
    std::optional<double> max() const {
        std::optional<double> best;
        for (size_t i = 0; i < size_; ++i) {
            double v = (*this)[i];
            if (!std::isnan(v) && (!best || v > *best)) best = v;
        }
        return best;
    }

    static constexpr double kGap = std::numeric_limits<double>::quiet_NaN();

  private:
    std::vector<double> values_;
    size_t head_ = 0;
    size_t size_ = 0;
};

}  // namespace edgetop::tui
