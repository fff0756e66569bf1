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

bool parse_gpu(std::string_view text, std::string_view first_name, std::vector<GpuSample>& gpus) {
    std::string_view load, clocks;
    if (!split_once(text, '@', load, clocks) || !strip_prefix(clocks, "[")) {
        auto single = parse_load_clock(text);
        if (!single) return false;
        GpuSample& gpu = gpus.emplace_back();
        gpu.name = first_name;
        gpu.load_pct = single->load_pct;
        gpu.freq_hz = single->freq_hz;
        return true;
    }
    std::optional<double> load_pct;
    if (!load.empty() && !(load_pct = to_percent(load))) return false;
    if (!strip_suffix(clocks, "]")) return false;
    for (int index = 1;; ++index) {
        size_t comma = find_char(clocks, ',');
        auto hz = mhz_to(to_uint(clocks.substr(0, comma)), kHzPerMHz);
        if (!hz) return false;
        GpuSample& gpu = gpus.emplace_back();
        gpu.name = first_name;
        if (index > 1) gpu.name += std::to_string(index);
        gpu.load_pct = load_pct;
        gpu.freq_hz = hz;
        if (comma == std::string_view::npos) break;
        clocks.remove_prefix(comma + 1);
    }
    return true;
}

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
    auto value = parse_load_clock(text);
    if (!value || !value->load_pct) return std::nullopt;
    out.freq_hz = value->freq_hz;
    out.has_load = true;
    return out;
}

std::optional<Temperature> parse_temperature(std::string_view token) {
    std::string_view name, value;
    if (!split_once(token, '@', name, value) || name.empty() || !strip_suffix(value, "C")) {
        return std::nullopt;
    }
    auto celsius = to_double(value);
    if (!celsius) return std::nullopt;
    Temperature thermal{name, std::nullopt};
    // tegrastats prints -256C for a zone whose sensor is power-gated (sysfs -256000).
    if (*celsius != -256.0) thermal.temp_c = celsius;
    return thermal;
}

std::optional<double> parse_rail_value(std::string_view text) {
    // "current[mW]/average[mW]" read left to right: most tokens fail at their first bytes.
    size_t slash = 0;
    while (slash < text.size() && is_digit(text[slash]))
        ++slash;
    if (slash == 0) return std::nullopt;
    std::string_view current = text.substr(0, slash);
    bool current_unit = text.substr(slash, 2) == "mW";
    if (current_unit) slash += 2;
    if (slash >= text.size() || text[slash] != '/') return std::nullopt;
    std::string_view average = text.substr(slash + 1);
    bool average_unit = strip_suffix(average, "mW");
    if (current_unit != average_unit || !to_uint(average)) return std::nullopt;
    auto mw = to_uint(current);
    if (!mw) return std::nullopt;
    return static_cast<double>(*mw);
}

}  // namespace edgetop::tegrastats
