#include "commands/snapshot_text.hpp"

#include <fmt/format.h>

#include "edgetop/number_text.hpp"
#include "text/text_table.hpp"
#include "text/text_units.hpp"

namespace edgetop {

namespace {

using text::kAbsent;

void section(std::string& out, const char* title, const std::string& summary) {
    if (summary.empty())
        out += fmt::format("\n{}\n", title);
    else
        out += fmt::format("\n{:<10}{}\n", title, summary);
}

std::string snapshot_board_line(const Board& b) {
    std::string mode = kAbsent;
    if (b.current_mode_id) {
        const PowerMode* m = b.current_mode();
        mode = m ? fmt::format("{} ({})", *b.current_mode_id, m->name)
                 : fmt::format("{}", *b.current_mode_id);
    }
    return fmt::format("{}  SoC {}  L4T {}  JetPack {}  power mode {}",
                       text::text_or_absent(b.model), text::text_or_absent(b.soc),
                       text::text_or_absent(b.l4t), text::text_or_absent(b.jetpack), mode);
}

void cpu_section(std::string& out, const CpuSample& cpu) {
    section(out, "CPU",
            fmt::format("util {}  user {}  system {}  iowait {}", text::percent(cpu.util_pct),
                        text::percent(cpu.user_pct), text::percent(cpu.system_pct),
                        text::percent(cpu.iowait_pct)));
    if (cpu.cores.empty()) return;
    TextTable t;
    t.add_row({"core", "online", "util", "user", "system", "iowait", "freq", "min", "max", "hw max",
               "governor", "cluster"});
    for (const auto& c : cpu.cores) {
        t.add_row({fmt::format("cpu{}", c.id), c.online ? "yes" : "no", text::percent(c.util_pct),
                   text::percent(c.user_pct), text::percent(c.system_pct),
                   text::percent(c.iowait_pct), text::khz_as_mhz(c.freq_khz),
                   text::khz_as_mhz(c.min_khz), text::khz_as_mhz(c.max_khz),
                   text::khz_as_mhz(c.hw_max_khz), text::text_or_absent(c.governor),
                   c.cluster ? fmt::format("{}", *c.cluster) : kAbsent});
    }
    out += t.render("  ");
}

void system_section(std::string& out, const SystemSample& s) {
    auto load = [](std::optional<double> v) { return v ? fixed(*v, 2) : kAbsent; };
    section(out, "System",
            fmt::format("uptime {}  load {} {} {}  running {}  blocked {}  context switches {}",
                        text::duration(s.uptime_s), load(s.load_1), load(s.load_5), load(s.load_15),
                        text::integer(s.procs_running), text::integer(s.procs_blocked),
                        text::milli(s.ctxt_per_s, "/s")));
}

void gpu_section(std::string& out, const std::vector<GpuSample>& gpus) {
    section(out, "GPU", gpus.empty() ? "none found" : "");
    if (gpus.empty()) return;
    TextTable t;
    t.add_row({"name", "load", "freq", "min", "max", "hw max", "governor", "railgate", "3D scaling",
               "TPC PG mask"});
    for (const auto& g : gpus) {
        t.add_row({g.name, text::percent(g.load_pct), text::hz_as_mhz(g.freq_hz),
                   text::hz_as_mhz(g.min_hz), text::hz_as_mhz(g.max_hz),
                   text::hz_as_mhz(g.hw_max_hz), text::text_or_absent(g.governor),
                   text::yes_no(g.railgate_enabled), text::yes_no(g.scaling_3d_enabled),
                   g.tpc_pg_mask ? fmt::format("{:#x}", *g.tpc_pg_mask) : kAbsent});
    }
    out += t.render("  ");
}

void emc_section(std::string& out, const std::optional<EmcSample>& emc) {
    if (!emc) {
        section(out, "EMC", "none found");
        return;
    }
    section(out, "EMC",
            fmt::format("util {}  freq {}  min {}  max {}", text::percent(emc->util_pct),
                        text::hz_as_mhz(emc->freq_hz), text::hz_as_mhz(emc->min_hz),
                        text::hz_as_mhz(emc->max_hz)));
}

void engines_section(std::string& out, const std::vector<EngineSample>& engines) {
    section(out, "Engines", engines.empty() ? "none found" : "");
    if (engines.empty()) return;
    TextTable t;
    t.add_row({"name", "online", "freq"});
    for (const auto& e : engines)
        t.add_row({e.name, text::yes_no(e.online), text::hz_as_mhz(e.freq_hz)});
    out += t.render("  ");
}

void power_section(std::string& out, const Sample& s) {
    section(out, "Power", fmt::format("total {}", text::milli(s.power_total_mw, "mW")));
    if (s.rails.empty()) return;
    TextTable t;
    t.add_row({"rail", "voltage", "current", "power", "warn", "crit", "warn alarm", "crit alarm"});
    for (const auto& r : s.rails) {
        t.add_row({r.is_total ? r.name + " (total)" : r.name, text::milli(r.voltage_mv, "mV"),
                   text::milli(r.current_ma, "mA"), text::milli(r.power_mw, "mW"),
                   text::milli(r.warn_ma, "mA"), text::milli(r.crit_ma, "mA"),
                   text::yes_no(r.warn_alarm), text::yes_no(r.crit_alarm)});
    }
    out += t.render("  ");
}

void thermal_section(std::string& out, const std::vector<ThermalSample>& zones) {
    section(out, "Thermal", zones.empty() ? "none found" : "");
    if (zones.empty()) return;
    TextTable t;
    for (const auto& z : zones)
        t.add_row({z.name, text::celsius(z.temp_c)});
    out += t.render("  ");
}

void fans_section(std::string& out, const std::vector<FanSample>& fans) {
    section(out, "Fans", fans.empty() ? "none found" : "");
    if (fans.empty()) return;
    TextTable t;
    t.add_row({"name", "speed", "rpm", "control"});
    for (const auto& f : fans)
        t.add_row({f.name, text::percent(f.speed_pct), text::integer(f.rpm, "rpm"),
                   text::text_or_absent(f.control_mode)});
    out += t.render("  ");
}

void memory_section(std::string& out, const MemSample& m) {
    section(out, "Memory",
            fmt::format("total {}  used {}  available {}  free {}", text::kb_as_mib(m.total_kb),
                        text::kb_as_mib(m.used_kb), text::kb_as_mib(m.available_kb),
                        text::kb_as_mib(m.free_kb)));
    TextTable t;
    t.add_row({"buffers", text::kb_as_mib(m.buffers_kb), "cached", text::kb_as_mib(m.cached_kb),
               "GPU shared", text::kb_as_mib(m.gpu_shared_kb)});
    t.add_row({"swap total", text::kb_as_mib(m.swap_total_kb), "swap used",
               text::kb_as_mib(m.swap_used_kb), "swap cached", text::kb_as_mib(m.swap_cached_kb)});
    std::string lfb = m.lfb_blocks && m.lfb_block_kb
                          ? fmt::format("{} x {} kB", *m.lfb_blocks, *m.lfb_block_kb)
                          : kAbsent;
    t.add_row({"largest free block", lfb});
    out += t.render("  ");
}

void processes_section(std::string& out, const std::optional<ProcsSample>& procs) {
    if (!procs) {
        section(out, "Processes", kAbsent);
        return;
    }
    section(out, "Processes", fmt::format("total {}  running {}", procs->total, procs->running));
    if (procs->top.empty()) return;
    TextTable t;
    t.add_row({"pid", "user", "state", "cpu", "rss", "threads", "vol ctxt", "nonvol ctxt", "gpu",
               "name"});
    for (const auto& p : procs->top) {
        t.add_row({fmt::format("{}", p.pid), text::text_or_absent(p.user),
                   p.state ? std::string(1, *p.state) : kAbsent, text::percent(p.cpu_pct),
                   text::kb_as_mib(p.rss_kb), text::integer(p.threads),
                   text::milli(p.vol_ctxt_per_s, "/s"), text::milli(p.nonvol_ctxt_per_s, "/s"),
                   text::yes_no(p.gpu), p.name});
    }
    out += t.render("  ");
}

}  // namespace

std::string format_snapshot(const Sample& s, const Board& board) {
    std::string out = fmt::format("{:<10}{}\n", "Board", snapshot_board_line(board));
    cpu_section(out, s.cpu);
    system_section(out, s.system);
    gpu_section(out, s.gpu);
    emc_section(out, s.emc);
    engines_section(out, s.engines);
    power_section(out, s);
    thermal_section(out, s.thermal);
    fans_section(out, s.fans);
    memory_section(out, s.mem);
    processes_section(out, s.procs);
    section(out, "Flags", s.flags.empty() ? "none" : fmt::format("{}", fmt::join(s.flags, " ")));
    return out;
}

}  // namespace edgetop
