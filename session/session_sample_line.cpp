#include "session/session_sample_line.hpp"

#include "session/session_json_values.hpp"
#include "session/session_line_json.hpp"

namespace edgetop {

using session_line::LineJson;

namespace {

// [item, item, ...] with each item written by write_item.
template <class Item, class WriteItem>
void write_array(LineJson& j, const std::vector<Item>& items, WriteItem write_item) {
    j.begin_array();
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) j.comma();
        write_item(items[i]);
    }
    j.end_array();
}

void write_core(LineJson& j, const CoreSample& c) {
    j.begin_object();
    j.first("id").integer(c.id);
    j.next("online").boolean(c.online);
    j.next("util").measured(c.util_pct);
    j.next("user").measured(c.user_pct);
    j.next("system").measured(c.system_pct);
    j.next("iowait").measured(c.iowait_pct);
    j.next("freq_khz").optional(c.freq_khz);
    j.next("min_khz").optional(c.min_khz);
    j.next("max_khz").optional(c.max_khz);
    j.next("hw_max_khz").optional(c.hw_max_khz);
    j.next("governor").optional(c.governor);
    j.next("cluster").optional(c.cluster);
    j.end_object();
}

void write_cpu(LineJson& j, const CpuSample& cpu) {
    j.begin_object();
    j.first("util").measured(cpu.util_pct);
    j.next("user").measured(cpu.user_pct);
    j.next("system").measured(cpu.system_pct);
    j.next("iowait").measured(cpu.iowait_pct);
    j.next("cores");
    write_array(j, cpu.cores, [&](const CoreSample& c) { write_core(j, c); });
    j.end_object();
}

void write_system(LineJson& j, const SystemSample& s) {
    j.begin_object();
    j.first("uptime_s").measured(s.uptime_s);
    j.next("load_1").measured(s.load_1);
    j.next("load_5").measured(s.load_5);
    j.next("load_15").measured(s.load_15);
    j.next("procs_running").optional(s.procs_running);
    j.next("procs_blocked").optional(s.procs_blocked);
    j.end_object();
}

void write_gpu(LineJson& j, const GpuSample& g) {
    j.begin_object();
    j.first("name").text(g.name);
    j.next("load").measured(g.load_pct);
    j.next("freq_hz").optional(g.freq_hz);
    j.next("min_hz").optional(g.min_hz);
    j.next("max_hz").optional(g.max_hz);
    j.next("hw_max_hz").optional(g.hw_max_hz);
    j.next("governor").optional(g.governor);
    j.next("railgate").optional(g.railgate_enabled);
    j.next("scaling_3d").optional(g.scaling_3d_enabled);
    j.next("tpc_pg_mask").optional(g.tpc_pg_mask);
    j.end_object();
}

void write_emc(LineJson& j, const std::optional<EmcSample>& emc) {
    if (!emc) return j.null();
    j.begin_object();
    j.first("util").measured(emc->util_pct);
    j.next("freq_hz").optional(emc->freq_hz);
    j.next("min_hz").optional(emc->min_hz);
    j.next("max_hz").optional(emc->max_hz);
    j.end_object();
}

void write_engine(LineJson& j, const EngineSample& e) {
    j.begin_object();
    j.first("name").text(e.name);
    j.next("online").optional(e.online);
    j.next("freq_hz").optional(e.freq_hz);
    j.end_object();
}

void write_rail(LineJson& j, const RailSample& r) {
    j.begin_object();
    j.first("name").text(r.name);
    j.next("voltage_mv").measured(r.voltage_mv);
    j.next("current_ma").measured(r.current_ma);
    j.next("power_mw").measured(r.power_mw);
    j.next("is_total").boolean(r.is_total);
    j.next("warn_ma").measured(r.warn_ma);
    j.next("crit_ma").measured(r.crit_ma);
    j.next("warn_alarm").optional(r.warn_alarm);
    j.next("crit_alarm").optional(r.crit_alarm);
    j.end_object();
}

void write_zone(LineJson& j, const ThermalSample& z) {
    j.begin_object();
    j.first("name").text(z.name);
    j.next("temp_c").measured(z.temp_c);
    j.end_object();
}

void write_fan(LineJson& j, const FanSample& f) {
    j.begin_object();
    j.first("name").text(f.name);
    j.next("speed_pct").measured(f.speed_pct);
    j.next("rpm").optional(f.rpm);
    j.next("control").optional(f.control_mode);
    j.end_object();
}

void write_mem(LineJson& j, const MemSample& m) {
    j.begin_object();
    j.first("total_kb").optional(m.total_kb);
    j.next("available_kb").optional(m.available_kb);
    j.next("used_kb").optional(m.used_kb);
    j.next("free_kb").optional(m.free_kb);
    j.next("buffers_kb").optional(m.buffers_kb);
    j.next("cached_kb").optional(m.cached_kb);
    j.next("swap_total_kb").optional(m.swap_total_kb);
    j.next("swap_used_kb").optional(m.swap_used_kb);
    j.next("swap_cached_kb").optional(m.swap_cached_kb);
    j.next("gpu_shared_kb").optional(m.gpu_shared_kb);
    j.next("lfb_blocks").optional(m.lfb_blocks);
    j.next("lfb_block_kb").optional(m.lfb_block_kb);
    j.end_object();
}

void write_process(LineJson& j, const ProcessSample& p) {
    j.begin_object();
    j.first("pid").integer(p.pid);
    j.next("name").text(p.name);
    j.next("user").optional(p.user);
    j.next("state");
    if (p.state)
        j.text(std::string_view(&*p.state, 1));
    else
        j.null();
    j.next("cpu").measured(p.cpu_pct);
    j.next("rss_kb").optional(p.rss_kb);
    j.next("threads").optional(p.threads);
    j.next("vol_ctxt_per_s").measured(p.vol_ctxt_per_s);
    j.next("nonvol_ctxt_per_s").measured(p.nonvol_ctxt_per_s);
    j.next("gpu").optional(p.gpu);
    j.end_object();
}

void write_procs(LineJson& j, const std::optional<ProcsSample>& procs) {
    if (!procs) return j.null();
    j.begin_object();
    j.first("total").integer(procs->total);
    j.next("running").integer(procs->running);
    j.next("top");
    write_array(j, procs->top, [&](const ProcessSample& p) { write_process(j, p); });
    j.end_object();
}

}  // namespace

void append_sample_line(fmt::memory_buffer& out, const Sample& s) {
    LineJson j(out);
    j.begin_object();
    j.first("type").text("sample");
    j.next("t").decimals(s.t_s, session_json::kTimeDecimals);
    j.next("time").time(s.time);
    j.next("cpu");
    write_cpu(j, s.cpu);
    j.next("system");
    write_system(j, s.system);
    j.next("ctxt_per_s").measured(s.system.ctxt_per_s);
    j.next("gpu");
    write_array(j, s.gpu, [&](const GpuSample& g) { write_gpu(j, g); });
    j.next("emc");
    write_emc(j, s.emc);
    j.next("engines");
    write_array(j, s.engines, [&](const EngineSample& e) { write_engine(j, e); });
    j.next("rails");
    write_array(j, s.rails, [&](const RailSample& r) { write_rail(j, r); });
    j.next("power_total_mw").measured(s.power_total_mw);
    j.next("thermal");
    write_array(j, s.thermal, [&](const ThermalSample& z) { write_zone(j, z); });
    j.next("fans");
    write_array(j, s.fans, [&](const FanSample& f) { write_fan(j, f); });
    j.next("mem");
    write_mem(j, s.mem);
    j.next("procs");
    write_procs(j, s.procs);
    j.next("flags");
    write_array(j, s.flags, [&](const std::string& flag) { j.text(flag); });
    j.end_object();
}

std::string sample_line(const Sample& sample) {
    fmt::memory_buffer buffer;
    append_sample_line(buffer, sample);
    return fmt::to_string(buffer);
}

}  // namespace edgetop
