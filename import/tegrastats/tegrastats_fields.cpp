#include "import/tegrastats/tegrastats_fields.hpp"

#include <string>

#include "import/tegrastats/tegrastats_text.hpp"

namespace edgetop::tegrastats {
namespace {

constexpr int64_t kHzPerMHz = 1'000'000;
constexpr int64_t kKHzPerMHz = 1'000;
constexpr int64_t kKbPerMb = 1'024;

// "u%@MHz", "u%" or "@MHz" with the clock left in MHz.
struct LoadMhz {
    std::optional<double> load_pct;
    std::optional<int64_t> mhz;
};

// at: where the first '@' is in text (npos: nowhere), for a caller that found it already.
std::optional<LoadMhz> parse_load_mhz(std::string_view text, size_t at) {
    LoadMhz out;
    const bool has_clock = at != std::string_view::npos;
    std::string_view load = text.substr(0, at), clock;
    if (has_clock) clock = text.substr(at + 1);
    if (load.empty() && !has_clock) return std::nullopt;
    if (!load.empty() && !(out.load_pct = to_percent(load))) return std::nullopt;
    if (has_clock && !(out.mhz = to_uint(clock))) return std::nullopt;
    return out;
}

std::optional<LoadMhz> parse_load_mhz(std::string_view text) {
    return parse_load_mhz(text, find_char(text, '@'));
}

std::optional<int64_t> mhz_to(std::optional<int64_t> mhz, int64_t factor) {
    if (!mhz) return std::nullopt;
    return scaled(*mhz, factor);
}

}  // namespace

std::optional<UsedTotal> parse_used_total(std::string_view text, std::string_view unit) {
    std::string_view used, total;
    if (!strip_suffix(text, unit) || !split_once(text, '/', used, total)) return std::nullopt;
    auto used_n = to_uint(used), total_n = to_uint(total);
    if (!used_n || !total_n) return std::nullopt;
    int64_t factor = unit == "MB" ? kKbPerMb : 1;
    auto used_kb = scaled(*used_n, factor), total_kb = scaled(*total_n, factor);
    if (!used_kb || !total_kb) return std::nullopt;
    return UsedTotal{*used_kb, *total_kb};
}

std::optional<int64_t> parse_size_kb(std::string_view text) {
    if (strip_suffix(text, "MB")) {
        auto mb = to_uint(text);
        return mb ? scaled(*mb, kKbPerMb) : std::nullopt;
    }
    if (strip_suffix(text, "kB")) return to_uint(text);
    return std::nullopt;
}

bool parse_lfb(std::string_view text, MemSample& mem) {
    std::string_view count, size;
    if (!split_once(text, 'x', count, size)) return false;
    auto blocks = to_uint(count);
    auto block_kb = parse_size_kb(size);
    if (!blocks || !block_kb) return false;
    mem.lfb_blocks = blocks;
    mem.lfb_block_kb = block_kb;
    return true;
}

bool parse_cpu_list(std::string_view text, CpuSample& cpu) {
    if (!strip_prefix(text, "[")) return false;
    size_t close = find_char(text, ']');
    if (close == std::string_view::npos) return false;
    std::string_view items = text.substr(0, close), shared = text.substr(close + 1);
    std::optional<int64_t> shared_khz;
    if (!shared.empty()) {
        if (!strip_prefix(shared, "@") || !(shared_khz = mhz_to(to_uint(shared), kKHzPerMHz))) {
            return false;
        }
    }
    int id = 0;
    while (true) {
        // One pass over the item for its end and its '@'.
        size_t comma = std::string_view::npos, at = std::string_view::npos;
        for (size_t i = 0; i < items.size(); ++i) {
            if (items[i] == ',') {
                comma = i;
                break;
            }
            if (items[i] == '@' && at == std::string_view::npos) at = i;
        }
        std::string_view item = items.substr(0, comma);
        // Filled in place: a core is large, and a malformed list discards the whole sample.
        CoreSample& core = cpu.cores.emplace_back();
        core.id = id++;
        if (item == "off") {
            core.online = false;
        } else {
            auto value = parse_load_mhz(item, at);
            if (!value) return false;
            core.util_pct = value->load_pct;
            core.freq_khz = value->mhz ? mhz_to(value->mhz, kKHzPerMHz) : shared_khz;
            if (value->mhz && !core.freq_khz) return false;
        }
        if (comma == std::string_view::npos) break;
        items.remove_prefix(comma + 1);
    }
    return true;
}

std::optional<LoadClock> parse_load_clock(std::string_view text) {
    auto value = parse_load_mhz(text);
    if (!value) return std::nullopt;
    LoadClock out{value->load_pct, mhz_to(value->mhz, kHzPerMHz)};
    if (value->mhz && !out.freq_hz) return std::nullopt;
    return out;
}

std::optional<GpuValue> parse_gpu(std::string_view text) {
    std::string_view load, clocks;
    if (!split_once(text, '@', load, clocks) || !strip_prefix(clocks, "[")) {
        auto single = parse_load_clock(text);
        if (!single) return std::nullopt;
        return GpuValue{single->load_pct, single->freq_hz, {}};
    }
    GpuValue gpu;
    if (!load.empty() && !(gpu.load_pct = to_percent(load))) return std::nullopt;
    if (!strip_suffix(clocks, "]")) return std::nullopt;
    while (true) {
        size_t comma = find_char(clocks, ',');
        auto hz = mhz_to(to_uint(clocks.substr(0, comma)), kHzPerMHz);
        if (!hz) return std::nullopt;
        gpu.gpc_hz.push_back(*hz);
        if (!gpu.freq_hz || *hz > *gpu.freq_hz) gpu.freq_hz = hz;
        if (comma == std::string_view::npos) break;
        clocks.remove_prefix(comma + 1);
    }
    return gpu;
}

namespace {

// "[0%,3%]": the mean of the loads of a unit's cores.
std::optional<double> parse_mean_load(std::string_view list) {
    if (!strip_prefix(list, "[") || !strip_suffix(list, "]")) return std::nullopt;
    double sum = 0;
    int count = 0;
    while (true) {
        size_t comma = find_char(list, ',');
        auto pct = to_percent(list.substr(0, comma));
        if (!pct) return std::nullopt;
        sum += *pct;
        ++count;
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return sum / count;
}

}  // namespace

std::optional<EngineValue> parse_engine_value(std::string_view text) {
    EngineValue out;
    if (text == "off") {
        out.online = false;
        return out;
    }
    if (auto mhz = to_uint(text)) {
        if (!(out.freq_hz = scaled(*mhz, kHzPerMHz))) return std::nullopt;
        return out;
    }
    if (!text.empty() && text.front() == '[') {
        size_t at = find_char(text, '@');
        if (!(out.load_pct = parse_mean_load(text.substr(0, at)))) return std::nullopt;
        if (at != std::string_view::npos &&
            !(out.freq_hz = mhz_to(to_uint(text.substr(at + 1)), kHzPerMHz))) {
            return std::nullopt;
        }
        return out;
    }
    auto value = parse_load_clock(text);
    if (!value) return std::nullopt;
    out.freq_hz = value->freq_hz;
    out.load_pct = value->load_pct;
    return out;
}

std::optional<Temperature> parse_temperature(std::string_view token) {
    std::string_view name, value;
    if (!split_once(token, '@', name, value) || name.empty() || !strip_suffix(value, "C")) {
        return std::nullopt;
    }
    std::string_view current = value, maximum;
    const bool has_max = split_once(value, '/', current, maximum);
    if (has_max && !strip_suffix(current, "C")) return std::nullopt;
    auto celsius = to_double(current);
    if (!celsius) return std::nullopt;
    Temperature thermal{name, std::nullopt, std::nullopt};
    // tegrastats prints -256C for a zone whose sensor is power-gated (sysfs -256000).
    if (*celsius != -256.0) thermal.temp_c = celsius;
    if (has_max) {
        auto max_c = to_double(maximum);
        if (!max_c) return std::nullopt;
        if (*max_c != -256.0) thermal.max_c = max_c;
    }
    return thermal;
}

std::optional<RailValue> parse_rail_value(std::string_view text) {
    // "current[mW]/average[mW][/maximum[mW]]" read left to right: most tokens fail at their
    // first bytes.
    size_t slash = 0;
    while (slash < text.size() && is_digit(text[slash]))
        ++slash;
    if (slash == 0) return std::nullopt;
    std::string_view current = text.substr(0, slash);
    bool current_unit = text.substr(slash, 2) == "mW";
    if (current_unit) slash += 2;
    if (slash >= text.size() || text[slash] != '/') return std::nullopt;
    std::string_view average = text.substr(slash + 1), maximum;
    const bool has_max = split_once(average, '/', average, maximum);
    auto same_shape = [current_unit](std::string_view other) {
        return strip_suffix(other, "mW") == current_unit && to_uint(other).has_value();
    };
    if (!same_shape(average) || (has_max && !same_shape(maximum))) return std::nullopt;
    auto mw = to_uint(current);
    if (!mw) return std::nullopt;
    return RailValue{static_cast<double>(*mw), has_max};
}

}  // namespace edgetop::tegrastats
