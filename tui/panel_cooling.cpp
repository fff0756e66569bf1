// The cooling-device panel of the Power page: each thermal cooling device's state against its
// highest; a CPU or GPU device above 0 is the kernel lowering clocks. With the zones' order and
// the fans' line that the Overview and the Power page share.
#include <fmt/format.h>

#include <algorithm>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {

std::vector<const ThermalSample*> hottest_first(const std::vector<ThermalSample>& zones) {
    std::vector<const ThermalSample*> out;
    out.reserve(zones.size());
    for (const auto& z : zones)
        out.push_back(&z);
    std::stable_sort(out.begin(), out.end(), [](const ThermalSample* a, const ThermalSample* b) {
        if (a->temp_c.has_value() != b->temp_c.has_value()) return a->temp_c.has_value();
        return a->temp_c && *a->temp_c > *b->temp_c;
    });
    return out;
}

const ThermalSample* hottest_zone(const std::vector<ThermalSample>& zones) {
    const ThermalSample* hottest = nullptr;
    for (const auto& z : zones)
        if (z.temp_c && (!hottest || *z.temp_c > *hottest->temp_c)) hottest = &z;
    return hottest;
}

int fan_name_width(const std::vector<FanSample>& fans) {
    int width = 0;
    for (const auto& fan : fans)
        width = std::max(width, static_cast<int>(fan.name.size()));
    return width;
}

std::string fan_line(const FanSample& fan, int name_w) {
    return fmt::format("{:<{}}  speed {}  {}  control {}", fan.name, name_w,
                       text::format_percent(fan.speed_pct),
                       fan.rpm ? std::to_string(*fan.rpm) + " rpm" : std::string("rpm n/a"),
                       fan.control_mode.value_or(text::kAbsent));
}

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
