// Hand-written parser: /etc/nvpmodel.conf is NVIDIA's own line format (`< BLOCK KEY=VALUE >`
// headers followed by whitespace-separated settings); no library reads it, and nvpmodel itself
// must not be run (no subprocesses).
#include "sensors/board/nvpmodel_conf.hpp"

#include <charconv>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

constexpr int64_t kIntMax = 2147483647;
constexpr std::string_view kCpuDir = "/sys/devices/system/cpu/cpu";

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
        size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

// The N of /sys/devices/system/cpu/cpuN/...
std::optional<int> cpu_number(std::string_view path) {
    if (!path.starts_with(kCpuDir)) return std::nullopt;
    auto rest = path.substr(kCpuDir.size());
    int n = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
    if (ec != std::errc() || end == rest.data() || end == rest.data() + rest.size() || *end != '/')
        return std::nullopt;
    return n;
}

bool is_online_path(std::string_view path) {
    return cpu_number(path) && path.ends_with("/online");
}

NvpmodelParam::Role role_of(const NvpmodelParam& param) {
    using Role = NvpmodelParam::Role;
    if (param.name == "GPU") return Role::gpu;
    if (param.name == "EMC") return Role::emc;
    for (const auto& [arg, path] : param.args)
        if (is_online_path(path)) return Role::cpu_online;
    auto max = param.args.find("MAX_FREQ");
    if (max == param.args.end()) return Role::other;
    const std::string& path = max->second;
    if (cpu_number(path) && path.find("/cpufreq/") != std::string::npos) return Role::cpu_cluster;
    // nvpmodel_emc_cap/ also holds DLA/PVA caps (nafll_*): only the EMC file itself counts.
    if (path.ends_with("/emc_iso_cap") || path.ends_with("/emc")) return Role::emc;
    return Role::other;
}

struct Header {
    std::string_view kind;
    std::map<std::string_view, std::string_view> attrs;
};

// "< POWER_MODEL ID=2 NAME=MODE_30W >" (also "<PARAM ...>" without the space).
std::optional<Header> parse_header(std::string_view line) {
    auto close = line.find('>');
    if (close == std::string_view::npos) return std::nullopt;
    auto words = split_words(line.substr(1, close - 1));
    if (words.empty()) return std::nullopt;
    Header header{words[0], {}};
    for (size_t i = 1; i < words.size(); ++i) {
        auto eq = words[i].find('=');
        if (eq == std::string_view::npos || eq == 0) continue;
        header.attrs.emplace(words[i].substr(0, eq), words[i].substr(eq + 1));
    }
    return header;
}

std::optional<int> parse_id(const Header& header, std::string_view key) {
    auto it = header.attrs.find(key);
    if (it == header.attrs.end()) return std::nullopt;
    auto value = parse_int(it->second);
    if (!value || *value < 0 || *value > kIntMax) return std::nullopt;
    return static_cast<int>(*value);
}

// A cap worth reporting: positive and not the "no limit" sentinel.
std::optional<int64_t> as_cap(int64_t value) {
    if (value <= 0 || is_unlimited_clock(value)) return std::nullopt;
    return value;
}

struct RawMode {
    NvpmodelMode mode;
    std::vector<std::vector<std::string_view>> settings;
};

// Pre-R28 files write raw sysfs paths ("/sys/devices/system/cpu/cpu1/online 1"); each path
// becomes a PARAM of its own so both formats resolve the same way. Clusters are named after the
// policy CPU ("cpu0"), the GPU devfreq node "GPU", the EMC cap "EMC".
std::optional<std::pair<std::string, std::string>> legacy_param_for(std::string_view path) {
    auto cpu = cpu_number(path);
    if (cpu && path.ends_with("/online"))
        return std::pair{std::string("CPU_ONLINE"), "CORE_" + std::to_string(*cpu)};
    std::string arg;
    if (path.ends_with("scaling_max_freq") || path.ends_with("/max_freq")) arg = "MAX_FREQ";
    if (path.ends_with("scaling_min_freq") || path.ends_with("/min_freq")) arg = "MIN_FREQ";
    if (path.ends_with("emc_iso_cap"))
        return std::pair{std::string("EMC"), std::string("MAX_FREQ")};
    if (arg.empty()) return std::nullopt;
    if (cpu && path.find("/cpufreq/") != std::string_view::npos)
        return std::pair{"cpu" + std::to_string(*cpu), arg};
    if (path.find("devfreq") != std::string_view::npos) return std::pair{std::string("GPU"), arg};
    return std::nullopt;
}

NvpmodelParam& param_named(NvpmodelConf& conf, const std::string& name, std::string_view type) {
    for (auto& p : conf.params)
        if (p.name == name) return p;
    conf.params.push_back({name, std::string(type), NvpmodelParam::Role::other, {}});
    return conf.params.back();
}

void apply_setting(const NvpmodelParam& param, std::string_view arg, std::string_view value_text,
                   NvpmodelMode& out) {
    using Role = NvpmodelParam::Role;
    auto value = parse_int(value_text);
    if (!value) return;  // FILE values such as "on" / "auto" carry no cap
    if (param.role == Role::cpu_online) {
        auto path = param.args.find(std::string(arg));
        auto core = path == param.args.end() ? std::nullopt : cpu_number(path->second);
        if (core && (*value == 0 || *value == 1)) out.cores[*core] = *value == 1;
        return;
    }
    if (*value < -1) return;
    PowerMode& mode = out.mode;
    if (arg == "MAX_FREQ") {
        out.max_freq[param.name] = *value;
        auto cap = as_cap(*value);
        if (param.role == Role::cpu_cluster) {
            if (cap)
                mode.cpu_max_khz[param.name] = *cap;
            else
                mode.cpu_max_khz.erase(param.name);
        }
        if (param.role == Role::gpu) mode.gpu_max_hz = cap;
        if (param.role == Role::emc) mode.emc_max_hz = cap;
    } else if (arg == "MIN_FREQ" && param.role == Role::gpu) {
        mode.gpu_min_hz = as_cap(*value);
    }
}

void resolve(NvpmodelConf& conf, RawMode& raw) {
    for (const auto& words : raw.settings) {
        if (words.size() == 2 && words[0].starts_with('/')) {
            auto legacy = legacy_param_for(words[0]);
            if (!legacy) continue;
            auto& param = param_named(conf, legacy->first, "LEGACY");
            param.args[legacy->second] = std::string(words[0]);
            param.role = role_of(param);
            apply_setting(param, legacy->second, words[1], raw.mode);
        } else if (words.size() == 3) {
            if (const auto* param = conf.param(words[0]))
                apply_setting(*param, words[1], words[2], raw.mode);
        }
    }
    // Core 0 cannot be taken offline on Jetson; confs that set other cores leave it out.
    auto& cores = raw.mode.cores;
    if (!cores.empty() && !cores.contains(0)) cores[0] = true;
    for (const auto& [core, online] : cores)
        if (online) raw.mode.mode.online_cores.push_back(core);
}

}  // namespace

bool is_unlimited_clock(int64_t value) {
    return value == -1 || value >= kIntMax;
}

std::optional<double> budget_w_from_name(std::string_view name) {
    size_t start = 0;
    while (start <= name.size()) {
        size_t end = name.find('_', start);
        if (end == std::string_view::npos) end = name.size();
        auto part = name.substr(start, end - start);
        if (part.size() >= 2 && (part.back() == 'W' || part.back() == 'w')) {
            auto watts = parse_double(part.substr(0, part.size() - 1));
            bool digits_first = part[0] >= '0' && part[0] <= '9';
            if (watts && digits_first && *watts > 0) return watts;
        }
        start = end + 1;
    }
    return std::nullopt;
}

const NvpmodelParam* NvpmodelConf::param(std::string_view name) const {
    for (const auto& p : params)
        if (p.name == name) return &p;
    return nullptr;
}

const NvpmodelMode* NvpmodelConf::mode(int id) const {
    for (const auto& m : modes)
        if (m.mode.id == id) return &m;
    return nullptr;
}

std::vector<PowerMode> NvpmodelConf::power_modes() const {
    std::vector<PowerMode> out;
    out.reserve(modes.size());
    for (const auto& m : modes)
        out.push_back(m.mode);
    return out;
}

NvpmodelConf parse_nvpmodel(std::string_view text) {
    enum class Section { none, param, mode };
    NvpmodelConf conf;
    std::vector<RawMode> raw_modes;
    Section section = Section::none;
    NvpmodelParam* param = nullptr;

    while (!text.empty()) {
        std::string_view line = next_line(text);
        line = trim(line.substr(0, line.find('#')));
        if (line.empty()) continue;

        if (line.front() == '<') {
            section = Section::none;
            auto header = parse_header(line);
            if (!header) continue;
            if (header->kind == "PARAM") {
                auto name = header->attrs.find("NAME");
                auto type = header->attrs.find("TYPE");
                if (name == header->attrs.end() || conf.param(name->second)) continue;
                conf.params.push_back({std::string(name->second),
                                       type == header->attrs.end() ? "" : std::string(type->second),
                                       NvpmodelParam::Role::other,
                                       {}});
                param = &conf.params.back();
                section = Section::param;
            } else if (header->kind == "POWER_MODEL") {
                auto id = parse_id(*header, "ID");
                if (!id) continue;
                bool duplicate = false;
                for (const auto& m : raw_modes)
                    duplicate = duplicate || m.mode.mode.id == *id;
                if (duplicate) continue;  // nvpmodel applies the first definition
                RawMode raw;
                raw.mode.mode.id = *id;
                auto name = header->attrs.find("NAME");
                if (name != header->attrs.end()) raw.mode.mode.name = std::string(name->second);
                raw.mode.mode.budget_w = budget_w_from_name(raw.mode.mode.name);
                raw_modes.push_back(std::move(raw));
                section = Section::mode;
            } else if (header->kind == "PM_CONFIG") {
                if (auto id = parse_id(*header, "DEFAULT")) conf.default_id = id;
            }
            continue;
        }

        auto words = split_words(line);
        if (section == Section::param && param) {
            // FILE/CLOCK lines are "ARG PATH"; HWMON lines "ARG DIR FILE". A third word on a
            // FILE/CLOCK line is a broken (terminal-wrapped) path: skip it.
            bool hwmon = param->type == "HWMON";
            if (words.size() == 2 && !hwmon)
                param->args[std::string(words[0])] = std::string(words[1]);
            else if (words.size() == 3 && hwmon)
                param->args[std::string(words[0])] =
                    std::string(words[1]) + "/" + std::string(words[2]);
            param->role = role_of(*param);
        } else if (section == Section::mode && !raw_modes.empty()) {
            raw_modes.back().settings.push_back(std::move(words));
        }
    }

    // Settings are resolved once every PARAM is known; legacy lines may add params, so the
    // pointer into params is not kept past this point.
    param = nullptr;
    for (auto& raw : raw_modes) {
        resolve(conf, raw);
        conf.modes.push_back(std::move(raw.mode));
    }
    return conf;
}

}  // namespace edgetop
