// Page 1, Overview: a little of everything, sized down to what the terminal holds.
#include <fmt/format.h>

#include <algorithm>

#include "analysis/energy_integrator.hpp"
#include "edgetop/number_text.hpp"
#include "text/text_units.hpp"
#include "tui/flag_severity.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

// "label [bar] value" on one row.
void meter(const Canvas& c, int y, std::string_view label, std::optional<double> pct,
           const std::string& value) {
    int x = c.text(y, 0, fmt::format("{:<5}", label), Style::label);
    int value_w = std::max(static_cast<int>(value.size()), c.width() >= 50 ? 19 : 0) + 1;
    int bar_w = c.width() - x - value_w;
    if (bar_w >= 5 && pct)
        c.bar(y, x, bar_w, *pct / 100, util_level(*pct));
    else if (bar_w >= 5)
        c.bar(y, x, bar_w, 0, Style::dim);
    else
        bar_w = 0;
    Style style = pct ? Style::normal : Style::dim;
    // Right-aligned when it fits after the label, else cut at the right edge.
    if (c.width() - x >= static_cast<int>(value.size()))
        c.text_right(y, value, style);
    else
        c.text(y, x, value, style);
}

// The compact cells have no room for clocks: the title shows the fastest core's.
std::optional<int64_t> fastest_core_khz(const Sample& s) {
    std::optional<int64_t> fastest;
    for (const auto& core : s.cpu.cores)
        if (core.online && core.freq_khz && (!fastest || *core.freq_khz > *fastest))
            fastest = core.freq_khz;
    return fastest;
}

// "87% 1.30 GHz" in columns of fixed width, so that the GPU and EMC rows line up whatever the
// width of each value ("5%", "612 MHz", "n/a").
std::string load_and_clock(std::optional<double> pct, std::optional<int64_t> hz) {
    return fmt::format("{:>4} {:>8}", text::format_percent(pct), text::format_freq_hz(hz));
}

void gpu_summary(const Canvas& c, const Sample& s) {
    c.title(0, "GPU / EMC", s.gpu.empty() ? "" : s.gpu.front().name);
    int y = 1;
    if (s.gpu.empty()) {
        meter(c, y++, "GPU", std::nullopt, "n/a");
    }
    for (const auto& gpu : s.gpu) {
        meter(c, y++, "GPU", gpu.load_pct, load_and_clock(gpu.load_pct, gpu.freq_hz));
    }
    // The EMC row where the board has one (absent on a PC, or without root on older JetPacks).
    if (s.emc && (s.emc->util_pct || s.emc->freq_hz))
        meter(c, y++, "EMC", s.emc->util_pct, load_and_clock(s.emc->util_pct, s.emc->freq_hz));
    // Of the engines whose clock says on or off: a GPU's video engines seen through NVML have a
    // load and no clock state, and are not counted as off.
    int on = 0, clocked = 0;
    for (const auto& e : s.engines) {
        on += e.online.value_or(false) ? 1 : 0;
        clocked += e.online ? 1 : 0;
    }
    if (clocked > 0) c.text(y, 0, fmt::format("engines {} of {} on", on, clocked));
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
    int y = 2;
    if (m.swap_total_kb.value_or(0) > 0)
        meter(c, y++, "Swap", pct(m.swap_used_kb, m.swap_total_kb),
              text::format_kb(m.swap_used_kb) + "/" + text::format_kb(m.swap_total_kb));
    c.text(y, 0, "GPU shared ", Style::label);
    c.text(y, 11, text::format_kb(m.gpu_shared_kb), m.gpu_shared_kb ? Style::normal : Style::dim);
}

void power_summary(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    c.title(0, "Power", "total " + text::format_power_mw(analysis::total_power_mw(s)));
    if (s.rails.empty()) c.text(1, 0, "n/a: no power rails", Style::dim);
    draw_cells(c, 1, rail_cell_width(ctx.view.layout_model()), static_cast<int>(s.rails.size()),
               "rails", [&](int i, const Canvas& cell) {
                   const RailSample& rail = s.rails[static_cast<size_t>(i)];
                   cell.text(0, 0, rail.name, rail.is_total ? Style::label : Style::normal);
                   Style style = rail.crit_alarm.value_or(false)   ? Style::crit
                                 : rail.warn_alarm.value_or(false) ? Style::warn
                                                                   : Style::normal;
                   cell.text_right(0, text::format_power_mw(rail.power_mw), style);
               });
}

void thermal_summary(const Canvas& c, const Sample& s, const Board& board,
                     const LayoutModel& model) {
    std::vector<const ThermalSample*> zones = hottest_first(s.thermal);
    c.title(0, "Hottest", plural(static_cast<int64_t>(zones.size()), "zone"));
    if (zones.empty()) c.text(1, 0, "n/a: no thermal zones", Style::dim);
    draw_cells(c, 1, zone_cell_width(model), static_cast<int>(zones.size()), "zones",
               [&](int i, const Canvas& cell) {
                   const ThermalSample* z = zones[static_cast<size_t>(i)];
                   cell.text(0, 0, z->name);
                   Level level =
                       z->temp_c ? zone_temp_level(board, z->name, *z->temp_c) : Level::good;
                   Style style = z->temp_c ? level_style(level) : Style::dim;
                   cell.text_right(0, with_marker(text::format_temp_c(z->temp_c, c.ascii()), level),
                                   style);
               });
}

void fans_summary(const Canvas& c, const Sample& s) {
    c.title(0, "Fans");
    if (s.fans.empty()) c.text(1, 0, "n/a: no fan", Style::dim);
    draw_cells(c, 1, c.width() + 1, static_cast<int>(s.fans.size()), "fans",
               [&](int i, const Canvas& row) {
                   row.text(0, 0, fan_line(s.fans[static_cast<size_t>(i)], fan_name_width(s.fans)));
               });
}

void flags_summary(const Canvas& c, const FrameContext& ctx) {
    const auto& flags = ctx.view.sample().flags;
    c.title(0, "Flags", fmt::format("{} active", flags.size()));
    if (flags.empty())
        c.text(1, 0, ctx.analysis_enabled ? "no bottleneck flag active" : "no rules are active",
               Style::dim);
    draw_cells(c, 1, c.width() + 1, static_cast<int>(flags.size()), "flags",
               [&](int i, const Canvas& row) {
                   const std::string& id = flags[static_cast<size_t>(i)];
                   row.text(0, 0, flag_label(id), severity_style(flag_severity(id)));
               });
}

}  // namespace

void draw_cpu_bars(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    // A tegrastats replay has no total: the cores' mean stands in, and says so.
    const CpuTotal total = cpu_total(s.cpu);
    c.title(0, "CPU",
            std::string(total.from_cores ? "mean of cores " : "util ") +
                text::format_percent(total.pct) + "  " +
                text::format_freq_khz(fastest_core_khz(s)));
    draw_compact_cores(c.sub(1, 0, c.height() - 1, c.width()), s);
}

void draw_gpu_summary(const Canvas& c, const FrameContext& ctx) {
    gpu_summary(c, ctx.view.sample());
}

void draw_memory_summary(const Canvas& c, const FrameContext& ctx) {
    memory_summary(c, ctx.view.sample());
}

void draw_power_summary(const Canvas& c, const FrameContext& ctx) {
    power_summary(c, ctx);
}

void draw_thermal_summary(const Canvas& c, const FrameContext& ctx) {
    thermal_summary(c, ctx.view.sample(), ctx.board, ctx.view.layout_model());
}

void draw_fans_summary(const Canvas& c, const FrameContext& ctx) {
    fans_summary(c, ctx.view.sample());
}

void draw_flags_summary(const Canvas& c, const FrameContext& ctx) {
    flags_summary(c, ctx);
}

void draw_top_processes(const Canvas& c, const FrameContext& ctx) {
    const auto& procs = ctx.view.sample().procs;
    c.title(0, "Top processes",
            procs ? fmt::format("{} total, {} running", procs->total, procs->running) : "");
    if (!procs) {
        c.text(1, 0, "n/a: the process table is read only on the live root", Style::dim);
        return;
    }
    ProcessQuery query = ctx.ui.query;
    query.filter.clear();
    // Every process where the sampler read them all (live), the busiest it kept otherwise (a
    // replay): as many as the rows hold.
    draw_process_rows(c.sub(1, 0, c.height() - 1, c.width()), ctx,
                      select_processes(process_source(*procs), query), false);
}

}  // namespace edgetop::tui
