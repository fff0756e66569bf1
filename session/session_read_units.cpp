#include "session/session_read_units.hpp"

namespace edgetop::session_read {

namespace {

using simdjson::SUCCESS;
using Keys12 = std::array<std::string_view, 12>;

constexpr Keys12 kCoreKeys{"id",       "online",  "util",    "user",       "system",   "iowait",
                           "freq_khz", "min_khz", "max_khz", "hw_max_khz", "governor", "cluster"};

error_code read_core(od::value value, CoreSample& c) {
    KeyCursor keys(kCoreKeys);
    std::optional<int> id;
    std::optional<bool> online;
    auto e = for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, id);
            case 1:
                return read(v, online);
            case 2:
                return read(v, c.util_pct);
            case 3:
                return read(v, c.user_pct);
            case 4:
                return read(v, c.system_pct);
            case 5:
                return read(v, c.iowait_pct);
            case 6:
                return read(v, c.freq_khz);
            case 7:
                return read(v, c.min_khz);
            case 8:
                return read(v, c.max_khz);
            case 9:
                return read(v, c.hw_max_khz);
            case 10:
                return read(v, c.governor);
            case 11:
                return read(v, c.cluster);
            default:
                return skip(v);
        }
    });
    c.id = id.value_or(0);
    c.online = online.value_or(true);
    return e;
}

constexpr std::array<std::string_view, 5> kCpuKeys{"util", "user", "system", "iowait", "cores"};

constexpr std::array<std::string_view, 6> kSystemKeys{"uptime_s", "load_1",        "load_5",
                                                      "load_15",  "procs_running", "procs_blocked"};

constexpr std::array<std::string_view, 10> kGpuKeys{
    "name",      "load",     "freq_hz",  "min_hz",     "max_hz",
    "hw_max_hz", "governor", "railgate", "scaling_3d", "tpc_pg_mask"};

error_code read_gpu(od::value value, GpuSample& g) {
    KeyCursor keys(kGpuKeys);
    return for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, g.name);
            case 1:
                return read(v, g.load_pct);
            case 2:
                return read(v, g.freq_hz);
            case 3:
                return read(v, g.min_hz);
            case 4:
                return read(v, g.max_hz);
            case 5:
                return read(v, g.hw_max_hz);
            case 6:
                return read(v, g.governor);
            case 7:
                return read(v, g.railgate_enabled);
            case 8:
                return read(v, g.scaling_3d_enabled);
            case 9:
                return read(v, g.tpc_pg_mask);
            default:
                return skip(v);
        }
    });
}

constexpr std::array<std::string_view, 4> kEmcKeys{"util", "freq_hz", "min_hz", "max_hz"};
constexpr std::array<std::string_view, 3> kEngineKeys{"name", "online", "freq_hz"};
constexpr std::array<std::string_view, 9> kRailKeys{"name",     "voltage_mv", "current_ma",
                                                    "power_mw", "is_total",   "warn_ma",
                                                    "crit_ma",  "warn_alarm", "crit_alarm"};

error_code read_rail(od::value value, RailSample& r) {
    KeyCursor keys(kRailKeys);
    std::optional<bool> is_total;
    auto e = for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, r.name);
            case 1:
                return read(v, r.voltage_mv);
            case 2:
                return read(v, r.current_ma);
            case 3:
                return read(v, r.power_mw);
            case 4:
                return read(v, is_total);
            case 5:
                return read(v, r.warn_ma);
            case 6:
                return read(v, r.crit_ma);
            case 7:
                return read(v, r.warn_alarm);
            case 8:
                return read(v, r.crit_alarm);
            default:
                return skip(v);
        }
    });
    r.is_total = is_total.value_or(false);
    return e;
}

constexpr std::array<std::string_view, 2> kThermalKeys{"name", "temp_c"};
constexpr std::array<std::string_view, 4> kFanKeys{"name", "speed_pct", "rpm", "control"};
}  // namespace

error_code read_cpu(od::value value, CpuSample& cpu) {
    KeyCursor keys(kCpuKeys);
    return for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, cpu.util_pct);
            case 1:
                return read(v, cpu.user_pct);
            case 2:
                return read(v, cpu.system_pct);
            case 3:
                return read(v, cpu.iowait_pct);
            case 4:
                return read_list(v, cpu.cores, read_core);
            default:
                return skip(v);
        }
    });
}

error_code read_system(od::value value, SystemSample& s) {
    KeyCursor keys(kSystemKeys);
    return for_each_field(value, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, s.uptime_s);
            case 1:
                return read(v, s.load_1);
            case 2:
                return read(v, s.load_5);
            case 3:
                return read(v, s.load_15);
            case 4:
                return read(v, s.procs_running);
            case 5:
                return read(v, s.procs_blocked);
            default:
                return skip(v);
        }
    });
}

error_code read_gpus(od::value value, std::vector<GpuSample>& gpus) {
    return read_list(value, gpus, read_gpu);
}

error_code read_emc(od::value value, std::optional<EmcSample>& emc) {
    EmcSample m;
    KeyCursor keys(kEmcKeys);
    bool is_object = false;
    auto e = for_each_field(value, is_object, [&](std::string_view key, od::value v) -> error_code {
        switch (keys.find(key)) {
            case 0:
                return read(v, m.util_pct);
            case 1:
                return read(v, m.freq_hz);
            case 2:
                return read(v, m.min_hz);
            case 3:
                return read(v, m.max_hz);
            default:
                return skip(v);
        }
    });
    emc = is_object ? std::optional<EmcSample>(m) : std::nullopt;
    return e;
}

error_code read_engines(od::value value, std::vector<EngineSample>& engines) {
    return read_list(value, engines, [](od::value element, EngineSample& engine) {
        KeyCursor keys(kEngineKeys);
        return for_each_field(element, [&](std::string_view key, od::value v) -> error_code {
            switch (keys.find(key)) {
                case 0:
                    return read(v, engine.name);
                case 1:
                    return read(v, engine.online);
                case 2:
                    return read(v, engine.freq_hz);
                default:
                    return skip(v);
            }
        });
    });
}

error_code read_rails(od::value value, std::vector<RailSample>& rails) {
    return read_list(value, rails, read_rail);
}

error_code read_thermal(od::value value, std::vector<ThermalSample>& zones) {
    return read_list(value, zones, [](od::value element, ThermalSample& zone) {
        KeyCursor keys(kThermalKeys);
        return for_each_field(element, [&](std::string_view key, od::value v) -> error_code {
            switch (keys.find(key)) {
                case 0:
                    return read(v, zone.name);
                case 1:
                    return read(v, zone.temp_c);
                default:
                    return skip(v);
            }
        });
    });
}

error_code read_fans(od::value value, std::vector<FanSample>& fans) {
    return read_list(value, fans, [](od::value element, FanSample& fan) {
        KeyCursor keys(kFanKeys);
        return for_each_field(element, [&](std::string_view key, od::value v) -> error_code {
            switch (keys.find(key)) {
                case 0:
                    return read(v, fan.name);
                case 1:
                    return read(v, fan.speed_pct);
                case 2:
                    return read(v, fan.rpm);
                case 3:
                    return read(v, fan.control_mode);
                default:
                    return skip(v);
            }
        });
    });
}

}  // namespace edgetop::session_read
