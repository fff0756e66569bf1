// Page 5, Memory: RAM breakdown, swap, GPU-shared (nvmap) memory, largest free block, and the
// memory controller (EMC) load and clock.
#include <fmt/format.h>

#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

void line(const Canvas& c, int y, std::string_view label, const std::string& value) {
    c.text(y, 0, label, Style::label);
    c.text(y, 16, value, value == text::kAbsent ? Style::dim : Style::normal);
}

void breakdown(const Canvas& c, const Sample& s) {
    const MemSample& m = s.mem;
    c.title(0, "Memory", "total " + text::format_kb(m.total_kb));
    std::optional<int64_t> used = m.used_kb;
    if (!used && m.total_kb && m.available_kb) used = *m.total_kb - *m.available_kb;
    if (m.total_kb && *m.total_kb > 0 && used) {
        double total = static_cast<double>(*m.total_kb);
        c.bar(1, 0, c.width() - 6, static_cast<double>(*used) / total,
              util_level(100.0 * static_cast<double>(*used) / total));
        c.text_right(1, text::format_percent(100.0 * static_cast<double>(*used) / total));
    } else {
        c.text(1, 0, "RAM n/a", Style::dim);
    }
    line(c, 2, "used", text::format_kb(used));
    line(c, 3, "available", text::format_kb(m.available_kb));
    line(c, 4, "free", text::format_kb(m.free_kb));
    // Cached counts reclaimable slab too (Cached + SReclaimable), as free(1) does.
    line(c, 5, "buf/cache+SRecl",
         text::format_kb(m.buffers_kb) + " / " + text::format_kb(m.cached_kb));
    line(c, 6, "swap used",
         text::format_kb(m.swap_used_kb) + " of " + text::format_kb(m.swap_total_kb) + "  cached " +
             text::format_kb(m.swap_cached_kb));
    line(c, 7, "GPU shared", text::format_kb(m.gpu_shared_kb));
    std::string lfb = text::kAbsent;
    if (m.lfb_blocks && m.lfb_block_kb)
        lfb = fmt::format("{} x {}", *m.lfb_blocks, text::format_kb(m.lfb_block_kb));
    line(c, 8, "largest free", lfb);
}

void emc(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    std::optional<double> util = s.emc ? s.emc->util_pct : std::nullopt;
    std::optional<int64_t> freq, low, high;
    if (s.emc) freq = s.emc->freq_hz, low = s.emc->min_hz, high = s.emc->max_hz;
    c.title(0, "EMC (memory controller)", text::format_freq_hz(freq));
    int x = c.text(1, 0, fmt::format("util {:>4}  ", text::format_percent(util)), Style::label);
    if (util)
        c.bar(1, x, c.width() - x, *util / 100, util_level(*util));
    else
        c.bar(1, x, c.width() - x, 0, Style::dim);
    c.text(2, 0,
           fmt::format("freq {}  allowed {} .. {}", text::format_freq_hz(freq),
                       text::format_freq_hz(low), text::format_freq_hz(high)));
    std::string now = text::format_percent(util);
    GraphSpec spec = graph_spec(ctx, GraphScale::percent, "%");
    spec.title = "EMC util history", spec.now = now, spec.level = util_level;
    if (c.height() > 4)
        draw_graph(c.sub(3, 0, c.height() - 3, c.width()), spec, ctx.view.history().emc_util);
}

}  // namespace

void draw_memory_breakdown(const Canvas& c, const FrameContext& ctx) {
    breakdown(c, ctx.view.sample());
}

void draw_memory_graph(const Canvas& c, const FrameContext& ctx) {
    std::string now = text::format_percent(ctx.view.history().ram_used_pct.latest());
    GraphSpec spec = graph_spec(ctx, GraphScale::percent, "%");
    spec.title = "RAM used", spec.now = now, spec.level = util_level;
    draw_graph(c, spec, ctx.view.history().ram_used_pct);
}

void draw_emc(const Canvas& c, const FrameContext& ctx) {
    emc(c, ctx);
}

}  // namespace edgetop::tui
