#include "sensors/board/nvpmodel_current.hpp"

#include <charconv>
#include <filesystem>
#include <limits>
#include <set>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

// "0-3,5" -> {0,1,2,3,5}; nullopt on garbage.
std::optional<std::set<int>> parse_cpu_list(std::string_view text) {
    std::set<int> cpus;
    text = trim(text);
    if (text.empty()) return cpus;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t comma = text.find(',', pos);
        if (comma == std::string_view::npos) comma = text.size();
        auto range = text.substr(pos, comma - pos);
        auto dash = range.find('-');
        auto first = parse_int(range.substr(0, dash));
        auto last = dash == std::string_view::npos ? first : parse_int(range.substr(dash + 1));
        if (!first || !last || *first < 0 || *last < *first || *last > 4095) return std::nullopt;
        for (int64_t cpu = *first; cpu <= *last; ++cpu)
            cpus.insert(static_cast<int>(cpu));
        pos = comma + 1;
    }
    return cpus;
}

std::optional<int> cpu_of_online_path(std::string_view path) {
    constexpr std::string_view dir = "/sys/devices/system/cpu/cpu";
    if (!path.starts_with(dir) || !path.ends_with("/online")) return std::nullopt;
    auto digits =
        path.substr(dir.size(), path.size() - dir.size() - std::string_view("/online").size());
    auto n = parse_int(digits);
    if (!n || *n < 0 || *n > 4095) return std::nullopt;
    return static_cast<int>(*n);
}

// ".../devfreq/17000000.ga10b/max_freq" -> "/sys/class/devfreq/17000000.ga10b/max_freq": the
// class link survives the device moving under /sys/devices/platform/bus@0 on newer kernels.
std::optional<std::string> devfreq_class_path(std::string_view path) {
    auto at = path.rfind("/devfreq/");
    if (at == std::string_view::npos) return std::nullopt;
    return "/sys/class/devfreq/" +
           std::string(path.substr(at + std::string_view("/devfreq/").size()));
}

std::optional<int64_t> read_first(const Root& root, const NvpmodelParam& param) {
    std::vector<std::string> candidates;
    for (const char* arg : {"MAX_FREQ", "MAX_FREQ_KNEXT"}) {
        auto it = param.args.find(arg);
        if (it == param.args.end()) continue;
        candidates.push_back(it->second);
        if (auto link = devfreq_class_path(it->second)) candidates.push_back(*link);
    }
    for (const auto& path : candidates)
        if (auto value = read_int_file(root.path(path))) return value;
    return std::nullopt;
}

// The hardware maximum behind a clock param: cpuinfo_max_freq next to a CPU cluster's
// scaling_max_freq, or the largest GPU available_frequencies entry.
std::optional<int64_t> read_hw_max(const Root& root, const NvpmodelParam& param) {
    auto max = param.args.find("MAX_FREQ");
    if (param.role == NvpmodelParam::Role::cpu_cluster && max != param.args.end()) {
        auto path = max->second;
        auto at = path.rfind("scaling_max_freq");
        if (at == std::string::npos) return std::nullopt;
        return read_int_file(root.path(path.replace(at, 16, "cpuinfo_max_freq")));
    }
    for (const char* arg : {"FREQ_TABLE", "FREQ_TABLE_KNEXT"}) {
        auto it = param.args.find(arg);
        if (it == param.args.end()) continue;
        std::vector<std::string> paths{it->second};
        if (auto link = devfreq_class_path(it->second)) paths.push_back(*link);
        for (const auto& path : paths) {
            auto text = read_text_file(root.path(path));
            if (!text) continue;
            std::optional<int64_t> highest;
            std::string_view rest = *text;
            while (!rest.empty()) {
                auto space = rest.find_first_of(" \t\n");
                if (auto value = parse_int(rest.substr(0, space)); value && *value > 0)
                    highest = std::max(highest.value_or(0), *value);
                if (space == std::string_view::npos) break;
                rest = rest.substr(space + 1);
            }
            if (highest) return highest;
        }
    }
    return std::nullopt;
}

// A cap as the kernel applies it; nullopt = no limit known.
std::optional<int64_t> effective_cap(int64_t cap, std::optional<int64_t> hw_max) {
    bool unlimited = cap <= 0 || is_unlimited_clock(cap);
    if (hw_max) return unlimited ? *hw_max : std::min(cap, *hw_max);
    if (unlimited) return std::nullopt;
    return cap;
}

bool cap_fits(const NvpmodelConf& conf, const std::string& param, int64_t cap, int64_t live,
              std::optional<int64_t> hw_max) {
    auto mine = effective_cap(cap, hw_max);
    // The interval this cap owns: above the next smaller effective cap of any mode.
    int64_t below = std::numeric_limits<int64_t>::min();
    for (const auto& mode : conf.modes) {
        auto it = mode.max_freq.find(param);
        if (it == mode.max_freq.end()) continue;
        auto other = effective_cap(it->second, hw_max);
        if (other && (!mine || *other < *mine)) below = std::max(below, *other);
    }
    if (!mine) return live > below;
    return live <= *mine && live > below;
}

}  // namespace

std::optional<int> parse_nvpmodel_status(std::string_view text) {
    constexpr std::string_view key = "pmode:";
    auto at = text.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    auto rest = text.substr(at + key.size());
    int id = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), id);
    if (ec != std::errc() || end == rest.data() || id < 0) return std::nullopt;
    bool ends_word = end == rest.data() + rest.size() || *end == ' ' || *end == '\n' ||
                     *end == '\t' || *end == '\r' || *end == '\0';
    if (!ends_word) return std::nullopt;
    return id;
}

LiveClocks read_live_clocks(const NvpmodelConf& conf, const Root& root) {
    LiveClocks live;
    std::set<int> known;
    std::map<int, std::string> online_files;
    for (const auto& param : conf.params) {
        if (param.role == NvpmodelParam::Role::cpu_online) {
            for (const auto& [arg, path] : param.args)
                if (auto cpu = cpu_of_online_path(path)) {
                    known.insert(*cpu);
                    online_files[*cpu] = path;
                }
        } else if (param.role == NvpmodelParam::Role::cpu_cluster ||
                   param.role == NvpmodelParam::Role::gpu) {
            if (auto value = read_first(root, param)) live.max_freq[param.name] = *value;
            if (auto value = read_hw_max(root, param)) live.hw_max[param.name] = *value;
        }
    }
    for (const auto& mode : conf.modes)
        for (const auto& [core, online] : mode.cores)
            known.insert(core);

    auto list = read_text_file(root.path("/sys/devices/system/cpu/online"));
    auto online = list ? parse_cpu_list(*list) : std::nullopt;
    for (int core : known) {
        // A core the conf names but this module lacks (a 6-core Orin Nano with the 8-core NX
        // table) is unknown, not offline.
        std::error_code ec;
        auto dir = root.path("/sys/devices/system/cpu/cpu" + std::to_string(core));
        if (!std::filesystem::exists(dir, ec)) continue;
        if (online) {
            live.cores[core] = online->contains(core);
        } else if (auto it = online_files.find(core); it != online_files.end()) {
            if (auto value = read_int_file(root.path(it->second));
                value && (*value == 0 || *value == 1))
                live.cores[core] = *value == 1;
        }
    }
    return live;
}

std::optional<int> infer_current_mode(const NvpmodelConf& conf, const LiveClocks& live) {
    std::optional<int> found;
    int matches = 0;
    for (const auto& mode : conf.modes) {
        int compared = 0;
        bool fits = true;
        for (const auto& [core, online] : mode.cores) {
            auto it = live.cores.find(core);
            if (it == live.cores.end()) continue;
            ++compared;
            fits = fits && it->second == online;
        }
        for (const auto& [param, cap] : mode.max_freq) {
            auto it = live.max_freq.find(param);
            if (it == live.max_freq.end()) continue;
            ++compared;
            auto hw = live.hw_max.find(param);
            fits = fits && cap_fits(conf, param, cap, it->second,
                                    hw == live.hw_max.end() ? std::nullopt
                                                            : std::optional<int64_t>(hw->second));
        }
        if (fits && compared > 0) {
            found = mode.mode.id;
            ++matches;
        }
    }
    if (matches != 1) return std::nullopt;
    return found;
}

}  // namespace edgetop
