// Energy per rail since the session started, integrated from the rail powers with the
// trapezoidal rule between consecutive samples; the average is energy over covered time.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::tui {

struct RailEnergy {
    explicit RailEnergy(std::string rail_name = {}) : name(std::move(rail_name)) {}
    std::string name;
    double energy_j = 0;
    double covered_s = 0;  // time between samples where both had a power reading
    std::optional<double> last_mw;
    std::optional<double> average_mw() const {
        if (covered_s <= 0) return std::nullopt;
        return energy_j / covered_s * 1000.0;
    }
};

class EnergyMeter {
  public:
    void update(const Sample& sample);
    // Rails by name in first-seen order; the total is the rail marked is_total, else
    // Sample::power_total_mw under the name "total".
    const std::vector<RailEnergy>& rails() const { return rails_; }
    const RailEnergy* find(const std::string& name) const;
    const RailEnergy& total() const { return total_; }

  private:
    static void integrate(RailEnergy& rail, std::optional<double> mw, double dt);

    std::vector<RailEnergy> rails_;
    RailEnergy total_{"total"};
    std::optional<double> last_t_s_;
};

// The board's total power in this sample: power_total_mw, else the rail marked is_total.
std::optional<double> total_power_mw(const Sample& sample);

}  // namespace edgetop::tui
