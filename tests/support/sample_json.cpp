#include "support/sample_json.hpp"

#include "session/session_json_values.hpp"
#include "session/session_read_sample.hpp"
#include "session/session_time.hpp"

namespace edgetop {

using nlohmann::ordered_json;
using session_json::kTimeDecimals;
using session_json::optional;
using session_json::rounded;
using session_json::rounded_decimals;

namespace {

ordered_json cpu_json(const CpuSample& cpu) {
    ordered_json cores = ordered_json::array();
    for (const auto& c : cpu.cores) {
        cores.push_back({{"id", c.id},
                         {"online", c.online},
                         {"util", rounded(c.util_pct)},
                         {"user", rounded(c.user_pct)},
                         {"system", rounded(c.system_pct)},
                         {"iowait", rounded(c.iowait_pct)},
                         {"freq_khz", optional(c.freq_khz)},
                         {"min_khz", optional(c.min_khz)},
                         {"max_khz", optional(c.max_khz)},
                         {"hw_max_khz", optional(c.hw_max_khz)},
                         {"governor", optional(c.governor)},
                         {"cluster", optional(c.cluster)}});
    }
    return {{"util", rounded(cpu.util_pct)},
            {"user", rounded(cpu.user_pct)},
            {"system", rounded(cpu.system_pct)},
            {"iowait", rounded(cpu.iowait_pct)},
            {"cores", std::move(cores)}};
}

ordered_json system_json(const SystemSample& s) {
    return {{"uptime_s", rounded(s.uptime_s)},
            {"load_1", rounded(s.load_1)},
            {"load_5", rounded(s.load_5)},
            {"load_15", rounded(s.load_15)},
            {"procs_running", optional(s.procs_running)},
            {"procs_blocked", optional(s.procs_blocked)}};
}

ordered_json gpc_json(const std::vector<GpcSample>& gpcs) {
    ordered_json out = ordered_json::array();
    for (const auto& g : gpcs)
        out.push_back({{"id", g.id}, {"freq_hz", optional(g.freq_hz)}});
    return out;
}

ordered_json gpu_json(const std::vector<GpuSample>& gpus) {
    ordered_json out = ordered_json::array();
    for (const auto& g : gpus) {
        out.push_back({{"name", g.name},
                       {"load", rounded(g.load_pct)},
                       {"freq_hz", optional(g.freq_hz)},
                       {"min_hz", optional(g.min_hz)},
                       {"max_hz", optional(g.max_hz)},
                       {"hw_max_hz", optional(g.hw_max_hz)},
                       {"governor", optional(g.governor)},
                       {"railgate", optional(g.railgate_enabled)},
                       {"scaling_3d", optional(g.scaling_3d_enabled)},
                       {"tpc_pg_mask", optional(g.tpc_pg_mask)},
                       {"source", optional(g.source)},
                       {"mem_util", rounded(g.mem_util_pct)},
                       {"mem_freq_hz", optional(g.mem_freq_hz)},
                       {"mem_max_hz", optional(g.mem_max_hz)},
                       {"temp_c", rounded(g.temp_c)},
                       {"power_mw", rounded(g.power_mw)},
                       {"power_limit_mw", rounded(g.power_limit_mw)},
                       {"mem_used_kb", optional(g.mem_used_kb)},
                       {"mem_total_kb", optional(g.mem_total_kb)},
                       {"gpc", gpc_json(g.gpc)}});
    }
    return out;
}

ordered_json emc_json(const std::optional<EmcSample>& emc) {
    if (!emc) return nullptr;
    return {{"util", rounded(emc->util_pct)},
            {"freq_hz", optional(emc->freq_hz)},
            {"min_hz", optional(emc->min_hz)},
            {"max_hz", optional(emc->max_hz)}};
}

ordered_json engines_json(const std::vector<EngineSample>& engines) {
    ordered_json out = ordered_json::array();
    for (const auto& e : engines)
        out.push_back({{"name", e.name},
                       {"online", optional(e.online)},
                       {"freq_hz", optional(e.freq_hz)},
                       {"load", rounded(e.load_pct)},
                       {"load_period_s", rounded(e.load_period_s)}});
    return out;
}

ordered_json rails_json(const std::vector<RailSample>& rails) {
    ordered_json out = ordered_json::array();
    for (const auto& r : rails) {
        out.push_back({{"name", r.name},
                       {"voltage_mv", rounded(r.voltage_mv)},
                       {"current_ma", rounded(r.current_ma)},
                       {"power_mw", rounded(r.power_mw)},
                       {"is_total", r.is_total},
                       {"in_total", r.in_total},
                       {"warn_ma", rounded(r.warn_ma)},
                       {"crit_ma", rounded(r.crit_ma)},
                       {"warn_alarm", optional(r.warn_alarm)},
                       {"crit_alarm", optional(r.crit_alarm)}});
    }
    return out;
}

ordered_json thermal_json(const std::vector<ThermalSample>& zones) {
    ordered_json out = ordered_json::array();
    for (const auto& z : zones)
        out.push_back({{"name", z.name}, {"temp_c", rounded(z.temp_c)}});
    return out;
}

ordered_json fans_json(const std::vector<FanSample>& fans) {
    ordered_json out = ordered_json::array();
    for (const auto& f : fans) {
        out.push_back({{"name", f.name},
                       {"speed_pct", rounded(f.speed_pct)},
                       {"rpm", optional(f.rpm)},
                       {"control", optional(f.control_mode)}});
    }
    return out;
}

ordered_json mem_json(const MemSample& m) {
    return {{"total_kb", optional(m.total_kb)},
            {"available_kb", optional(m.available_kb)},
            {"used_kb", optional(m.used_kb)},
            {"free_kb", optional(m.free_kb)},
            {"buffers_kb", optional(m.buffers_kb)},
            {"cached_kb", optional(m.cached_kb)},
            {"swap_total_kb", optional(m.swap_total_kb)},
            {"swap_used_kb", optional(m.swap_used_kb)},
            {"swap_cached_kb", optional(m.swap_cached_kb)},
            {"gpu_shared_kb", optional(m.gpu_shared_kb)},
            {"lfb_blocks", optional(m.lfb_blocks)},
            {"lfb_block_kb", optional(m.lfb_block_kb)},
            {"major_faults_per_s", rounded(m.major_faults_per_s)},
            {"oom_kills", optional(m.oom_kills)}};
}

ordered_json psi_json(const std::optional<PsiSample>& psi) {
    if (!psi) return nullptr;
    return {{"cpu_some", rounded(psi->cpu_some_pct)},
            {"memory_some", rounded(psi->memory_some_pct)},
            {"memory_full", rounded(psi->memory_full_pct)},
            {"io_some", rounded(psi->io_some_pct)},
            {"io_full", rounded(psi->io_full_pct)}};
}

ordered_json oc_events_json(const std::vector<OcEventSample>& events) {
    ordered_json out = ordered_json::array();
    for (const auto& e : events)
        out.push_back({{"name", e.name},
                       {"kind", e.kind},
                       {"events", optional(e.events)},
                       {"events_per_s", rounded(e.events_per_s)},
                       {"throttle_enabled", optional(e.throttle_enabled)}});
    return out;
}

ordered_json cooling_json(const std::vector<CoolingSample>& cooling) {
    ordered_json out = ordered_json::array();
    for (const auto& c : cooling)
        out.push_back(
            {{"name", c.name}, {"state", optional(c.state)}, {"max_state", optional(c.max_state)}});
    return out;
}

ordered_json process_json(const ProcessSample& p) {
    ordered_json state = p.state ? ordered_json(std::string(1, *p.state)) : ordered_json(nullptr);
    return {{"pid", p.pid},
            {"name", p.name},
            {"user", optional(p.user)},
            {"state", std::move(state)},
            {"cpu", rounded(p.cpu_pct)},
            {"rss_kb", optional(p.rss_kb)},
            {"threads", optional(p.threads)},
            {"vol_ctxt_per_s", rounded(p.vol_ctxt_per_s)},
            {"nonvol_ctxt_per_s", rounded(p.nonvol_ctxt_per_s)},
            {"gpu", optional(p.gpu)},
            {"gpu_mem_kb", optional(p.gpu_mem_kb)},
            {"group", optional(p.group)}};
}

ordered_json procs_json(const std::optional<ProcsSample>& procs) {
    if (!procs) return nullptr;
    ordered_json top = ordered_json::array();
    for (const auto& p : procs->top)
        top.push_back(process_json(p));
    return {{"total", procs->total}, {"running", procs->running}, {"top", std::move(top)}};
}

ordered_json disks_json(const std::vector<DiskSample>& disks) {
    ordered_json out = ordered_json::array();
    for (const auto& d : disks)
        out.push_back({{"name", d.name},
                       {"read_bytes_per_s", rounded(d.read_bytes_per_s)},
                       {"write_bytes_per_s", rounded(d.write_bytes_per_s)},
                       {"busy_pct", rounded(d.busy_pct)}});
    return out;
}

ordered_json net_json(const std::vector<NetSample>& interfaces) {
    ordered_json out = ordered_json::array();
    for (const auto& n : interfaces)
        out.push_back({{"name", n.name},
                       {"rx_bytes_per_s", rounded(n.rx_bytes_per_s)},
                       {"tx_bytes_per_s", rounded(n.tx_bytes_per_s)}});
    return out;
}

ordered_json groups_json(const std::vector<GroupSample>& groups) {
    ordered_json out = ordered_json::array();
    for (const auto& g : groups)
        out.push_back({{"name", g.name},
                       {"kind", g.kind},
                       {"id", optional(g.id)},
                       {"path", g.path},
                       {"processes", g.processes},
                       {"cpu_pct", rounded(g.cpu_pct)},
                       {"cpu_limit_pct", rounded(g.cpu_limit_pct)},
                       {"periods", optional(g.periods)},
                       {"throttled_periods", optional(g.throttled_periods)},
                       {"throttled_pct", rounded(g.throttled_pct)},
                       {"throttled_s", rounded(g.throttled_s)},
                       {"memory_kb", optional(g.memory_kb)},
                       {"memory_limit_kb", optional(g.memory_limit_kb)},
                       {"oom_kills", optional(g.oom_kills)},
                       {"io_read_bytes_per_s", rounded(g.io_read_bytes_per_s)},
                       {"io_write_bytes_per_s", rounded(g.io_write_bytes_per_s)},
                       {"cpu_some_pct", rounded(g.cpu_some_pct)},
                       {"memory_some_pct", rounded(g.memory_some_pct)},
                       {"memory_full_pct", rounded(g.memory_full_pct)},
                       {"io_some_pct", rounded(g.io_some_pct)},
                       {"io_full_pct", rounded(g.io_full_pct)},
                       {"pids", optional(g.pids)},
                       {"gpu_mem_kb", optional(g.gpu_mem_kb)}});
    return out;
}

}  // namespace

ordered_json sample_to_json(const Sample& s) {
    return {{"type", "sample"},
            {"t", rounded_decimals(s.t_s, kTimeDecimals)},
            {"time", format_rfc3339(s.time)},
            {"cpu", cpu_json(s.cpu)},
            {"system", system_json(s.system)},
            {"ctxt_per_s", rounded(s.system.ctxt_per_s)},
            {"gpu", gpu_json(s.gpu)},
            {"emc", emc_json(s.emc)},
            {"engines", engines_json(s.engines)},
            {"rails", rails_json(s.rails)},
            {"power_total_mw", rounded(s.power_total_mw)},
            {"oc_events", oc_events_json(s.oc_events)},
            {"thermal", thermal_json(s.thermal)},
            {"fans", fans_json(s.fans)},
            {"mem", mem_json(s.mem)},
            {"procs", procs_json(s.procs)},
            {"flags", s.flags},
            {"psi", psi_json(s.psi)},
            {"cooling", cooling_json(s.cooling)},
            {"disks", disks_json(s.disks)},
            {"net", net_json(s.net)},
            {"groups", groups_json(s.groups)}};
}

// Through the same reader as session files, so there is one definition of how a line reads back.
Sample sample_from_json(const nlohmann::json& line) {
    Sample sample;
    if (!line.is_object()) return sample;
    nlohmann::json typed = line;
    typed["type"] = "sample";
    std::string text = typed.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    SampleLineParser parser;
    if (parser.parse_unpadded(text, sample) != SampleLineParser::Result::sample) return Sample{};
    return sample;
}

}  // namespace edgetop
