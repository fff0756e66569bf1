#include "sensors/sampler/sampler.hpp"

#include <algorithm>

#include "sensors/core/sysfs_file.hpp"

#include "sensors/sampler/rates.hpp"

namespace edgetop {

Sampler::Sampler(Root root, Rediscovery rediscovery)
    : Sampler(root, make_all_sources(root), rediscovery) {}

Sampler::Sampler(Root root, std::vector<SourcePtr> sources, Rediscovery rediscovery)
    : root_(std::move(root)),
      sources_(std::move(sources)),
      found_(sources_.size(), false),
      layouts_(sources_.size()),
      start_(std::chrono::steady_clock::now()),
      last_discovery_(start_),
      rediscovery_(rediscovery) {
    for (std::size_t i = 0; i < sources_.size(); ++i)
        discover(i);
    for (const auto& source : sources_)
        source->describe(board_);
}

bool Sampler::discover(std::size_t i) {
    layouts_[i].clear();
    found_[i] = sources_[i]->discover(root_.recording_into(layouts_[i]));
    return found_[i];
}

std::size_t Sampler::rediscover() {
    std::size_t again = 0;
    LayoutLook look(root_);
    for (std::size_t i = 0; i < sources_.size(); ++i) {
        // A source is discovered again when what it looked at changed. One that looked at nothing
        // under the root (NVML asks the driver) cannot be watched so: while it has found nothing it
        // is asked again whole, and once it has found something it is left as it is.
        bool look_again = layouts_[i].size() > 0 ? layouts_[i].changed(look) : !found_[i];
        if (!look_again) continue;
        bool was_found = found_[i];
        if (discover(i) || was_found) ++again;
    }
    if (again > 0) {
        board_ = Board{};
        for (const auto& source : sources_)
            source->describe(board_);
    }
    last_discovery_ = std::chrono::steady_clock::now();
    samples_since_look_ = 0;
    return again;
}

std::size_t Sampler::layout_size() const {
    std::size_t size = 0;
    for (const auto& layout : layouts_)
        size += layout.size();
    return size;
}

const Sample& Sampler::sample() {
    return sample(std::chrono::steady_clock::now());
}

const Sample& Sampler::sample(std::chrono::steady_clock::time_point now) {
    auto since_look = now - last_discovery_;
    if ((since_look >= rediscovery_.every && samples_since_look_ >= rediscovery_.samples_between) ||
        since_look >= std::max(rediscovery_.every, rediscovery_.at_least_every))
        rediscover();
    ++samples_since_look_;
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
