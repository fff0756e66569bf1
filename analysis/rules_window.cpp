#include "analysis/rules_window.hpp"

#include <algorithm>

namespace edgetop::analysis {
namespace {

// Processes with 0 % CPU that do not hold the GPU add nothing to any window average (an absent
// process counts 0 %), so dropping them keeps the stored window small without changing a result.
void drop_idle_processes(std::vector<ProcessSample>& processes) {
    std::erase_if(processes, [](const ProcessSample& p) {
        return p.cpu_pct && *p.cpu_pct <= 0 && p.gpu != true;
    });
}

}  // namespace

SampleWindow::SampleWindow(double span_s, std::size_t max_samples)
    : span_s_(std::max(0.0, span_s)), max_samples_(std::max<std::size_t>(2, max_samples)) {}

void SampleWindow::push(const Sample& sample) {
    if (!samples_.empty() && sample.t_s < samples_.back().t_s) samples_.clear();
    // The latest sample stays whole: a rule may list the processes alive now.
    if (!samples_.empty() && samples_.back().procs) {
        drop_idle_processes(samples_.back().procs->all);
        drop_idle_processes(samples_.back().procs->top);
    }
    // Copied into the storage of the sample that left the window last, so that its vectors and
    // strings are reused instead of allocated again.
    spare_ = sample;
    samples_.push_back(std::move(spare_));
    const double oldest_needed = sample.t_s - span_s_;
    while (samples_.size() > 2 && samples_[1].t_s <= oldest_needed)
        drop_oldest();
    while (samples_.size() > max_samples_)
        drop_oldest();
}

void SampleWindow::drop_oldest() {
    spare_ = std::move(samples_.front());
    samples_.pop_front();
}

std::size_t SampleWindow::first_within(double seconds) const {
    if (samples_.empty()) return 0;
    const double from = samples_.back().t_s - seconds;
    auto it = std::lower_bound(samples_.begin(), samples_.end(), from,
                               [](const Sample& s, double t) { return s.t_s < t; });
    return static_cast<std::size_t>(it - samples_.begin());
}

std::optional<double> SampleWindow::interval_before(std::size_t index) const {
    if (index == 0 || index >= samples_.size()) return std::nullopt;
    return samples_[index].t_s - samples_[index - 1].t_s;
}

}  // namespace edgetop::analysis
