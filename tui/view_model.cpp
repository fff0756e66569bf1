#include "tui/view_model.hpp"

#include <algorithm>
#include <tuple>

#include "tui/pages.hpp"
#include "tui/process_view.hpp"
#include "tui/widgets.hpp"

namespace edgetop::tui {
namespace {

constexpr size_t kMaxEvents = 1000;

// The items of one of the sample's lists; 0 for a field that is not a list.
template <class T>
int list_size(const T& value) {
    if constexpr (schema::IsVector<T>::value)
        return static_cast<int>(value.size());
    else
        return 0;
}

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

FlagHistory& ViewModel::history_of(const std::string& id) {
    for (auto& h : flag_histories_)
        if (h.id == id) return h;
    flag_histories_.push_back({});
    flag_histories_.back().id = id;
    return flag_histories_.back();
}

const FlagHistory* ViewModel::flag_history(const std::string& id) const {
    for (const auto& h : flag_histories_)
        if (h.id == id) return &h;
    return nullptr;
}

void ViewModel::record_flags(const Sample& sample, const std::vector<FlagDetail>& details) {
    auto has = [](const std::vector<std::string>& flags, const std::string& id) {
        return std::find(flags.begin(), flags.end(), id) != flags.end();
    };
    for (const auto& id : sample.flags)
        if (!has(sample_.flags, id)) {
            events_.push_back({sample.t_s, id, true});
            FlagHistory& h = history_of(id);
            ++h.raised_count;
            h.raised_at_s = sample.t_s;
        }
    for (const auto& id : sample_.flags)
        if (!has(sample.flags, id)) {
            events_.push_back({sample.t_s, id, false});
            FlagHistory& h = history_of(id);
            if (h.raised_at_s) h.active_s += std::max(0.0, sample.t_s - *h.raised_at_s);
            h.raised_at_s.reset();
            h.cleared_at_s = sample.t_s;
        }
    if (events_.size() > kMaxEvents) events_.erase(events_.begin(), events_.end() - kMaxEvents);
    for (const auto& d : details) {
        if (!has(sample.flags, d.id)) continue;
        FlagHistory& h = history_of(d.id);
        h.message = d.message;
        h.evidence = d.evidence;
        // Only changes are kept, so a steady flag does not fill its history with copies.
        auto values = flatten(d.evidence);
        if (!h.snapshots.empty() && h.snapshots.back().values == values) continue;
        h.snapshots.push_back({sample.t_s, std::move(values)});
        if (h.snapshots.size() > FlagHistory::kMaxSnapshots) h.snapshots.pop_front();
    }
}

void ViewModel::update(const Sample& sample, const std::vector<FlagDetail>& details) {
    record_flags(sample, details);

    sample_ = sample;
    if (samples_++ == 0) first_t_s_ = sample.t_s;
    auto& h = history_;
    sample_times_.push(sample.t_s);
    h.cpu_util.push(cpu_total(sample.cpu).pct);  // the cores' mean where a replay has no total
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
    const ThermalSample* hottest = hottest_zone(sample.thermal);
    h.hottest_c.push(hottest ? hottest->temp_c : std::nullopt);
    energy_.add(sample);
}

std::optional<double> ViewModel::interval_s() const {
    size_t n = sample_times_.size();
    if (n < 2) return std::nullopt;
    double spacing = (sample_times_[n - 1] - sample_times_[0]) / static_cast<double>(n - 1);
    if (!(spacing > 0)) return std::nullopt;
    return spacing;
}

LayoutModel ViewModel::layout_model() const {
    LayoutModel m;
    m.cores = static_cast<int>(sample_.cpu.cores.size());
    std::apply(
        [&](const auto&... field) {
            std::size_t index = 0;
            ((m.lists[index++] = list_size(field.of(sample_))), ...);
        },
        schema::Schema<Sample>::fields);
    m.procs = sample_.procs.has_value();
    if (sample_.procs) m.processes = static_cast<int>(process_source(*sample_.procs).size());
    m.emc = sample_.emc && (sample_.emc->util_pct || sample_.emc->freq_hz);
    m.swap = sample_.mem.swap_total_kb.value_or(0) > 0;
    auto longest = [](const auto& items) {
        int n = 0;
        for (const auto& item : items)
            n = std::max(n, shown_columns(item.name));
        return n;
    };
    m.rail_name = longest(sample_.rails);
    m.zone_name = longest(sample_.thermal);
    m.engine_name = longest(sample_.engines);
    m.psi = sample_.psi.has_value();
    return m;
}

}  // namespace edgetop::tui
