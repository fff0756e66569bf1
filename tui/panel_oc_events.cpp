// The over-current panel of the Power page: each soctherm_oc counter (Orin, Thor) with its count
// since boot and its events per second; a counter that rises is the hardware lowering the CPU and
// GPU clocks right now.
#include <fmt/format.h>

#include <algorithm>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {

void draw_oc_events(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Over-current", "events  rate  throttle");
    if (s.oc_events.empty()) {
        c.text(1, 0, "n/a: no over-current counters (soctherm_oc)", Style::dim);
        return;
    }
    // "oc3 instantaneous over-current" and a space, shorter where the values would not fit.
    constexpr int kValuesWidth = 25;
    const int name_w = std::clamp(c.width() - kValuesWidth, 4, 32);
    int count = static_cast<int>(s.oc_events.size());
    int shown = items_shown(count, c.height() - 1);
    if (shown < count) c.text(1 + shown, 0, more_items(count - shown, "counters"), Style::dim);
    int y = 1;
    for (const auto& e : s.oc_events) {
        if (y - 1 >= shown) break;
        const bool rising = e.events_per_s.value_or(0) > 0;
        const std::string name = fmt::format("{} {}", e.name, e.kind);
        c.text(y, 0, name.substr(0, static_cast<size_t>(name_w - 1)), Style::label);
        c.text(y, name_w, fmt::format("{:>9}", text::integer(e.events)),
               e.events ? Style::normal : Style::dim);
        c.text(y, name_w + 10, fmt::format("{:>9}", text::format_rate(e.events_per_s)),
               !e.events_per_s ? Style::dim : (rising ? Style::warn : Style::normal));
        const std::string throttle =
            e.throttle_enabled ? (*e.throttle_enabled ? "on" : "off") : text::kAbsent;
        c.text(y, name_w + 21, fmt::format("{:>4}", throttle),
               e.throttle_enabled ? Style::normal : Style::dim);
        ++y;
    }
}

}  // namespace edgetop::tui
