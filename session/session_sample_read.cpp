#include "session/session_json_values.hpp"
#include "session/session_sample_json.hpp"
#include "session/session_time.hpp"

namespace edgetop {

using nlohmann::json;
using session_json::find;
using session_json::get_array;
using session_json::get_bool;
using session_json::get_double;
using session_json::get_int;
using session_json::get_string;

namespace {

std::optional<int> get_small_int(const json& j, const char* key) {
    auto v = get_int(j, key);
    if (!v || *v < INT32_MIN || *v > INT32_MAX) return std::nullopt;
    return static_cast<int>(*v);
}

CpuSample read_cpu(const json& j) {
    CpuSample cpu;
    cpu.util_pct = get_double(j, "util");
    cpu.user_pct = get_double(j, "user");
    cpu.system_pct = get_double(j, "system");
    cpu.iowait_pct = get_double(j, "iowait");
    for (const auto& c : get_array(j, "cores")) {
        CoreSample core;
        core.id = get_small_int(c, "id").value_or(0);
        core.online = get_bool(c, "online").value_or(true);
        core.cluster = get_small_int(c, "cluster");
        core.util_pct = get_double(c, "util");
        core.user_pct = get_double(c, "user");
        core.system_pct = get_double(c, "system");
        core.iowait_pct = get_double(c, "iowait");
        core.freq_khz = get_int(c, "freq_khz");
        core.min_khz = get_int(c, "min_khz");
        core.max_khz = get_int(c, "max_khz");
        core.hw_max_khz = get_int(c, "hw_max_khz");
        core.governor = get_string(c, "governor");
        cpu.cores.push_back(std::move(core));
    }
    return cpu;
}

SystemSample read_system(const json& j, const json& line) {
    SystemSample s;
    s.uptime_s = get_double(j, "uptime_s");
    s.load_1 = get_double(j, "load_1");
    s.load_5 = get_double(j, "load_5");
    s.load_15 = get_double(j, "load_15");
    s.procs_running = get_int(j, "procs_running");
    s.procs_blocked = get_int(j, "procs_blocked");
    s.ctxt_per_s = get_double(line, "ctxt_per_s");
    return s;
}

std::vector<GpuSample> read_gpus(const json& array) {
    std::vector<GpuSample> out;
    for (const auto& j : array) {
        GpuSample g;
        g.name = get_string(j, "name").value_or("");
        g.load_pct = get_double(j, "load");
        g.freq_hz = get_int(j, "freq_hz");
        g.min_hz = get_int(j, "min_hz");
        g.max_hz = get_int(j, "max_hz");
        g.hw_max_hz = get_int(j, "hw_max_hz");
        g.governor = get_string(j, "governor");
        g.railgate_enabled = get_bool(j, "railgate");
        g.scaling_3d_enabled = get_bool(j, "scaling_3d");
        g.tpc_pg_mask = get_int(j, "tpc_pg_mask");
        out.push_back(std::move(g));
    }
    return out;
}

std::optional<EmcSample> read_emc(const json* j) {
    if (!j || !j->is_object()) return std::nullopt;
    EmcSample emc;
    emc.util_pct = get_double(*j, "util");
    emc.freq_hz = get_int(*j, "freq_hz");
    emc.min_hz = get_int(*j, "min_hz");
    emc.max_hz = get_int(*j, "max_hz");
    return emc;
}

std::vector<EngineSample> read_engines(const json& array) {
    std::vector<EngineSample> out;
    for (const auto& j : array)
        out.push_back(
            {get_string(j, "name").value_or(""), get_bool(j, "online"), get_int(j, "freq_hz")});
    return out;
}

std::vector<RailSample> read_rails(const json& array) {
    std::vector<RailSample> out;
    for (const auto& j : array) {
        RailSample r;
        r.name = get_string(j, "name").value_or("");
        r.is_total = get_bool(j, "is_total").value_or(false);
        r.voltage_mv = get_double(j, "voltage_mv");
        r.current_ma = get_double(j, "current_ma");
        r.power_mw = get_double(j, "power_mw");
        r.warn_ma = get_double(j, "warn_ma");
        r.crit_ma = get_double(j, "crit_ma");
        r.warn_alarm = get_bool(j, "warn_alarm");
        r.crit_alarm = get_bool(j, "crit_alarm");
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<ThermalSample> read_thermal(const json& array) {
    std::vector<ThermalSample> out;
    for (const auto& j : array)
        out.push_back({get_string(j, "name").value_or(""), get_double(j, "temp_c")});
    return out;
}

std::vector<FanSample> read_fans(const json& array) {
    std::vector<FanSample> out;
    for (const auto& j : array)
        out.push_back({get_string(j, "name").value_or(""), get_double(j, "speed_pct"),
                       get_int(j, "rpm"), get_string(j, "control")});
    return out;
}

MemSample read_mem(const json& j) {
    MemSample m;
    m.total_kb = get_int(j, "total_kb");
    m.available_kb = get_int(j, "available_kb");
    m.used_kb = get_int(j, "used_kb");
    m.free_kb = get_int(j, "free_kb");
    m.buffers_kb = get_int(j, "buffers_kb");
    m.cached_kb = get_int(j, "cached_kb");
    m.swap_total_kb = get_int(j, "swap_total_kb");
    m.swap_used_kb = get_int(j, "swap_used_kb");
    m.swap_cached_kb = get_int(j, "swap_cached_kb");
    m.gpu_shared_kb = get_int(j, "gpu_shared_kb");
    m.lfb_blocks = get_int(j, "lfb_blocks");
    m.lfb_block_kb = get_int(j, "lfb_block_kb");
    return m;
}

ProcessSample read_process(const json& j) {
    ProcessSample p;
    p.pid = get_small_int(j, "pid").value_or(0);
    p.name = get_string(j, "name").value_or("");
    p.user = get_string(j, "user");
    if (auto state = get_string(j, "state"); state && state->size() == 1) p.state = (*state)[0];
    p.cpu_pct = get_double(j, "cpu");
    p.rss_kb = get_int(j, "rss_kb");
    p.threads = get_int(j, "threads");
    p.vol_ctxt_per_s = get_double(j, "vol_ctxt_per_s");
    p.nonvol_ctxt_per_s = get_double(j, "nonvol_ctxt_per_s");
    p.gpu = get_bool(j, "gpu");
    return p;
}

std::optional<ProcsSample> read_procs(const json* j) {
    if (!j || !j->is_object()) return std::nullopt;
    ProcsSample procs;
    procs.total = get_int(*j, "total").value_or(0);
    procs.running = get_int(*j, "running").value_or(0);
    for (const auto& p : get_array(*j, "top"))
        procs.top.push_back(read_process(p));
    return procs;
}

const json& object_or_empty(const json& line, const char* key) {
    static const json empty = json::object();
    const json* v = find(line, key);
    return v && v->is_object() ? *v : empty;
}

}  // namespace

Sample sample_from_json(const json& line) {
    Sample s;
    s.t_s = get_double(line, "t").value_or(0);
    if (auto time = get_string(line, "time"))
        s.time = parse_rfc3339(*time).value_or(std::chrono::system_clock::time_point{});
    s.cpu = read_cpu(object_or_empty(line, "cpu"));
    s.system = read_system(object_or_empty(line, "system"), line);
    s.gpu = read_gpus(get_array(line, "gpu"));
    s.emc = read_emc(find(line, "emc"));
    s.engines = read_engines(get_array(line, "engines"));
    s.rails = read_rails(get_array(line, "rails"));
    s.power_total_mw = get_double(line, "power_total_mw");
    s.thermal = read_thermal(get_array(line, "thermal"));
    s.fans = read_fans(get_array(line, "fans"));
    s.mem = read_mem(object_or_empty(line, "mem"));
    s.procs = read_procs(find(line, "procs"));
    for (const auto& flag : get_array(line, "flags"))
        if (flag.is_string()) s.flags.push_back(flag.get<std::string>());
    return s;
}

}  // namespace edgetop
