// Page 3, GPU & engines: load and frequency graphs, limits, railgate and 3D scaling, the
// multimedia/DLA engines and the processes holding the GPU.
#include <fmt/format.h>

#include "text/text_gpc.hpp"
#include "text/text_units.hpp"
#include "tui/pages.hpp"

namespace edgetop::tui {
namespace {

std::string on_off(std::optional<bool> value) {
    if (!value) return text::kAbsent;
    return *value ? "on" : "off";
}

// What NVML adds: temperature, power, the memory's load, clock and use.
int nvml_lines(const Canvas& c, int y, const GpuSample& g) {
    c.text(y++, 2,
           fmt::format("{}  temp {}  power {} of {}", *g.source,
                       text::format_temp_c(g.temp_c, c.ascii()), text::format_power_mw(g.power_mw),
                       text::format_power_mw(g.power_limit_mw)));
    c.text(y++, 2,
           fmt::format("memory load {}  clock {} of {}  used {} of {}",
                       text::format_percent(g.mem_util_pct), text::format_freq_hz(g.mem_freq_hz),
                       text::format_freq_hz(g.mem_max_hz), text::format_kb(g.mem_used_kb),
                       text::format_kb(g.mem_total_kb)));
    return y;
}

void gpu_info(const Canvas& c, const Sample& s) {
    c.title(0, "GPU", fmt::format("{} device{}", s.gpu.size(), s.gpu.size() == 1 ? "" : "s"));
    if (s.gpu.empty()) {
        c.text(1, 0, "n/a: no GPU found (devfreq node or NVML device)", Style::dim);
        return;
    }
    int y = 1;
    for (const auto& g : s.gpu) {
        int x = c.text(y, 0, g.name, Style::label);
        c.text(y++, x + 2,
               fmt::format("load {}  freq {}  governor {}", text::format_percent(g.load_pct),
                           text::format_freq_hz(g.freq_hz), g.governor.value_or(text::kAbsent)));
        int bar_x =
            c.text(y, 2,
                   fmt::format("allowed {} .. {}   hw max {}", text::format_freq_hz(g.min_hz),
                               text::format_freq_hz(g.max_hz), text::format_freq_hz(g.hw_max_hz))) +
            2;
        clock_bar(c, y++, bar_x, g.freq_hz, g.max_hz, g.hw_max_hz);
        // One GPC's clock is the GPU's (Thor's gpu-gpc-0): a line only for several (AGX Orin).
        if (g.gpc.size() > 1) c.text(y++, 2, text::format_gpc_clocks(g.gpc));
        std::string mask = g.tpc_pg_mask ? fmt::format("{:#x}", *g.tpc_pg_mask) : text::kAbsent;
        if (g.source != "nvml")
            c.text(y++, 2,
                   fmt::format("railgate {}  3D scaling {}  TPC PG mask {}",
                               on_off(g.railgate_enabled), on_off(g.scaling_3d_enabled), mask));
        if (g.source && g.source->find("nvml") != std::string::npos) y = nvml_lines(c, y, g);
        ++y;
    }
}

// One cell per engine: its name, its load ("n/a" where neither tegrastats, the kernel nor NVML
// gives one) and its clock, or "off".
void engines(const Canvas& c, const Sample& s, const LayoutModel& model) {
    c.title(0, "Engines", "load, and on/off and clock");
    if (s.engines.empty()) {
        c.text(1, 0, "n/a: no engine clocks found", Style::dim);
        return;
    }
    draw_cells(c, 1, engine_cell_width(model), static_cast<int>(s.engines.size()), "engines",
               [&](int i, const Canvas& cell) {
                   const auto& e = s.engines[static_cast<size_t>(i)];
                   cell.text(0, 0, e.name, Style::label);
                   bool on = e.online.value_or(false);
                   std::string clock = e.online    ? (on ? text::format_freq_hz(e.freq_hz) : "off")
                                       : e.freq_hz ? text::format_freq_hz(e.freq_hz)
                                                   : text::kAbsent;
                   cell.text_right(
                       0, fmt::format("{:>4} {:>9}", text::format_percent(e.load_pct), clock),
                       on ? Style::good : Style::dim);
               });
}

void gpu_processes(const Canvas& c, const FrameContext& ctx) {
    c.title(0, "Processes holding the GPU");
    const auto& procs = ctx.view.sample().procs;
    if (!procs) {
        c.text(1, 0, "n/a: the process table is read only on the live root", Style::dim);
        return;
    }
    std::vector<const ProcessSample*> rows;
    bool known = false;
    for (const auto* p : select_processes(process_source(*procs), ctx.ui.query)) {
        known = known || p->gpu.has_value();
        if (p->gpu.value_or(false)) rows.push_back(p);
    }
    if (!known) {
        c.text(1, 0, "n/a: GPU use per process is not readable (needs root)", Style::dim);
        return;
    }
    if (rows.empty()) {
        c.text(1, 0, "no process holds the GPU", Style::dim);
        return;
    }
    draw_process_rows(c.sub(1, 0, c.height() - 1, c.width()), ctx, rows, false);
}

}  // namespace

void draw_gpu_load_graph(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const auto& hist = ctx.view.history();
    std::optional<double> load;
    if (!s.gpu.empty()) load = s.gpu.front().load_pct;
    History empty(1);
    std::string now = text::format_percent(load);
    GraphSpec spec = graph_spec(ctx, GraphScale::percent, "%");
    spec.title = "GPU load", spec.now = now, spec.level = util_level;
    draw_graph(c, spec, hist.gpu_load.empty() ? empty : hist.gpu_load.front());
}

void draw_gpu_freq_graph(const Canvas& c, const FrameContext& ctx) {
    const Sample& s = ctx.view.sample();
    const auto& hist = ctx.view.history();
    std::optional<int64_t> freq, top;
    if (!s.gpu.empty()) {
        freq = s.gpu.front().freq_hz;
        top = s.gpu.front().hw_max_hz ? s.gpu.front().hw_max_hz : s.gpu.front().max_hz;
    }
    History empty(1);
    std::string now = text::format_freq_hz(freq) + " of " + text::format_freq_hz(top);
    std::optional<int64_t> cap = s.gpu.empty() ? std::nullopt : s.gpu.front().max_hz;
    GraphSpec spec = graph_spec(ctx, GraphScale::range, "MHz");
    spec.title = "GPU frequency", spec.now = now;
    // Yellow where the clock is held at a power-mode cap below the hardware maximum.
    spec.level = [cap, top](double mhz) {
        return clock_level(static_cast<int64_t>(std::llround(mhz * 1e6)), cap, top);
    };
    draw_graph(c, spec, hist.gpu_freq_mhz.empty() ? empty : hist.gpu_freq_mhz.front());
}

void draw_gpu_info(const Canvas& c, const FrameContext& ctx) {
    gpu_info(c, ctx.view.sample());
}

void draw_engines(const Canvas& c, const FrameContext& ctx) {
    engines(c, ctx.view.sample(), ctx.view.layout_model());
}

void draw_gpu_processes(const Canvas& c, const FrameContext& ctx) {
    gpu_processes(c, ctx);
}

}  // namespace edgetop::tui
