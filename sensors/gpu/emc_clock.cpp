// The memory controller clock (current, min, max, nvpmodel cap) and its activity monitor.
// Each Jetson generation exposes these in a different place; the first readable one wins.
#include "sensors/gpu/emc_clock.hpp"
#include "sensors/core/sysfs_file.hpp"

#include <algorithm>

#include "sensors/core/source.hpp"
#include "sensors/gpu/gpu_probe.hpp"
#include "sensors/gpu/gpu_sources.hpp"

namespace edgetop {

std::optional<double> emc_util_pct(std::optional<int64_t> mc_all_khz,
                                   std::optional<int64_t> emc_rate_hz) {
    if (!mc_all_khz || *mc_all_khz < 0 || !emc_rate_hz || *emc_rate_hz <= 0) return std::nullopt;
    double rate_khz = static_cast<double>(*emc_rate_hz) / 1000.0;
    double pct = 100.0 * static_cast<double>(*mc_all_khz) / rate_khz;
    return std::clamp(pct, 0.0, 100.0);
}

namespace {

// The index of Thor's BPMP counter among the activity files probed below.
constexpr size_t kBpmpActivity = 2;

class EmcSource final : public Source {
  public:
    std::string name() const override { return "emc"; }

    bool discover(const Root& root) override {
        // Current rate, in order: BPMP clock (TX2, Xavier, Orin), tegra210 override clock (Nano,
        // TX1), Thor's bandwidth-manager devfreq node (readable without root). All in Hz.
        cur_ = open_first_readable(root, {"/sys/kernel/debug/bpmp/debug/clk/emc/rate",
                                          "/sys/kernel/debug/clk/override.emc/clk_rate",
                                          "/sys/class/devfreq/bwmgr/cur_freq"});
        // min/max from the same family as the current rate.
        static constexpr std::string_view min_paths[] = {
            "/sys/kernel/debug/bpmp/debug/clk/emc/min_rate",
            "/sys/kernel/debug/tegra_bwmgr/emc_min_rate", "/sys/class/devfreq/bwmgr/min_freq"};
        static constexpr std::string_view max_paths[] = {
            "/sys/kernel/debug/bpmp/debug/clk/emc/max_rate",
            "/sys/kernel/debug/tegra_bwmgr/emc_max_rate", "/sys/class/devfreq/bwmgr/max_freq"};
        min_ = SysFile(root.path(min_paths[cur_.index]));
        max_ = SysFile(root.path(max_paths[cur_.index]));
        iso_cap_ = open_first_readable(root, {"/sys/kernel/nvpmodel_emc_cap/emc_iso_cap"});
        // Activity, in kHz (docs/emc.md). The kernel actmon drivers (JetPack 6 cactmon, then
        // JetPack 4/5 actmon) come first because their unit is known from source; Thor's BPMP
        // firmware counter (kBpmpActivity) is closed and assumed to use the same unit.
        activity_ =
            open_first_readable(root, {
                                          "/sys/kernel/debug/cactmon/mc_all",
                                          "/sys/kernel/actmon_avg_activity/mc_all",
                                          "/sys/kernel/debug/bpmp/debug/actmon/mc_all_avg_activity",
                                      });
        found_ = cur_.state == OpenResult::ok || iso_cap_.state == OpenResult::ok ||
                 activity_.state == OpenResult::ok;
        return found_;
    }

    void poll(Sample& sample) override {
        if (!found_) return;
        EmcSample emc;
        emc.freq_hz = positive(cur_.file.read_int());
        if (auto min = min_.read_int(); min && *min >= 0) emc.min_hz = min;
        emc.max_hz = positive(max_.read_int());
        // nvpmodel's EMC cap: 0 means no cap; a cap only ever lowers the maximum.
        if (auto cap = positive(iso_cap_.file.read_int());
            cap && (!emc.max_hz || *cap < *emc.max_hz))
            emc.max_hz = cap;
        emc.util_pct = emc_util_pct(activity_.file.read_int(), emc.freq_hz);
        sample.emc = emc;
    }

    std::vector<SourceStatus> status() const override {
        auto actmon = file_status("emc.actmon", activity_.state, activity_.machine_path,
                                  "no memory-controller activity monitor (cactmon, "
                                  "actmon_avg_activity or BPMP actmon)");
        // docs/emc.md: the kernel drivers' unit is in their source; the firmware's is not public.
        if (activity_.state == OpenResult::ok && activity_.index == kBpmpActivity)
            actmon.hint = "unit assumed to be kHz, as the kernel actmon drivers' is: docs/emc.md";
        return {file_status("emc.clock", cur_.state, cur_.machine_path,
                            "no EMC clock (BPMP, tegra210 override.emc or bwmgr devfreq)"),
                std::move(actmon),
                file_status("emc.iso_cap", iso_cap_.state, iso_cap_.machine_path,
                            "no nvpmodel EMC cap on this board")};
    }

  private:
    ProbedFile cur_, iso_cap_, activity_;
    SysFile min_, max_;
    bool found_ = false;
};

}  // namespace

SourcePtr make_emc_source() {
    return std::make_unique<EmcSource>();
}

}  // namespace edgetop
