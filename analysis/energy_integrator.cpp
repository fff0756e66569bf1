#include "analysis/energy_integrator.hpp"

#include <algorithm>
#include <cmath>

namespace edgetop::analysis {

std::optional<double> total_power_mw(const Sample& sample) {
    if (sample.power_total_mw) return sample.power_total_mw;
    for (const auto& rail : sample.rails)
        if (rail.is_total && rail.power_mw) return rail.power_mw;
    return std::nullopt;
}

std::optional<double> Energy::average_w() const {
    if (covered_s <= 0) return std::nullopt;
    return joules / covered_s;
}

std::optional<double> Energy::measured_joules() const {
    if (!measured()) return std::nullopt;
    return joules;
}

std::optional<double> Energy::measured_wh() const {
    if (!measured()) return std::nullopt;
    return wh();
}

void EnergyIntegrator::add(double t_s, std::optional<double> power_mw) {
    if (power_mw && !std::isfinite(*power_mw)) power_mw.reset();
    if (last_t_s_ && t_s > *last_t_s_) {
        const double dt = t_s - *last_t_s_;
        if (last_mw_ && power_mw) {
            energy_.joules += (*last_mw_ + *power_mw) / 2 * dt / 1000;
            energy_.covered_s += dt;
            ++energy_.intervals;
        } else {
            energy_.skipped_s += dt;
            ++energy_.skipped_intervals;
        }
    }
    last_t_s_ = t_s;
    last_mw_ = power_mw;
}

void SessionEnergy::add(const Sample& sample) {
    seen_.assign(integrators_.size(), false);
    for (std::size_t position = 0; position < sample.rails.size(); ++position) {
        const auto& rail = sample.rails[position];
        // Rails usually come in the same order in every sample: look where this one was first.
        auto it = position < integrators_.size() && integrators_[position].name == rail.name
                      ? integrators_.begin() + static_cast<std::ptrdiff_t>(position)
                      : std::find_if(integrators_.begin(), integrators_.end(),
                                     [&](const Rail& r) { return r.name == rail.name; });
        if (it == integrators_.end()) {
            Rail fresh{rail.name, rail.is_total, {}};
            // The time before a rail first appears is time without its reading.
            if (last_t_s_) fresh.integrator.add(*last_t_s_, std::nullopt);
            integrators_.push_back(std::move(fresh));
            seen_.push_back(false);
            it = std::prev(integrators_.end());
        }
        const auto index = static_cast<std::size_t>(it - integrators_.begin());
        if (seen_[index]) continue;  // a duplicate name: the first reading wins
        seen_[index] = true;
        it->integrator.add(sample.t_s, rail.power_mw);
    }
    for (std::size_t i = 0; i < integrators_.size(); ++i)
        if (!seen_[i]) integrators_[i].integrator.add(sample.t_s, std::nullopt);

    total_.add(sample.t_s, total_power_mw(sample));
    last_t_s_ = sample.t_s;
}

std::vector<RailEnergy> SessionEnergy::rails() const {
    std::vector<RailEnergy> out;
    out.reserve(integrators_.size());
    for (const auto& r : integrators_)
        out.push_back({r.name, r.is_total, r.integrator.energy()});
    return out;
}

}  // namespace edgetop::analysis
