#include "tui/energy.hpp"

namespace edgetop::tui {

std::optional<double> total_power_mw(const Sample& sample) {
    if (sample.power_total_mw) return sample.power_total_mw;
    for (const auto& rail : sample.rails)
        if (rail.is_total && rail.power_mw) return rail.power_mw;
    return std::nullopt;
}

void EnergyMeter::integrate(RailEnergy& rail, std::optional<double> mw, double dt) {
    if (dt > 0 && mw && rail.last_mw) {
        rail.energy_j += (*mw + *rail.last_mw) / 2.0 / 1000.0 * dt;
        rail.covered_s += dt;
    }
    rail.last_mw = mw;
}

void EnergyMeter::update(const Sample& sample) {
    double dt = last_t_s_ ? sample.t_s - *last_t_s_ : 0.0;
    last_t_s_ = sample.t_s;
    for (const auto& rail : sample.rails) {
        RailEnergy* energy = nullptr;
        for (auto& known : rails_)
            if (known.name == rail.name) energy = &known;
        if (!energy) energy = &rails_.emplace_back(rail.name);
        integrate(*energy, rail.power_mw, dt);
    }
    // A rail that vanished from this sample breaks its trapezoid chain.
    for (auto& known : rails_) {
        bool present = false;
        for (const auto& rail : sample.rails)
            present = present || rail.name == known.name;
        if (!present) known.last_mw.reset();
    }
    integrate(total_, total_power_mw(sample), dt);
}

const RailEnergy* EnergyMeter::find(const std::string& name) const {
    for (const auto& rail : rails_)
        if (rail.name == name) return &rail;
    return nullptr;
}

}  // namespace edgetop::tui
