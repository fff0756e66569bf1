// The sample reader on nlohmann-json's DOM: the reader of builds without a usable simdjson
// (Debian 11 ships 0.7, Ubuntu 20.04 0.2), and the reference the simdjson reader is compared with
// in tests. It reads by the same rules: null and wrongly typed values are absent, unknown keys
// are ignored, a line nested deeper than the simdjson reader checks is invalid with the same
// reason. About 5 times slower than On-Demand (bench/report_bench.cpp), which matters only for
// long recordings.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include "session/session_json_values.hpp"
#include "session/session_read_sample.hpp"
#include "session/session_time.hpp"

namespace edgetop {

namespace {

using nlohmann::json;
using session_json::find;
using session_json::get_array;
using session_json::get_bool;
using session_json::get_double;
using session_json::get_int;
using session_json::get_string;

// The simdjson reader steps over a value it does not read (an unknown key, or a container where
// it wants a number) through a check that refuses more than 64 levels below that value; a line
// it refuses is refused here too, with the text simdjson gives that error.
constexpr int kMaxSkipDepth = 64;
constexpr const char* kDepthError =
    "The JSON document was too deep (too many nested objects and arrays)";

// Levels of containers below value (0 for a scalar or an empty container's elements).
bool too_deep(const json& value, int depth = 0) {
    if (depth > kMaxSkipDepth) return true;
    if (!value.is_structured()) return false;
    for (const auto& child : value)
        if (too_deep(child, depth + 1)) return true;
    return false;
}

// What a container holds, as the simdjson reader walks it.
enum class Shape { scalar, object_of_scalars, array_of_objects, array_of_scalars };

bool too_deep_as(const json& value, Shape shape) {
    switch (shape) {
        case Shape::scalar:
            return too_deep(value);
        case Shape::object_of_scalars:
            if (!value.is_object()) return too_deep(value);
            for (const auto& child : value)
                if (too_deep(child)) return true;
            return false;
        case Shape::array_of_objects:
            if (!value.is_array()) return too_deep(value);
            for (const auto& element : value)
                if (too_deep_as(element, Shape::object_of_scalars)) return true;
            return false;
        case Shape::array_of_scalars:
            if (!value.is_array()) return too_deep(value);
            for (const auto& element : value)
                if (too_deep(element)) return true;
            return false;
    }
    return false;
}

bool line_too_deep(const json& line) {
    for (const auto& [key, value] : line.items()) {
        bool deep = false;
        if (key == "cpu") {
            if (!value.is_object()) {
                deep = too_deep(value);
            } else {
                for (const auto& [cpu_key, cpu_value] : value.items())
                    deep = deep ||
                           (cpu_key == "cores" ? too_deep_as(cpu_value, Shape::array_of_objects)
                                               : too_deep(cpu_value));
            }
        } else if (key == "procs") {
            if (!value.is_object()) {
                deep = too_deep(value);
            } else {
                for (const auto& [procs_key, procs_value] : value.items())
                    deep = deep ||
                           (procs_key == "top" ? too_deep_as(procs_value, Shape::array_of_objects)
                                               : too_deep(procs_value));
            }
        } else if (key == "system" || key == "emc" || key == "mem") {
            deep = too_deep_as(value, Shape::object_of_scalars);
        } else if (key == "gpu" || key == "engines" || key == "rails" || key == "thermal" ||
                   key == "fans") {
            deep = too_deep_as(value, Shape::array_of_objects);
        } else if (key == "flags") {
            deep = too_deep_as(value, Shape::array_of_scalars);
        } else {
            deep = too_deep(value);
        }
        if (deep) return true;
    }
    return false;
}

std::optional<int> get_small_int(const json& j, const char* key) {
    auto v = get_int(j, key);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(*v);
}

void read_cpu(const json& j, CpuSample& cpu) {
    cpu.util_pct = get_double(j, "util");
    cpu.user_pct = get_double(j, "user");
    cpu.system_pct = get_double(j, "system");
    cpu.iowait_pct = get_double(j, "iowait");
    for (const auto& c : get_array(j, "cores")) {
        CoreSample& core = cpu.cores.emplace_back();
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
    }
}

void read_system(const json& j, const json& line, SystemSample& s) {
    s.uptime_s = get_double(j, "uptime_s");
    s.load_1 = get_double(j, "load_1");
    s.load_5 = get_double(j, "load_5");
    s.load_15 = get_double(j, "load_15");
    s.procs_running = get_int(j, "procs_running");
    s.procs_blocked = get_int(j, "procs_blocked");
    s.ctxt_per_s = get_double(line, "ctxt_per_s");
}

void read_gpus(const json& array, std::vector<GpuSample>& out) {
    for (const auto& j : array) {
        GpuSample& g = out.emplace_back();
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
    }
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

void read_rails(const json& array, std::vector<RailSample>& out) {
    for (const auto& j : array) {
        RailSample& r = out.emplace_back();
        r.name = get_string(j, "name").value_or("");
        r.is_total = get_bool(j, "is_total").value_or(false);
        r.voltage_mv = get_double(j, "voltage_mv");
        r.current_ma = get_double(j, "current_ma");
        r.power_mw = get_double(j, "power_mw");
        r.warn_ma = get_double(j, "warn_ma");
        r.crit_ma = get_double(j, "crit_ma");
        r.warn_alarm = get_bool(j, "warn_alarm");
        r.crit_alarm = get_bool(j, "crit_alarm");
    }
}

void read_mem(const json& j, MemSample& m) {
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

Sample read_sample(const json& line) {
    Sample s;
    s.t_s = get_double(line, "t").value_or(0);
    if (auto time = get_string(line, "time"))
        s.time = parse_rfc3339(*time).value_or(std::chrono::system_clock::time_point{});
    read_cpu(object_or_empty(line, "cpu"), s.cpu);
    read_system(object_or_empty(line, "system"), line, s.system);
    read_gpus(get_array(line, "gpu"), s.gpu);
    s.emc = read_emc(find(line, "emc"));
    for (const auto& j : get_array(line, "engines"))
        s.engines.push_back(
            {get_string(j, "name").value_or(""), get_bool(j, "online"), get_int(j, "freq_hz")});
    read_rails(get_array(line, "rails"), s.rails);
    s.power_total_mw = get_double(line, "power_total_mw");
    for (const auto& j : get_array(line, "thermal"))
        s.thermal.push_back({get_string(j, "name").value_or(""), get_double(j, "temp_c")});
    for (const auto& j : get_array(line, "fans"))
        s.fans.push_back({get_string(j, "name").value_or(""), get_double(j, "speed_pct"),
                          get_int(j, "rpm"), get_string(j, "control")});
    read_mem(object_or_empty(line, "mem"), s.mem);
    s.procs = read_procs(find(line, "procs"));
    for (const auto& flag : get_array(line, "flags"))
        if (flag.is_string()) s.flags.push_back(flag.get<std::string>());
    return s;
}

// What a report summarises of a full sample (see SampleFields::summary); the rest is absent.
Sample summary_of(Sample&& full) {
    Sample s;
    s.t_s = full.t_s;
    s.cpu.util_pct = full.cpu.util_pct;
    for (const auto& c : full.cpu.cores) {
        CoreSample& core = s.cpu.cores.emplace_back();
        core.id = c.id;
        core.online = c.online;
        core.util_pct = c.util_pct;
    }
    for (auto& g : full.gpu) {
        GpuSample& gpu = s.gpu.emplace_back();
        gpu.name = std::move(g.name);
        gpu.load_pct = g.load_pct;
    }
    if (full.emc) {
        s.emc.emplace();
        s.emc->util_pct = full.emc->util_pct;
    }
    for (auto& r : full.rails) {
        RailSample& rail = s.rails.emplace_back();
        rail.name = std::move(r.name);
        rail.is_total = r.is_total;
        rail.power_mw = r.power_mw;
    }
    s.power_total_mw = full.power_total_mw;
    s.thermal = std::move(full.thermal);
    s.flags = std::move(full.flags);
    return s;
}

class NlohmannEngine : public SampleLineParser::Engine {
  public:
    explicit NlohmannEngine(SampleFields fields) : fields_(fields) {}

    SampleLineParser::Result parse(std::string_view line, Sample& out) override {
        using Result = SampleLineParser::Result;
        json parsed = json::parse(line, nullptr, false);
        // As the simdjson reader: a line that is not JSON, not an object, or has no "type"
        // "sample" is another reader's to judge (SessionReader names its fault).
        if (parsed.is_discarded() || !parsed.is_object()) return Result::other;
        auto type = get_string(parsed, "type");
        if (!type || *type != "sample") return Result::other;
        // A summary read steps over what it does not summarise without checking it, as the
        // simdjson reader does.
        if (fields_ == SampleFields::all && line_too_deep(parsed)) {
            error_ = kDepthError;
            return Result::invalid;
        }
        Sample sample = read_sample(parsed);
        if (fields_ == SampleFields::summary) sample = summary_of(std::move(sample));
        out = std::move(sample);
        return Result::sample;
    }

    const char* error() const override { return error_; }

  private:
    SampleFields fields_;
    const char* error_ = "";
};

}  // namespace

std::unique_ptr<SampleLineParser::Engine> make_nlohmann_engine(SampleFields fields) {
    return std::make_unique<NlohmannEngine>(fields);
}

}  // namespace edgetop
