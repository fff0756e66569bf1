// The cooling-device panel of the Power page: each thermal cooling device's state against its
// highest; a CPU or GPU device above 0 is the kernel lowering clocks.
#include <fmt/format.h>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {

void draw_cooling(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Cooling devices", "state / max");
    if (s.cooling.empty()) {
        c.text(1, 0, "n/a: no cooling device found", Style::dim);
        return;
    }
    int count = static_cast<int>(s.cooling.size());
    int shown = items_shown(count, c.height() - 1);
    if (shown < count)
        c.text(1 + shown, 0, more_items(count - shown, "cooling devices"), Style::dim);
    int y = 1;
    for (const auto& d : s.cooling) {
        if (y - 1 >= shown) break;
        const std::string state = d.state ? std::to_string(*d.state) : std::string(text::kAbsent);
        const std::string max = d.max_state ? std::to_string(*d.max_state) : text::kAbsent;
        c.text(y, 0, d.name, Style::label);
        c.text(y, 18, fmt::format("{} / {}", state, max),
               !d.state ? Style::dim : (*d.state > 0 ? Style::warn : Style::normal));
        ++y;
    }
}

}  // namespace edgetop::tui
