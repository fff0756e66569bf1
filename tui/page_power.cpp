// Page 4, Power & thermal: every rail (V, mA, mW, session average, energy so far), the total
// power graph, every thermal zone against its trip points, fans.
#include <fmt/format.h>

#include <algorithm>

#include "tui/format.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

constexpr int kCol = 10;

void rails(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const EnergyMeter& meter = ctx.view.energy();
    c.title(0, "Rails", "total " + format_power_mw(total_power_mw(s)));
    if (s.rails.empty()) {
        c.text(1, 0, "n/a: no power monitor found", Style::dim);
        return;
    }
    int name_w = std::max(8, c.width() - 5 * (kCol + 1));
    auto row = [&](int y, std::string_view name, const std::vector<std::string>& cells, Style st) {
        c.text(y, 0, std::string(name).substr(0, static_cast<size_t>(std::max(0, name_w))), st);
        int x = name_w;
        for (const auto& cell : cells) {
            std::string padded =
                cell.size() < kCol ? std::string(kCol - cell.size(), ' ') + cell : cell;
            c.text(y, x + 1, padded, cell == kNotAvailable ? Style::dim : st);
            x += kCol + 1;
        }
    };
    row(1, "rail", {"voltage", "current", "power", "average", "energy"}, Style::label);
    int y = 2;
    for (const auto& r : s.rails) {
        const RailEnergy* e = meter.find(r.name);
        Style st = r.crit_alarm.value_or(false)   ? Style::crit
                   : r.warn_alarm.value_or(false) ? Style::warn
                   : r.is_total                   ? Style::title
                                                  : Style::normal;
        row(y++, r.name,
            {format_voltage_mv(r.voltage_mv), format_current_ma(r.current_ma),
             format_power_mw(r.power_mw), format_power_mw(e ? e->average_mw() : std::nullopt),
             e && e->covered_s > 0 ? format_energy_j(e->energy_j) : kNotAvailable},
            st);
    }
    bool has_total_rail =
        std::any_of(s.rails.begin(), s.rails.end(), [](const RailSample& r) { return r.is_total; });
    if (!has_total_rail && s.power_total_mw) {
        const RailEnergy& t = meter.total();
        row(y, "total",
            {"", "", format_power_mw(s.power_total_mw), format_power_mw(t.average_mw()),
             t.covered_s > 0 ? format_energy_j(t.energy_j) : kNotAvailable},
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
    int y = 1;
    for (const auto& z : s.thermal) {
        const ThermalZoneInfo* info = zone_info(ctx.board, z.name);
        std::optional<double> lowest_trip;
        std::string trips;
        if (info)
            for (const auto& t : info->trips) {
                if (!lowest_trip || t.temp_c < *lowest_trip) lowest_trip = t.temp_c;
                trips += fmt::format(" {} {:.0f}", t.type, t.temp_c);
            }
        Style st = Style::normal;
        if (!z.temp_c)
            st = Style::dim;
        else if (lowest_trip && *z.temp_c >= *lowest_trip)
            st = Style::crit;
        else if (lowest_trip && *z.temp_c >= *lowest_trip - 10)
            st = Style::warn;
        c.text(y, 0, z.name);
        std::string temp = format_temp_c(z.temp_c, c.ascii());
        c.text(y, 14, fmt::format("{:>9}", temp), st);
        c.text(y++, 24, trips.empty() ? " trips n/a" : trips, Style::dim);
    }
}

void fans(const Canvas& c, const Sample& s) {
    c.title(0, "Fans");
    if (s.fans.empty()) {
        c.text(1, 0, "n/a: no fan found", Style::dim);
        return;
    }
    int y = 1;
    for (const auto& f : s.fans)
        c.text(
            y++, 0,
            fmt::format("{:<12} speed {:>4}  {} rpm  control {}", f.name,
                        format_percent(f.speed_pct), f.rpm ? std::to_string(*f.rpm) : kNotAvailable,
                        f.control_mode.value_or(kNotAvailable)));
}

}  // namespace

void draw_power_panel(PanelId id, const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    switch (id) {
        case PanelId::rails:
            rails(c, ctx);
            break;
        case PanelId::power_graph:
            draw_history_graph(c, "Total power", format_power_mw(total_power_mw(s)),
                               ctx.view.history().power_total_w, 0);
            break;
        case PanelId::zones:
            zones(c, ctx);
            break;
        case PanelId::fans:
            fans(c, s);
            break;
        default:
            break;
    }
}

}  // namespace edgetop::tui
