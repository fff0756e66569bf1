#include "sensors/sampler/sampler.hpp"

#include "sensors/core/sysfs_file.hpp"

#include "sensors/sampler/rates.hpp"

namespace edgetop {

std::vector<SourcePtr> make_all_sources(const Root& root) {
    std::vector<SourcePtr> sources;
    sources.push_back(make_board_source());
    sources.push_back(make_cpu_freq_source());
    sources.push_back(make_cpu_stat_source());
    sources.push_back(make_system_source());
    sources.push_back(make_memory_source());
    sources.push_back(make_gpu_source());
    sources.push_back(make_emc_source());
    sources.push_back(make_engines_source());
    sources.push_back(make_power_source());
    sources.push_back(make_oc_events_source());
    sources.push_back(make_thermal_source());
    sources.push_back(make_fan_source());
    sources.push_back(make_pressure_source());
    sources.push_back(make_vmstat_source());
    sources.push_back(make_cooling_source());
    sources.push_back(make_disk_source());
    sources.push_back(make_net_source());
    if (root.is_live()) sources.push_back(make_processes_source());
    // NVML reads the running driver, not a tree: only on the live root, and after the devfreq
    // GPUs (which it may complete) and the process table (whose GPU memory it fills).
    if (root.is_live()) sources.push_back(make_nvml_source());
    return sources;
}

Sampler::Sampler(Root root, std::chrono::seconds rediscover_every)
    : Sampler(root, make_all_sources(root), rediscover_every) {}

Sampler::Sampler(Root root, std::vector<SourcePtr> sources, std::chrono::seconds rediscover_every)
    : root_(std::move(root)),
      sources_(std::move(sources)),
      found_(sources_.size(), false),
      start_(std::chrono::steady_clock::now()),
      rediscover_every_(rediscover_every) {
    discover_missing(true);
}

void Sampler::discover_missing(bool first) {
    bool changed = first;
    for (size_t i = 0; i < sources_.size(); ++i) {
        if (found_[i]) continue;
        found_[i] = sources_[i]->discover(root_);
        changed = changed || found_[i];
    }
    if (changed) {
        board_ = Board{};
        for (const auto& source : sources_)
            source->describe(board_);
    }
    last_discovery_ = std::chrono::steady_clock::now();
}

const Sample& Sampler::sample() {
    auto now = std::chrono::steady_clock::now();
    if (now - last_discovery_ >= rediscover_every_) discover_missing(false);
    if (has_current_) previous_ = std::move(current_);
    has_current_ = true;
    current_ = Sample{};
    current_.t_s = std::chrono::duration<double>(now - start_).count();
    current_.time = std::chrono::system_clock::now();
    for (auto& source : sources_)
        source->poll(current_);
    derive_rates(previous_ ? &*previous_ : nullptr, current_);
    return current_;
}

std::vector<SourceStatus> Sampler::status() const {
    std::vector<SourceStatus> all;
    for (const auto& source : sources_) {
        auto part = source->status();
        all.insert(all.end(), part.begin(), part.end());
    }
    // A FIFO, socket or device where a file was expected is refused at open (SysFile): say so
    // instead of the source's usual reason for an absent input.
    for (auto& s : all) {
        if (s.state == SourceStatus::State::found || s.path.empty() ||
            s.path.find('*') != std::string::npos)
            continue;
        if (auto problem = special_file_problem(root_.path(s.path)); !problem.empty())
            s.hint = problem;
    }
    return all;
}

}  // namespace edgetop
