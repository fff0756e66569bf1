// Page 1, Overview: a little of everything, sized down to what the terminal holds.
#include <fmt/format.h>

#include <algorithm>

#include "analysis/energy_integrator.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// "label [bar] value" on one row.
void meter(const Canvas& c, int y, std::string_view label, std::optional<double> pct,
           const std::string& value) {
    int x = c.text(y, 0, fmt::format("{:<5}", label), Style::label);
    int value_w = std::max(static_cast<int>(value.size()), c.width() >= 50 ? 19 : 0) + 1;
    int bar_w = c.width() - x - value_w;
    if (bar_w >= 5)
        c.bar(y, x, bar_w, pct.value_or(0) / 100, pct ? Theme::level(*pct) : Style::dim);
    else
        bar_w = 0;
    Style style = pct ? Style::normal : Style::dim;
    // Right-aligned when it fits after the label, else cut at the right edge.
    if (c.width() - x >= static_cast<int>(value.size()))
        c.text_right(y, value, style);
    else
        c.text(y, x, value, style);
}

// Lays cells of `cell_w` columns left to right, top to bottom from row 1.
struct CellGrid {
    const Canvas& c;
    int cell_w;
    int index = 0;
    Canvas next() {
        int per_row = std::max(1, c.width() / cell_w);
        int row = 1 + index / per_row, column = index % per_row;
        ++index;
        return c.sub(row, column * cell_w, 1, cell_w - 1);
    }
};

void gpu_summary(const Canvas& c, const Sample& s) {
    c.title(0, "GPU / EMC", s.gpu.empty() ? "" : s.gpu.front().name);
    int y = 1;
    if (s.gpu.empty()) {
        meter(c, y++, "GPU", std::nullopt, "n/a");
    }
    for (const auto& gpu : s.gpu) {
        std::string value =
            text::format_percent(gpu.load_pct) + " " + text::format_freq_hz(gpu.freq_hz);
        meter(c, y++, "GPU", gpu.load_pct, value);
    }
    std::optional<double> emc_util = s.emc ? s.emc->util_pct : std::nullopt;
    meter(c, y++, "EMC", emc_util,
          text::format_percent(emc_util) + " " +
              text::format_freq_hz(s.emc ? s.emc->freq_hz : std::optional<int64_t>{}));
    int on = 0;
    for (const auto& e : s.engines)
        on += e.online.value_or(false) ? 1 : 0;
    if (!s.engines.empty()) c.text(y, 0, fmt::format("engines {} of {} on", on, s.engines.size()));
}

void memory_summary(const Canvas& c, const Sample& s) {
    const auto& m = s.mem;
    c.title(0, "Memory", text::format_kb(m.total_kb));
    auto pct = [](std::optional<int64_t> part, std::optional<int64_t> whole) {
        std::optional<double> out;
        if (part && whole && *whole > 0) out = 100.0 * *part / *whole;
        return out;
    };
    std::optional<int64_t> used = m.used_kb;
    if (!used && m.total_kb && m.available_kb) used = *m.total_kb - *m.available_kb;
    meter(c, 1, "RAM", pct(used, m.total_kb),
          text::format_kb(used) + "/" + text::format_kb(m.total_kb));
    meter(c, 2, "Swap", pct(m.swap_used_kb, m.swap_total_kb),
          text::format_kb(m.swap_used_kb) + "/" + text::format_kb(m.swap_total_kb));
    c.text(3, 0, "GPU shared ", Style::label);
    c.text(3, 11, text::format_kb(m.gpu_shared_kb), m.gpu_shared_kb ? Style::normal : Style::dim);
}

void power_summary(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Power", "total " + text::format_power_mw(analysis::total_power_mw(s)));
    if (s.rails.empty()) c.text(1, 0, "n/a: no power rails", Style::dim);
    CellGrid grid{c, 26};
    for (const auto& rail : s.rails) {
        Canvas cell = grid.next();
        cell.text(0, 0, rail.name, rail.is_total ? Style::label : Style::normal);
        Style style = rail.crit_alarm.value_or(false)   ? Style::crit
                      : rail.warn_alarm.value_or(false) ? Style::warn
                                                        : Style::normal;
        cell.text_right(0, text::format_power_mw(rail.power_mw), style);
    }
}

void thermal_summary(const Canvas& c, const Sample& s) {
    std::vector<const ThermalSample*> zones;
    for (const auto& z : s.thermal)
        zones.push_back(&z);
    std::stable_sort(zones.begin(), zones.end(), [](const auto* a, const auto* b) {
        return a->temp_c.value_or(-1e9) > b->temp_c.value_or(-1e9);
    });
    c.title(0, "Hottest", fmt::format("{} zones", zones.size()));
    if (zones.empty()) c.text(1, 0, "n/a: no thermal zones", Style::dim);
    CellGrid grid{c, 22};
    for (const auto* z : zones) {
        Canvas cell = grid.next();
        cell.text(0, 0, z->name);
        Style style = !z->temp_c         ? Style::dim
                      : *z->temp_c >= 85 ? Style::crit
                      : *z->temp_c >= 70 ? Style::warn
                                         : Style::normal;
        cell.text_right(0, text::format_temp_c(z->temp_c, c.ascii()), style);
    }
}

void fans_summary(const Canvas& c, const Sample& s) {
    c.title(0, "Fans");
    if (s.fans.empty()) c.text(1, 0, "n/a: no fan", Style::dim);
    int y = 1;
    for (const auto& f : s.fans)
        c.text(y++, 0,
               fmt::format("{}  {}  {} rpm  {}", f.name, text::format_percent(f.speed_pct),
                           f.rpm ? std::to_string(*f.rpm) : text::kAbsent,
                           f.control_mode.value_or(text::kAbsent)));
}

void flags_summary(const Canvas& c, const FrameContext& ctx) {
    const auto& flags = ctx.view.sample().flags;
    c.title(0, "Flags", fmt::format("{} active", flags.size()));
    if (flags.empty())
        c.text(1, 0, ctx.analysis_enabled ? "no bottleneck flag active" : "no rules are active",
               Style::dim);
    int y = 1;
    for (const auto& f : flags)
        c.text(y++, 0, f, Style::crit);
}

}  // namespace

void draw_overview_panel(PanelId id, const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    switch (id) {
        case PanelId::cpu_bars:
            c.title(0, "CPU", "util " + text::format_percent(s.cpu.util_pct));
            draw_core_bars(c.sub(1, 0, c.height() - 1, c.width()), s, false);
            break;
        case PanelId::gpu_summary:
            gpu_summary(c, s);
            break;
        case PanelId::memory_summary:
            memory_summary(c, s);
            break;
        case PanelId::power_summary:
            power_summary(c, ctx);
            break;
        case PanelId::thermal_summary:
            thermal_summary(c, s);
            break;
        case PanelId::fans_summary:
            fans_summary(c, s);
            break;
        case PanelId::flags_summary:
            flags_summary(c, ctx);
            break;
        case PanelId::top_processes: {
            const Canvas area = draw_io_panel(c, s);
            const auto& procs = s.procs;
            area.title(
                0, "Top processes",
                procs ? fmt::format("{} total, {} running", procs->total, procs->running) : "");
            if (!procs) {
                area.text(1, 0, "n/a: the process table is read only on the live root", Style::dim);
                break;
            }
            ProcessQuery query = ctx.ui.query;
            query.filter.clear();
            draw_process_rows(area.sub(1, 0, area.height() - 1, area.width()), ctx,
                              select_processes(procs->top.empty() ? procs->all : procs->top, query),
                              false);
            break;
        }
        default:
            break;
    }
}

}  // namespace edgetop::tui
