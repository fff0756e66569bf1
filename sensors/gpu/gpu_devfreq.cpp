// Integrated GPUs through devfreq (/sys/class/devfreq/*) and the nvgpu status files of the device
// each devfreq node belongs to (load, railgate_enable, enable_3d_scaling, tpc_pg_mask).
#include "sensors/gpu/gpu_devfreq.hpp"

#include <algorithm>
#include <array>

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/gpu/gpu_probe.hpp"
#include "sensors/gpu/gpu_sources.hpp"

namespace edgetop {

bool is_gpu_of_node_name(std::string_view name) {
    constexpr std::array<std::string_view, 4> known = {"gv11b", "gp10b", "ga10b", "gb10b"};
    return std::find(known.begin(), known.end(), name) != known.end() ||
           name.find("gpu") != std::string_view::npos;
}

bool is_gpu_devfreq_name(std::string_view devfreq_name) {
    return devfreq_name.starts_with("gpu-gpc");
}

std::vector<int64_t> parse_frequency_list(std::string_view text) {
    std::vector<int64_t> out;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find_first_of(" \t\n", pos);
        if (end == std::string_view::npos) end = text.size();
        if (end > pos) {
            auto value = parse_int(text.substr(pos, end - pos));
            if (value && *value > 0) out.push_back(*value);
        }
        pos = end + 1;
    }
    return out;
}

namespace {

std::optional<bool> flag(std::optional<int64_t> value) {
    if (value && (*value == 0 || *value == 1)) return *value == 1;
    return std::nullopt;
}

// nvgpu reports load in tenths of a percent (0-1000); anything else is not a reading.
std::optional<double> load_percent(std::optional<int64_t> per_mille) {
    if (per_mille && *per_mille >= 0 && *per_mille <= 1000) return *per_mille / 10.0;
    return std::nullopt;
}

// A GPC clock counter of the integrated GPU:
// /sys/kernel/debug/bpmp/debug/clk/nafll_gpcN/pto_counter (AGX Orin; debugfs, readable by root
// only), the clock tegrastats prints as "@[f0,f1]".
struct GpcClock {
    int id = 0;
    SysFile rate;
};

// "nafll_gpc1" -> 1; "gpu-gpc-0" -> 0.
std::optional<int> gpc_number(std::string_view name) {
    size_t digits = name.find_last_not_of("0123456789");
    if (digits == std::string_view::npos || digits + 1 == name.size()) return std::nullopt;
    auto number = parse_int(name.substr(digits + 1));
    if (!number || *number > 1000) return std::nullopt;
    return static_cast<int>(*number);
}

struct GpuNode {
    std::string name;
    std::string devfreq_path;  // machine path of the devfreq directory
    std::string device_path;   // machine path of the device holding the status files
    SysFile cur, min, max, governor;
    SysFile load, railgate, scaling_3d, tpc_pg_mask;
    std::vector<int64_t> available_hz;
    std::optional<int64_t> hw_max_hz;
};

class GpuSource final : public Source {
  public:
    std::string name() const override { return "gpu"; }

    bool discover(const Root& root) override {
        nodes_.clear();
        for (const auto& entry : root.glob("/sys/class/devfreq/*")) {
            std::string gpu_name;
            if (auto of_name = read_text_file(root.path(entry + "/device/of_node/name"))) {
                if (!is_gpu_of_node_name(*of_name)) continue;
                gpu_name = *of_name;
            } else {
                std::string_view base = std::string_view(entry).substr(entry.rfind('/') + 1);
                if (!is_gpu_devfreq_name(base)) continue;
                gpu_name = base;
            }
            nodes_.push_back(open_node(root, entry, std::move(gpu_name)));
        }
        gpcs_.clear();
        for (const auto& file :
             root.glob("/sys/kernel/debug/bpmp/debug/clk/nafll_gpc*/pto_counter")) {
            std::string_view dir = std::string_view(file).substr(0, file.rfind('/'));
            auto id = gpc_number(dir.substr(dir.rfind('/') + 1));
            if (id) gpcs_.push_back({*id, SysFile(root.path(file))});
        }
        return !nodes_.empty();
    }

    void poll(Sample& sample) override {
        for (auto& node : nodes_) {
            GpuSample gpu;
            gpu.name = node.name;
            gpu.source = "devfreq";
            gpu.load_pct = load_percent(node.load.read_int());
            gpu.freq_hz = positive(node.cur.read_int());
            gpu.min_hz = positive(node.min.read_int());
            gpu.max_hz = positive(node.max.read_int());
            gpu.hw_max_hz = node.hw_max_hz;
            gpu.available_hz = node.available_hz;
            if (auto governor = node.governor.read_text(); governor && !governor->empty())
                gpu.governor = std::move(*governor);
            gpu.railgate_enabled = flag(node.railgate.read_int());
            gpu.scaling_3d_enabled = flag(node.scaling_3d.read_int());
            if (auto mask = node.tpc_pg_mask.read_int(); mask && *mask >= 0) gpu.tpc_pg_mask = mask;
            read_gpcs(node, gpu);
            sample.gpu.push_back(std::move(gpu));
        }
    }

    std::vector<SourceStatus> status() const override {
        if (nodes_.empty()) {
            return {{"gpu.devfreq", SourceStatus::State::absent, "/sys/class/devfreq",
                     "no devfreq node of a GPU (of_node gv11b, gp10b, ga10b, gb10b, *gpu*, or "
                     "gpu-gpc-*)"}};
        }
        std::vector<SourceStatus> out;
        for (const auto& node : nodes_) {
            out.push_back({"gpu.devfreq", SourceStatus::State::found, node.devfreq_path, ""});
            out.push_back(file_status(
                "gpu.load", node.load.open_result(), node.device_path + "/load",
                "no nvgpu load file for this GPU (Thor reports GPU load only through NVML)",
                "the GPU load file is not readable by this user: run edgetop as root (sudo)"));
        }
        return out;
    }

  private:
    // The debugfs GPC counters belong to the integrated GPU (the first of_node GPU; a board has
    // one); Thor's GPC clock domain "gpu-gpc-N" is itself GPC N.
    void read_gpcs(GpuNode& node, GpuSample& gpu) {
        if (is_gpu_devfreq_name(node.name)) {
            if (auto id = gpc_number(node.name)) gpu.gpc.push_back({*id, gpu.freq_hz});
            return;
        }
        if (&node != &nodes_.front()) return;
        for (auto& gpc : gpcs_) {
            auto hz = gpc.rate.read_int();
            if (hz && *hz < 0) hz.reset();
            gpu.gpc.push_back({gpc.id, hz});
        }
        if (gpu.gpc.empty() || gpu.freq_hz) return;
        for (const auto& gpc : gpu.gpc)
            if (gpc.freq_hz && *gpc.freq_hz > 0 && (!gpu.freq_hz || *gpc.freq_hz > *gpu.freq_hz))
                gpu.freq_hz = gpc.freq_hz;
    }

    static GpuNode open_node(const Root& root, const std::string& entry, std::string gpu_name) {
        GpuNode node;
        node.name = std::move(gpu_name);
        node.devfreq_path = machine_realpath(root, entry);
        node.device_path = machine_realpath(root, entry + "/device");
        std::string freq_dir = root.path(node.devfreq_path);
        std::string device_dir = root.path(node.device_path);
        node.cur = SysFile(freq_dir + "/cur_freq");
        node.min = SysFile(freq_dir + "/min_freq");
        node.max = SysFile(freq_dir + "/max_freq");
        node.governor = SysFile(freq_dir + "/governor");
        node.load = SysFile(device_dir + "/load");
        node.railgate = SysFile(device_dir + "/railgate_enable");
        node.scaling_3d = SysFile(device_dir + "/enable_3d_scaling");
        node.tpc_pg_mask = SysFile(device_dir + "/tpc_pg_mask");
        if (auto table = read_text_file(freq_dir + "/available_frequencies")) {
            node.available_hz = parse_frequency_list(*table);
            if (!node.available_hz.empty())
                node.hw_max_hz =
                    *std::max_element(node.available_hz.begin(), node.available_hz.end());
        }
        return node;
    }

    std::vector<GpuNode> nodes_;
    std::vector<GpcClock> gpcs_;
};

}  // namespace

SourcePtr make_gpu_source() {
    return std::make_unique<GpuSource>();
}

}  // namespace edgetop
