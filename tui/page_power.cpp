// Page 4, Power & thermal: every rail (V, mA, mW, session average, energy so far), the
// over-current throttle counters (panel_oc_events.cpp), the total power graph, every thermal zone
// against its trip points, fans, cooling devices (panel_cooling.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "analysis/energy_integrator.hpp"
#include "edgetop/number_text.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"
#include "tui/widgets.hpp"

namespace edgetop::tui {
namespace {

constexpr int kCol = 8;

std::string format_average(const analysis::Energy* energy) {
    std::optional<double> watts = energy ? energy->average_w() : std::nullopt;
    return text::format_power_mw(watts ? std::optional<double>(*watts * 1000.0) : std::nullopt);
}

std::string format_energy(const analysis::Energy* energy) {
    return text::format_energy_j(energy ? energy->measured_joules() : std::nullopt);
}

// What the board total is, as the power source chose it and flagged the rails: "= VDD_IN", or
// "= VDD_GPU_SOC + VDD_CPU_CV + VDDQ_VDD2_1V8AO" (AGX Orin: without VIN_SYS_5V0, the carrier's
// 5 V rail); empty where the rails say nothing (a session written before the flags existed).
std::string total_made_of(const Sample& s) {
    std::string input, sum;
    for (const auto& r : s.rails) {
        if (r.is_total && input.empty()) input = r.name;
        if (r.in_total) sum += (sum.empty() ? "" : " + ") + r.name;
    }
    if (!input.empty()) return " = " + input;
    if (!sum.empty()) return " = " + sum;
    return "";
}

void rails(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const analysis::SessionEnergy& meter = ctx.view.energy();
    const std::vector<analysis::RailEnergy> energies = meter.rails();
    // The title's right part shows only when whole: the rails the total is made of go first.
    std::string total = "total " + text::format_power_mw(analysis::total_power_mw(s));
    std::string made_of = total + total_made_of(s);
    constexpr int kTitleAndMargins = 12;  // " Rails " and the spaces around the right part
    c.title(0, "Rails",
            static_cast<int>(made_of.size()) + kTitleAndMargins <= c.width() ? made_of : total);
    if (s.rails.empty()) {
        c.text(1, 0, "n/a: no power monitor found", Style::dim);
        return;
    }
    // Whole rail names first (VDDQ_VDD2_1V8AO tells a user nothing cut short); the columns of
    // least use go when the panel is narrow: voltage, then current, then the average.
    int longest = 4;
    for (const auto& r : s.rails)
        longest = std::max(longest, shown_columns(r.name));
    constexpr int kColumnsByUse[] = {2, 4, 3, 1, 0};  // power, energy, average, current, voltage
    int name_w = longest + 1;
    int shown = std::clamp((c.width() - name_w) / (kCol + 1), 1, 5);
    name_w = std::min(name_w, c.width() - shown * (kCol + 1));
    std::array<bool, 5> visible{};
    for (int i = 0; i < shown; ++i)
        visible[static_cast<size_t>(kColumnsByUse[i])] = true;
    auto row = [&](int y, std::string_view name, const std::array<std::string, 5>& cells,
                   Style st) {
        c.text(y, 0, std::string(name).substr(0, static_cast<size_t>(std::max(0, name_w))), st);
        int x = name_w;
        for (size_t i = 0; i < cells.size(); ++i) {
            if (!visible[i]) continue;
            const std::string& cell = cells[i];
            std::string padded =
                cell.size() < kCol ? std::string(kCol - cell.size(), ' ') + cell : cell;
            c.text(y, x, padded, cell == text::kAbsent ? Style::dim : st);
            x += kCol + 1;
        }
    };
    row(1, "rail", {"voltage", "current", "power", "average", "energy"}, Style::label);
    bool has_total_rail =
        std::any_of(s.rails.begin(), s.rails.end(), [](const RailSample& r) { return r.is_total; });
    bool total_row = !has_total_rail && s.power_total_mw;
    int count = static_cast<int>(s.rails.size());
    int rails_shown = items_shown(count, c.height() - 2 - (total_row ? 1 : 0));
    int y = 2;
    for (const auto& r : s.rails) {
        if (y - 2 >= rails_shown) break;
        auto e =
            std::find_if(energies.begin(), energies.end(),
                         [&](const analysis::RailEnergy& known) { return known.name == r.name; });
        const analysis::Energy* energy = e == energies.end() ? nullptr : &e->energy;
        Style st = r.crit_alarm.value_or(false)   ? Style::crit
                   : r.warn_alarm.value_or(false) ? Style::warn
                   : r.is_total                   ? Style::title
                                                  : Style::normal;
        row(y++, r.name,
            {text::format_voltage_mv(r.voltage_mv), text::format_current_ma(r.current_ma),
             text::format_power_mw(r.power_mw), format_average(energy), format_energy(energy)},
            st);
    }
    if (rails_shown < count) c.text(y++, 0, more_items(count - rails_shown, "rails"), Style::dim);
    if (total_row) {
        row(y, "total",
            {"", "", text::format_power_mw(s.power_total_mw), format_average(&meter.total()),
             format_energy(&meter.total())},
            Style::title);
    }
}

const ThermalZoneInfo* zone_info(const Board& board, const std::string& name) {
    for (const auto& z : board.thermal_zones)
        if (z.name == name) return &z;
    return nullptr;
}

void zones(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Thermal zones", "trip points");
    if (s.thermal.empty()) {
        c.text(1, 0, "n/a: no thermal zone found", Style::dim);
        return;
    }
    // Whole zone names ("thermal-fan-est"), then the temperature.
    int name_w = 14;
    for (const auto& z : s.thermal)
        name_w = std::max(name_w, shown_columns(z.name) + 1);
    int count = static_cast<int>(s.thermal.size());
    int shown = items_shown(count, c.height() - 1);
    if (shown < count) c.text(1 + shown, 0, more_items(count - shown, "zones"), Style::dim);
    int y = 1;
    for (const auto& z : s.thermal) {
        if (y - 1 >= shown) break;
        const ThermalZoneInfo* info = zone_info(ctx.board, z.name);
        std::string trips;
        if (info)
            for (const auto& t : info->trips)
                trips += " " + t.type + " " + fixed(t.temp_c, 0);
        Level level = z.temp_c ? zone_temp_level(ctx.board, z.name, *z.temp_c) : Level::good;
        Style st = z.temp_c ? level_style(level) : Style::dim;
        c.text(y, 0, z.name);
        std::string temp = text::format_temp_c(z.temp_c, c.ascii());
        c.text(y, name_w, fmt::format("{:>9}", temp), st);
        if (level != Level::good) c.text(y, name_w + 9, std::string(1, level_marker(level)), st);
        c.text(y++, name_w + 10, trips.empty() ? " trips n/a" : trips, Style::dim);
    }
}

void fans(const Canvas& c, const Sample& s) {
    c.title(0, "Fans");
    if (s.fans.empty()) {
        c.text(1, 0, "n/a: no fan found", Style::dim);
        return;
    }
    draw_cells(c, 1, c.width() + 1, static_cast<int>(s.fans.size()), "fans",
               [&](int i, const Canvas& row) {
                   const FanSample& f = s.fans[static_cast<size_t>(i)];
                   row.text(0, 0,
                            fmt::format("{:<12} speed {:>4}  {} rpm  control {}", f.name,
                                        text::format_percent(f.speed_pct),
                                        f.rpm ? std::to_string(*f.rpm) : text::kAbsent,
                                        f.control_mode.value_or(text::kAbsent)));
               });
}

}  // namespace

void draw_rails(const Canvas& c, const FrameContext& ctx) {
    rails(c, ctx);
}

void draw_power_graph(const Canvas& c, const FrameContext& ctx) {
    std::string now = text::format_power_mw(analysis::total_power_mw(ctx.view.sample()));
    GraphSpec spec = graph_spec(ctx, GraphScale::range, "W");
    spec.title = "Total power", spec.now = now;
    draw_graph(c, spec, ctx.view.history().power_total_w);
}

void draw_zones(const Canvas& c, const FrameContext& ctx) {
    zones(c, ctx);
}

void draw_fans(const Canvas& c, const FrameContext& ctx) {
    fans(c, ctx.view.sample());
}

}  // namespace edgetop::tui
