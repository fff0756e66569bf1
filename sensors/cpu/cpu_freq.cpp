// Per-core online state, cpufreq clocks and governor, and the cluster (cpufreq policy) of a core.
#include <algorithm>
#include <charconv>
#include <map>

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/cpu/cpu_list.hpp"
#include "sensors/cpu/cpu_sources.hpp"

namespace edgetop {
namespace {

constexpr const char* kCpuDir = "/sys/devices/system/cpu";

// The number after a prefix in the last path component ("/…/cpu12" -> 12, "/…/policy4" -> 4).
std::optional<int> number_after(const std::string& path, std::string_view prefix) {
    size_t slash = path.rfind('/');
    std::string_view name =
        std::string_view(path).substr(slash == std::string::npos ? 0 : slash + 1);
    if (!name.starts_with(prefix)) return {};
    name.remove_prefix(prefix.size());
    int value = -1;
    auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), value);
    if (ec != std::errc() || end != name.data() + name.size() || name.empty()) return {};
    return value;
}

// cpu -> policy number, from policyN/related_cpus (all CPUs of the policy, online or not).
// affected_cpus (online ones only) is the fallback for kernels without related_cpus.
std::map<int, int> read_clusters(const Root& root) {
    std::map<int, int> cluster_of;
    for (const auto& policy_dir : root.glob(std::string(kCpuDir) + "/cpufreq/policy[0-9]*")) {
        auto policy = number_after(policy_dir, "policy");
        if (!policy) continue;
        auto text = read_text_file(root.path(policy_dir + "/related_cpus"));
        if (!text) text = read_text_file(root.path(policy_dir + "/affected_cpus"));
        if (!text) continue;
        if (auto cpus = parse_cpu_list(*text)) {
            for (int cpu : *cpus)
                cluster_of.emplace(cpu, *policy);
        }
    }
    return cluster_of;
}

struct CoreFiles {
    int id = 0;
    std::string dir;  // real path of cpuN
    std::optional<int> cluster;
    SysFile online;  // absent for cores that cannot be unplugged (often cpu0)
    SysFile cur, min, max, hw_max, governor;
    bool was_online = true;

    void open_cpufreq() {
        const std::string freq = dir + "/cpufreq/";
        // scaling_cur_freq, not cpuinfo_cur_freq: the latter is mode 0400 (root only).
        cur = SysFile(freq + "scaling_cur_freq");
        min = SysFile(freq + "scaling_min_freq");
        max = SysFile(freq + "scaling_max_freq");
        hw_max = SysFile(freq + "cpuinfo_max_freq");
        governor = SysFile(freq + "scaling_governor");
    }
};

std::optional<int64_t> read_khz(SysFile& file) {
    auto value = file.read_int();
    if (!value || *value <= 0) return std::nullopt;
    return value;
}

class CpuFreqSource : public Source {
  public:
    std::string name() const override { return "cpu_freq"; }

    bool discover(const Root& root) override {
        cores_.clear();
        auto clusters = read_clusters(root);
        for (const auto& machine_dir : root.glob(std::string(kCpuDir) + "/cpu[0-9]*")) {
            auto id = number_after(machine_dir, "cpu");
            if (!id) continue;
            CoreFiles core;
            core.id = *id;
            core.dir = root.path(machine_dir);
            if (auto it = clusters.find(*id); it != clusters.end()) core.cluster = it->second;
            core.online = SysFile(core.dir + "/online");
            core.open_cpufreq();
            cores_.push_back(std::move(core));
        }
        online_list_ = SysFile(root.path(std::string(kCpuDir) + "/online"));
        return !cores_.empty();
    }

    void poll(Sample& sample) override {
        online_list_read_ = false;
        sample.cpu.cores.reserve(cores_.size());
        for (auto& files : cores_) {
            CoreSample core;
            core.id = files.id;
            core.cluster = files.cluster;
            core.online = is_online(files);
            // A core brought online after discovery may only now have its cpufreq files.
            if (core.online && !files.was_online && !files.cur.is_open()) files.open_cpufreq();
            files.was_online = core.online;
            if (core.online) {
                core.freq_khz = read_khz(files.cur);
                core.min_khz = read_khz(files.min);
                core.max_khz = read_khz(files.max);
                core.hw_max_khz = read_khz(files.hw_max);
                auto governor = files.governor.read_text();
                if (governor && !governor->empty()) core.governor = std::move(*governor);
            }
            // Offline: the policy of a fully offline cluster is inactive and its files fail with
            // EBUSY, so no clock is reported at all.
            sample.cpu.cores.push_back(std::move(core));
        }
    }

    std::vector<SourceStatus> status() const override {
        using State = SourceStatus::State;
        SourceStatus cores{"cpu.cores", cores_.empty() ? State::absent : State::found, kCpuDir, ""};
        if (cores_.empty()) cores.hint = "no cpuN directories under " + std::string(kCpuDir);
        bool any_freq = false;
        for (const auto& core : cores_)
            any_freq = any_freq || core.cur.is_open();
        SourceStatus freq{"cpu.freq", any_freq ? State::found : State::absent,
                          std::string(kCpuDir) + "/cpufreq", ""};
        if (!any_freq) freq.hint = "no cpufreq driver exposes scaling_cur_freq";
        return {cores, freq};
    }

  private:
    // cpuN/online ("1"/"0"); a core without that file cannot be unplugged and is online. An
    // unreadable file falls back to the system-wide online list.
    bool is_online(CoreFiles& files) {
        if (!files.online.is_open()) return true;
        auto value = files.online.read_int();
        if (value == 0 || value == 1) return *value == 1;
        if (!online_list_read_) {
            online_list_read_ = true;
            auto text = online_list_.read();
            online_cpus_ = text ? parse_cpu_list(*text) : std::nullopt;
        }
        if (!online_cpus_) return true;
        return std::binary_search(online_cpus_->begin(), online_cpus_->end(), files.id);
    }

    std::vector<CoreFiles> cores_;
    SysFile online_list_;
    bool online_list_read_ = false;
    std::optional<std::vector<int>> online_cpus_;
};

}  // namespace

SourcePtr make_cpu_freq_source() {
    return std::make_unique<CpuFreqSource>();
}

}  // namespace edgetop
