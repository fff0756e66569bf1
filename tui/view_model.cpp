#include "tui/view_model.hpp"

#include <algorithm>

namespace edgetop::tui {
namespace {

constexpr size_t kMaxEvents = 1000;

std::optional<double> ram_used_pct(const MemSample& mem) {
    if (!mem.total_kb || *mem.total_kb <= 0) return std::nullopt;
    std::optional<int64_t> used = mem.used_kb;
    if (!used && mem.available_kb) used = *mem.total_kb - *mem.available_kb;
    if (!used) return std::nullopt;
    return 100.0 * static_cast<double>(*used) / static_cast<double>(*mem.total_kb);
}

void grow_to(std::vector<History>& histories, size_t n) {
    while (histories.size() < n)
        histories.emplace_back();
}

}  // namespace

void ViewModel::update(const Sample& sample) {
    for (const auto& id : sample.flags)
        if (std::find(sample_.flags.begin(), sample_.flags.end(), id) == sample_.flags.end())
            events_.push_back({sample.t_s, id, true});
    for (const auto& id : sample_.flags)
        if (std::find(sample.flags.begin(), sample.flags.end(), id) == sample.flags.end())
            events_.push_back({sample.t_s, id, false});
    if (events_.size() > kMaxEvents) events_.erase(events_.begin(), events_.end() - kMaxEvents);

    sample_ = sample;
    ++samples_;
    auto& h = history_;
    h.cpu_util.push(sample.cpu.util_pct);
    grow_to(h.core_util, sample.cpu.cores.size());
    for (size_t i = 0; i < sample.cpu.cores.size(); ++i) {
        const auto& core = sample.cpu.cores[i];
        h.core_util[i].push(core.online ? core.util_pct : std::nullopt);
    }
    grow_to(h.gpu_load, sample.gpu.size());
    grow_to(h.gpu_freq_mhz, sample.gpu.size());
    for (size_t i = 0; i < sample.gpu.size(); ++i) {
        const auto& gpu = sample.gpu[i];
        h.gpu_load[i].push(gpu.load_pct);
        std::optional<double> mhz;
        if (gpu.freq_hz) mhz = static_cast<double>(*gpu.freq_hz) / 1e6;
        h.gpu_freq_mhz[i].push(mhz);
    }
    std::optional<double> watts;
    if (auto mw = analysis::total_power_mw(sample)) watts = *mw / 1000.0;
    h.power_total_w.push(watts);
    h.ctxt_per_s.push(sample.system.ctxt_per_s);
    h.emc_util.push(sample.emc ? sample.emc->util_pct : std::nullopt);
    h.ram_used_pct.push(ram_used_pct(sample.mem));
    energy_.add(sample);
}

LayoutModel ViewModel::layout_model() const {
    LayoutModel m;
    m.cores = static_cast<int>(sample_.cpu.cores.size());
    m.gpus = static_cast<int>(sample_.gpu.size());
    m.rails = static_cast<int>(sample_.rails.size());
    m.zones = static_cast<int>(sample_.thermal.size());
    m.fans = static_cast<int>(sample_.fans.size());
    m.engines = static_cast<int>(sample_.engines.size());
    m.flags = static_cast<int>(sample_.flags.size());
    m.cooling = static_cast<int>(sample_.cooling.size());
    return m;
}

}  // namespace edgetop::tui
