// NVIDIA GPUs through NVML: discovery once (library, devices, names), then each poll re-reads
// every value; the merge with a devfreq GPU and the re-probing are described in gpu_nvml.hpp.
//
// Every NVML call is made from the sampler's poll. A real device answers each in tens of
// microseconds (bench/README.md has the figures with the stand-in library); a device that
// answers nothing is not asked again before `reprobe_every`, so a board whose NVML answers only
// NOT_SUPPORTED (Orin on JetPack 7) pays for one round of calls every few seconds, not per poll.
#include "sensors/gpu/gpu_nvml.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

#include "sensors/core/text_scan.hpp"
#include "sensors/gpu/gpu_sources.hpp"
#include "sensors/gpu/nvml_library.hpp"

namespace edgetop {

bool is_integrated_nvml_name(std::string_view name) {
    std::string lower = ascii::lowered(name);
    for (std::string_view part : {"thor", "orin", "xavier", "nvgpu", "tegra"})
        if (lower.find(part) != std::string::npos) return true;
    return false;
}

namespace {

using Clock = std::chrono::steady_clock;
using nvml::kSuccess;

struct NvmlDevice {
    nvml::Device handle = nullptr;
    unsigned index = 0;  // NVML's (and nvidia-smi's) index
    std::string name;
    bool integrated = false;
    Clock::time_point quiet_until{};  // answered nothing: not asked again before then
};

// One poll's answers of one device and how many of its queries answered.
struct Reading {
    GpuSample values;
    std::vector<EngineSample> engines;  // named by kind (NVENC, ...): video engines that answered
    int answered = 0;
};

// The video engines' loads; an engine whose query is missing or answers NOT_SUPPORTED (or any
// error, or a percent above 100) has no entry.
void read_engines(const nvml::Api& api, nvml::Device device, Reading& r) {
    for (size_t i = 0; i < nvml::kEngineQueries.size(); ++i) {
        if (!api.engines[i]) continue;
        unsigned percent = 0, period_us = 0;
        if (api.engines[i](device, &percent, &period_us) != kSuccess || percent > 100) continue;
        EngineSample e;
        e.name = nvml::kEngineQueries[i].name;
        e.load_pct = percent;
        if (period_us > 0) e.load_period_s = period_us / 1e6;
        r.engines.push_back(std::move(e));
        ++r.answered;
    }
}

Reading read_device(const nvml::Api& api, nvml::Device device) {
    Reading r;
    GpuSample& g = r.values;
    nvml::Utilization use{};
    if (api.utilization(device, &use) == kSuccess && use.gpu <= 100 && use.memory <= 100) {
        g.load_pct = use.gpu;
        g.mem_util_pct = use.memory;
        ++r.answered;
    }
    auto clock_hz = [&](nvml::Return (*query)(nvml::Device, int, unsigned*),
                        int type) -> std::optional<int64_t> {
        unsigned mhz = 0;
        if (query(device, type, &mhz) != kSuccess || mhz == 0) return std::nullopt;
        ++r.answered;
        return static_cast<int64_t>(mhz) * 1000000;
    };
    g.freq_hz = clock_hz(api.clock, nvml::kClockGraphics);
    g.hw_max_hz = clock_hz(api.max_clock, nvml::kClockGraphics);
    g.mem_freq_hz = clock_hz(api.clock, nvml::kClockMemory);
    g.mem_max_hz = clock_hz(api.max_clock, nvml::kClockMemory);
    auto value = [&](auto query, auto&&... args) -> std::optional<double> {
        unsigned out = 0;
        if (query(device, args..., &out) != kSuccess) return std::nullopt;
        ++r.answered;
        return out;
    };
    g.temp_c = value(api.temperature, nvml::kTemperatureGpu);
    g.power_mw = value(api.power);
    g.power_limit_mw = value(api.power_limit);
    nvml::Memory memory{};
    if (api.memory(device, &memory) == kSuccess && memory.total > 0 &&
        memory.used <= memory.total) {
        g.mem_total_kb = static_cast<int64_t>(memory.total / 1024);
        g.mem_used_kb = static_cast<int64_t>(memory.used / 1024);
        ++r.answered;
    }
    read_engines(api, device, r);
    return r;
}

template <class T>
bool fill(std::optional<T>& into, const std::optional<T>& from) {
    if (into || !from) return false;
    into = from;
    return true;
}

// NVML's values where the devfreq entry has none; whether any was taken.
bool complete(GpuSample& gpu, const GpuSample& from) {
    bool any = false;
    any |= fill(gpu.load_pct, from.load_pct);
    any |= fill(gpu.freq_hz, from.freq_hz);
    any |= fill(gpu.hw_max_hz, from.hw_max_hz);
    any |= fill(gpu.mem_util_pct, from.mem_util_pct);
    any |= fill(gpu.mem_freq_hz, from.mem_freq_hz);
    any |= fill(gpu.mem_max_hz, from.mem_max_hz);
    any |= fill(gpu.temp_c, from.temp_c);
    any |= fill(gpu.power_mw, from.power_mw);
    any |= fill(gpu.power_limit_mw, from.power_limit_mw);
    any |= fill(gpu.mem_used_kb, from.mem_used_kb);
    any |= fill(gpu.mem_total_kb, from.mem_total_kb);
    return any;
}

// An integrated GPU's video engines are the SoC's own: NVML completes the entry the engine clocks
// made (its load where that has none) or adds one. A discrete GPU's are its own, named after its
// NVML index ("GPU1 NVENC") so that two boards and the SoC never share an engine name.
void add_engines(std::vector<EngineSample>& engines, std::vector<EngineSample> from,
                 const NvmlDevice& device) {
    for (auto& e : from) {
        if (!device.integrated) {
            e.name = "GPU" + std::to_string(device.index) + " " + e.name;
            engines.push_back(std::move(e));
            continue;
        }
        auto same = std::find_if(engines.begin(), engines.end(),
                                 [&](const EngineSample& x) { return x.name == e.name; });
        if (same == engines.end()) {
            engines.push_back(std::move(e));
        } else if (!same->load_pct) {
            same->load_pct = e.load_pct;
            same->load_period_s = e.load_period_s;
        }
    }
}

// Per pid, the GPU memory in bytes it holds (absent where NVML cannot say).
using Holders = std::map<unsigned, std::optional<uint64_t>>;

class NvmlSource final : public Source {
  public:
    NvmlSource(std::string library_path, std::chrono::seconds reprobe_every)
        : library_path_(std::move(library_path)), reprobe_every_(reprobe_every) {}

    std::string name() const override { return "nvml"; }

    bool discover(const Root&) override {
        devices_.clear();
        library_.reset();
        library_ = nvml::Library::open(library_path_, why_);
        if (!library_) return false;
        const nvml::Api& api = library_->api();
        unsigned count = 0;
        if (nvml::Return code = api.device_count(&count); code != kSuccess) {
            why_ = "nvmlDeviceGetCount_v2 failed: " + nvml::error_text(code);
            library_.reset();
            return false;
        }
        for (unsigned i = 0; i < count; ++i) {
            NvmlDevice device;
            device.index = i;
            if (api.device_by_index(i, &device.handle) != kSuccess) continue;
            char name[nvml::kNameLength] = {};
            if (api.name(device.handle, name, sizeof name) == kSuccess)
                device.name.assign(name, strnlen(name, sizeof name));
            if (device.name.empty()) device.name = "nvml" + std::to_string(i);
            device.integrated = is_integrated_nvml_name(device.name);
            devices_.push_back(std::move(device));
        }
        if (devices_.empty()) {
            why_ = "NVML lists no GPU";
            library_.reset();
            return false;
        }
        name_duplicates();
        return true;
    }

    void poll(Sample& sample) override {
        if (!library_) return;
        const nvml::Api& api = library_->api();
        auto now = Clock::now();
        Holders holders;
        bool devfreq_completed = false;
        for (auto& device : devices_) {
            Reading r;
            if (now >= device.quiet_until) {
                r = read_device(api, device.handle);
                if (r.answered == 0) device.quiet_until = now + reprobe_every_;
            }
            GpuSample* devfreq = nullptr;
            if (device.integrated && !devfreq_completed) devfreq = first_devfreq_gpu(sample);
            if (devfreq) {
                devfreq_completed = true;
                if (complete(*devfreq, r.values)) devfreq->source = "devfreq+nvml";
            } else {
                r.values.name = device.name;
                r.values.source = "nvml";
                sample.gpu.push_back(std::move(r.values));
            }
            add_engines(sample.engines, std::move(r.engines), device);
            if (r.answered > 0) add_holders(api, device.handle, holders);
        }
        if (sample.procs && !holders.empty()) {
            mark_holders(sample.procs->top, holders);
            mark_holders(sample.procs->all, holders);
        }
    }

    std::vector<SourceStatus> status() const override {
        if (!library_) return {{"gpu.nvml", SourceStatus::State::absent, library_path_, why_}};
        std::string names;
        for (const auto& device : devices_)
            names += (names.empty() ? "" : ", ") + device.name;
        return {{"gpu.nvml", SourceStatus::State::found, library_->path(), names}};
    }

  private:
    static GpuSample* first_devfreq_gpu(Sample& sample) {
        for (auto& gpu : sample.gpu)
            if (gpu.source == "devfreq") return &gpu;
        return nullptr;
    }

    // Two boards of one model get " #<index>" so that each has its own `gpu` label.
    void name_duplicates() {
        std::map<std::string, int> uses;
        for (const auto& device : devices_)
            ++uses[device.name];
        for (size_t i = 0; i < devices_.size(); ++i)
            if (uses[devices_[i].name] > 1) devices_[i].name += " #" + std::to_string(i);
    }

    // The processes of one device's compute and graphics lists; a process in both counts once
    // (the larger figure, as jtop does), and the devices add up.
    void add_holders(const nvml::Api& api, nvml::Device device, Holders& holders) {
        Holders on_device;
        for (auto query : {api.compute_processes, api.graphics_processes}) {
            if (buffer_.empty()) buffer_.resize(64);
            unsigned count = static_cast<unsigned>(buffer_.size());
            nvml::Return code = query(device, &count, buffer_.data());
            if (code == nvml::kInsufficientSize && count > buffer_.size()) {
                buffer_.resize(count + 16);
                count = static_cast<unsigned>(buffer_.size());
                code = query(device, &count, buffer_.data());
            }
            if (code != kSuccess) continue;
            for (unsigned i = 0; i < std::min<size_t>(count, buffer_.size()); ++i) {
                const auto& p = buffer_[i];
                auto& bytes = on_device[p.pid];
                if (p.used_gpu_memory != nvml::kValueNotAvailable)
                    bytes = std::max<uint64_t>(bytes.value_or(0), p.used_gpu_memory);
            }
        }
        for (const auto& [pid, bytes] : on_device) {
            auto [at, inserted] = holders.try_emplace(pid, bytes);
            if (!inserted && bytes) at->second = at->second.value_or(0) + *bytes;
        }
    }

    static void mark_holders(std::vector<ProcessSample>& processes, const Holders& holders) {
        for (auto& p : processes) {
            auto it = holders.find(static_cast<unsigned>(p.pid));
            if (it == holders.end()) continue;
            p.gpu = true;
            if (it->second) p.gpu_mem_kb = static_cast<int64_t>(*it->second / 1024);
        }
    }

    std::string library_path_;
    std::chrono::seconds reprobe_every_;
    std::unique_ptr<nvml::Library> library_;
    std::string why_ = "not probed yet";
    std::vector<NvmlDevice> devices_;
    std::vector<nvml::ProcessInfo> buffer_;
};

}  // namespace

SourcePtr make_nvml_source(std::string library_path, std::chrono::seconds reprobe_every) {
    return std::make_unique<NvmlSource>(std::move(library_path), reprobe_every);
}

SourcePtr make_nvml_source() {
    return make_nvml_source(nvml::library_path());
}

}  // namespace edgetop
