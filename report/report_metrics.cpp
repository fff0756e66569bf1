#include "report/report_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace edgetop::analysis {

Summary& MetricSet::Family::at(std::size_t position, std::string_view name) {
    if (position < metrics.size() && metrics[position].name == name)
        return metrics[position].summary;
    for (auto& m : metrics)
        if (m.name == name) return m.summary;
    metrics.push_back({family, std::string(name), unit, Summary{}});
    return metrics.back().summary;
}

bool MetricSet::Family::has(std::string_view name) const {
    return std::any_of(metrics.begin(), metrics.end(),
                       [&](const MetricReport& m) { return m.name == name; });
}

Summary& MetricSet::core_summary(std::size_t position, int id) {
    if (position < core_slots_.size() && core_slots_[position].first == id)
        return cores_.metrics[core_slots_[position].second].summary;
    char name[24];
    auto written = fmt::format_to_n(name, sizeof name, "cpu{}", id);
    Summary& summary = cores_.at(position, std::string_view(name, written.out - name));
    auto index = static_cast<std::size_t>(
        std::find_if(cores_.metrics.begin(), cores_.metrics.end(),
                     [&](const MetricReport& m) { return &m.summary == &summary; }) -
        cores_.metrics.begin());
    if (core_slots_.size() <= position) core_slots_.resize(position + 1, {-1, 0});
    core_slots_[position] = {id, index};
    return summary;
}

void MetricSet::add(const Sample& sample) {
    cpu_.at(0, "cpu").add(sample.cpu.util_pct);
    for (std::size_t i = 0; i < sample.cpu.cores.size(); ++i) {
        const auto& core = sample.cpu.cores[i];
        // An offline core is not a reading: it counts as missing, not as 0 % busy.
        std::optional<double> util = core.online ? core.util_pct : std::nullopt;
        core_summary(i, core.id).add(util);
    }
    for (std::size_t i = 0; i < sample.gpu.size(); ++i) {
        const auto& gpu = sample.gpu[i];
        gpu_.at(i, gpu.name.empty() ? std::string("gpu") : gpu.name).add(gpu.load_pct);
    }
    if (sample.emc) emc_.at(0, "emc").add(sample.emc->util_pct);
    // Only engines that report a load: most live boards give none, and an engine row of nothing
    // but missing values says nothing.
    for (std::size_t i = 0; i < sample.engines.size(); ++i) {
        const auto& engine = sample.engines[i];
        if (engine.load_pct || engines_.has(engine.name))
            engines_.at(i, engine.name).add(engine.load_pct);
    }
    for (std::size_t i = 0; i < sample.rails.size(); ++i)
        rails_.at(i, sample.rails[i].name).add(sample.rails[i].power_mw);
    if (sample.power_total_mw || !power_.metrics.empty())
        power_.at(0, "total").add(sample.power_total_mw);
    for (std::size_t i = 0; i < sample.thermal.size(); ++i)
        thermal_.at(i, sample.thermal[i].name).add(sample.thermal[i].temp_c);
    if (sample.psi) {
        psi_.at(0, "cpu some").add(sample.psi->cpu_some_pct);
        psi_.at(1, "memory some").add(sample.psi->memory_some_pct);
        psi_.at(2, "memory full").add(sample.psi->memory_full_pct);
        psi_.at(3, "io some").add(sample.psi->io_some_pct);
        psi_.at(4, "io full").add(sample.psi->io_full_pct);
    }
    add_io(sample);
}

void MetricSet::add_io(const Sample& sample) {
    constexpr double kMiB = 1048576;
    auto mib = [](const std::optional<double>& bytes_per_s) {
        return bytes_per_s ? std::optional<double>(*bytes_per_s / kMiB) : std::nullopt;
    };
    for (std::size_t i = 0; i < sample.disks.size(); ++i) {
        const auto& d = sample.disks[i];
        disks_.at(2 * i, d.name + " read").add(mib(d.read_bytes_per_s));
        disks_.at(2 * i + 1, d.name + " write").add(mib(d.write_bytes_per_s));
    }
    for (std::size_t i = 0; i < sample.net.size(); ++i) {
        const auto& n = sample.net[i];
        net_.at(2 * i, n.name + " rx").add(mib(n.rx_bytes_per_s));
        net_.at(2 * i + 1, n.name + " tx").add(mib(n.tx_bytes_per_s));
    }
}

std::vector<MetricReport> MetricSet::take() {
    std::vector<MetricReport> out;
    for (Family* f : {&cpu_, &cores_, &gpu_, &emc_, &engines_, &rails_, &power_, &thermal_, &psi_,
                      &disks_, &net_})
        for (auto& m : f->metrics)
            out.push_back(std::move(m));
    return out;
}

}  // namespace edgetop::analysis
