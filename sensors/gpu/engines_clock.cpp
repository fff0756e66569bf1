// Hardware engines (APE, DLA, PVA, NVENC, NVDEC, NVJPG, VIC, OFA, SE, CVNAS): on/off and clock
// from the common-clock debugfs (/sys/kernel/debug/clk/<clock>/clk_enable_count, clk_rate), with
// the BPMP's own rate (/sys/kernel/debug/bpmp/debug/clk/<clock>/rate) preferred where it exists,
// as tegrastats does on Xavier and Orin. All of it is debugfs, so root only. An engine's load comes
// from the `load` file of its host1x device where the engine has a devfreq node (VIC on Orin:
// /sys/class/devfreq/15340000.vic/device/load, the file tegrastats reads for its VIC load), a
// world-readable sysfs file: such an engine is listed with its load even where the clocks are not
// readable.
#include "sensors/gpu/engines_clock.hpp"

#include <array>

#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_probe.hpp"
#include "sensors/gpu/gpu_sources.hpp"

namespace edgetop {

std::optional<bool> engine_clock_online(std::optional<int64_t> enable_count,
                                        std::optional<int64_t> rate_hz, bool rate_means_on) {
    if (enable_count && *enable_count >= 1) return true;
    if (rate_means_on && rate_hz && *rate_hz > 0) return true;
    if (enable_count && *enable_count == 0) return false;
    return std::nullopt;
}

std::optional<double> engine_load_percent(std::optional<int64_t> per_mille) {
    if (per_mille && *per_mille >= 0 && *per_mille <= 1000) return *per_mille / 10.0;
    return std::nullopt;
}

namespace {

struct EngineDef {
    std::string_view name;                   // as tegrastats prints it
    std::array<std::string_view, 5> clocks;  // clock names; the first found gives the rate
    bool rate_means_on = false;
    std::string_view device = {};  // its host1x device's name after the address ("15340000.vic")
};

// Clock names per engine across tegra210 (vic03, msenc), tegra186/194 (pvaN_vpsN, pvaN_axi) and
// tegra234 (pva0_vps, pva0_cpu_axi). Sorted by engine name, which is the output order.
constexpr std::array<EngineDef, 15> kEngines = {{
    {"APE", {"ape"}},
    {"CVNAS", {"cvnas"}},
    {"DLA0", {"dla0_core", "dla0_falcon"}},
    {"DLA1", {"dla1_core", "dla1_falcon"}},
    {"NVDEC", {"nvdec"}, false, "nvdec"},
    {"NVDEC1", {"nvdec1"}},
    {"NVENC", {"nvenc", "msenc"}, false, "nvenc"},
    {"NVENC1", {"nvenc1"}},
    {"NVJPG", {"nvjpg"}, false, "nvjpg"},
    {"NVJPG1", {"nvjpg1"}},
    {"OFA", {"ofa"}, false, "ofa"},
    {"PVA0", {"pva0_vps", "pva0_vps0", "pva0_vps1", "pva0_cpu_axi", "pva0_axi"}, true},
    {"PVA1", {"pva1_vps0", "pva1_vps1", "pva1_axi"}, true},
    {"SE", {"se"}},
    {"VIC", {"vic", "vic03"}, false, "vic"},
}};

struct EngineClock {
    SysFile enable_count, rate;
};

struct Engine {
    std::string_view name;
    bool rate_means_on = false;
    std::vector<EngineClock> clocks;  // clocks[0] gives the rate
    SysFile load;                     // per mille, as the GPU's load file
    std::string load_path;            // its machine path
};

// The devfreq node of an engine's device: "<address>.<device>" ("15340000.vic").
std::optional<std::string> engine_devfreq_node(const Root& root, std::string_view device) {
    if (device.empty()) return std::nullopt;
    for (const auto& entry : root.glob("/sys/class/devfreq/*")) {
        std::string_view node = base_name(entry);
        size_t dot = node.find('.');
        if (dot != std::string_view::npos && node.substr(dot + 1) == device) return entry;
    }
    return std::nullopt;
}

std::string clk_dir(std::string_view clock) {
    return "/sys/kernel/debug/clk/" + std::string(clock);
}

class EnginesSource final : public Source {
  public:
    std::string name() const override { return "engines"; }

    bool discover(const Root& root) override {
        engines_.clear();
        denied_ = false;
        for (const auto& def : kEngines) {
            Engine engine{def.name, def.rate_means_on, {}, {}, {}};
            for (std::string_view clock : def.clocks) {
                if (clock.empty()) break;
                SysFile count(root.path(clk_dir(clock) + "/clk_enable_count"));
                if (count.open_result() == OpenResult::needs_root) denied_ = true;
                if (count.open_result() != OpenResult::ok) continue;
                auto bpmp = "/sys/kernel/debug/bpmp/debug/clk/" + std::string(clock) + "/rate";
                auto rate = open_first_readable(root, {bpmp, clk_dir(clock) + "/clk_rate"});
                engine.clocks.push_back({std::move(count), std::move(rate.file)});
            }
            if (auto node = engine_devfreq_node(root, def.device)) {
                engine.load_path = machine_realpath(root, *node + "/device") + "/load";
                engine.load = SysFile(root.path(engine.load_path));
            }
            if (!engine.clocks.empty() || engine.load.is_open())
                engines_.push_back(std::move(engine));
        }
        return !engines_.empty();
    }

    void poll(Sample& sample) override {
        for (auto& engine : engines_) {
            EngineSample out;
            out.name = std::string(engine.name);
            for (size_t i = 0; i < engine.clocks.size(); ++i) {
                auto& clock = engine.clocks[i];
                auto rate = clock.rate.read_int();
                if (rate && *rate < 0) rate.reset();
                if (i == 0) out.freq_hz = rate;
                auto on =
                    engine_clock_online(clock.enable_count.read_int(), rate, engine.rate_means_on);
                if (on && (!out.online || *on)) out.online = on;
            }
            if (engine.load.is_open()) out.load_pct = engine_load_percent(engine.load.read_int());
            sample.engines.push_back(std::move(out));
        }
    }

    std::vector<SourceStatus> status() const override {
        OpenResult state = !engines_.empty() ? OpenResult::ok
                           : denied_         ? OpenResult::needs_root
                                             : OpenResult::absent;
        std::vector<SourceStatus> all{
            file_status("engines", state, "/sys/kernel/debug/clk",
                        "no engine clocks (APE, DLA, PVA, NVENC, NVDEC, NVJPG, VIC, OFA, SE)")};
        // Said only where found: most boards have no engine load file, and its absence is the
        // engines' usual state rather than a problem to report.
        for (const auto& engine : engines_) {
            if (!engine.load.is_open()) continue;
            all.push_back({"engines.load", SourceStatus::State::found, engine.load_path,
                           std::string(engine.name) + " load"});
        }
        return all;
    }

  private:
    std::vector<Engine> engines_;
    bool denied_ = false;
};

}  // namespace

SourcePtr make_engines_source() {
    return std::make_unique<EnginesSource>();
}

}  // namespace edgetop
