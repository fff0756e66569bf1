#include "session/session_read_summary.hpp"

namespace edgetop::session_read {

namespace {

using simdjson::SUCCESS;

// Reads one key into out; a missing key leaves out absent.
template <class T>
error_code read_key(od::object& object, const char* key, T& out) {
    od::value value;
    auto e = object.find_field_unordered(key).get(value);
    if (e == simdjson::NO_SUCH_FIELD) {
        out = T{};
        return SUCCESS;
    }
    if (e) return e;
    return read(value, out);
}

error_code read_core_summary(od::value value, CoreSample& core) {
    std::optional<int> id;
    std::optional<bool> online;
    auto e = with_object(value, [&](od::object& o) -> error_code {
        if (auto e = read_key(o, "id", id)) return e;
        if (auto e = read_key(o, "online", online)) return e;
        return read_key(o, "util", core.util_pct);
    });
    core.id = id.value_or(0);
    core.online = online.value_or(true);
    return e;
}

}  // namespace

error_code read_cpu_summary(od::value value, CpuSample& cpu) {
    return with_object(value, [&](od::object& o) -> error_code {
        if (auto e = read_key(o, "util", cpu.util_pct)) return e;
        od::value cores;
        auto e = o.find_field_unordered("cores").get(cores);
        if (e == simdjson::NO_SUCH_FIELD) return SUCCESS;
        if (e) return e;
        return read_list(cores, cpu.cores, read_core_summary);
    });
}

error_code read_gpus_summary(od::value value, std::vector<GpuSample>& gpus) {
    return read_list(value, gpus, [](od::value element, GpuSample& gpu) {
        return with_object(element, [&](od::object& o) -> error_code {
            if (auto e = read_key(o, "name", gpu.name)) return e;
            return read_key(o, "load", gpu.load_pct);
        });
    });
}

error_code read_emc_summary(od::value value, std::optional<EmcSample>& emc) {
    EmcSample m;
    bool is_object = false;
    auto e = with_object(value, is_object,
                         [&](od::object& o) { return read_key(o, "util", m.util_pct); });
    emc = is_object ? std::optional<EmcSample>(m) : std::nullopt;
    return e;
}

error_code read_rails_summary(od::value value, std::vector<RailSample>& rails) {
    return read_list(value, rails, [](od::value element, RailSample& rail) {
        std::optional<bool> is_total;
        auto e = with_object(element, [&](od::object& o) -> error_code {
            if (auto e = read_key(o, "name", rail.name)) return e;
            if (auto e = read_key(o, "power_mw", rail.power_mw)) return e;
            return read_key(o, "is_total", is_total);
        });
        rail.is_total = is_total.value_or(false);
        return e;
    });
}

error_code read_thermal_summary(od::value value, std::vector<ThermalSample>& zones) {
    return read_list(value, zones, [](od::value element, ThermalSample& zone) {
        return with_object(element, [&](od::object& o) -> error_code {
            if (auto e = read_key(o, "name", zone.name)) return e;
            return read_key(o, "temp_c", zone.temp_c);
        });
    });
}

}  // namespace edgetop::session_read
