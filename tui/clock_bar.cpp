// A clock against its power-mode cap and the hardware maximum, shared by the CPU and GPU pages.
#include <algorithm>

#include "tui/pages.hpp"

namespace edgetop::tui {

void clock_bar(const Canvas& c, int y, int x, std::optional<int64_t> freq,
               std::optional<int64_t> cap, std::optional<int64_t> hw_max) {
    constexpr int kMinBar = 8;
    int w = std::min(c.width() - x, 32);
    if (w < kMinBar || !freq || !hw_max || *hw_max <= 0) return;
    c.bar(y, x, w, static_cast<double>(*freq) / static_cast<double>(*hw_max),
          clock_level(freq, cap, hw_max), cap_fraction(cap, hw_max));
}

}  // namespace edgetop::tui
