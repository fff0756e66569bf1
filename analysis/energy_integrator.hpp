// Energy from power readings over real sample timestamps, by the trapezoidal rule:
//   J = sum over consecutive readings of (P_i + P_i+1) / 2 * (t_i+1 - t_i) / 1000   (mW -> W)
// An interval where either end has no reading is skipped and its length counted, so a report can
// say how much of the session the figure covers. The nominal interval is never assumed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::analysis {

struct Energy {
    double joules = 0;
    double covered_s = 0;  // time of the intervals integrated
    double skipped_s = 0;  // time of the intervals with a reading missing at either end
    uint64_t intervals = 0, skipped_intervals = 0;

    // False when no interval had readings at both ends: then there is no energy figure at all
    // (joules stays 0, which is not a measurement).
    bool measured() const { return intervals > 0; }
    std::optional<double> measured_joules() const;
    std::optional<double> measured_wh() const;
    double wh() const { return joules / 3600; }
    // Mean power over the covered time; nullopt when nothing was covered.
    std::optional<double> average_w() const;
};

// The board's total power in a sample: Sample::power_total_mw, else the rail marked is_total.
std::optional<double> total_power_mw(const Sample& sample);

class EnergyIntegrator {
  public:
    // Readings in time order. A reading not later than the previous one (a clock step or a
    // duplicate) closes no interval; it only becomes the new starting point.
    void add(double t_s, std::optional<double> power_mw);
    const Energy& energy() const { return energy_; }

  private:
    std::optional<double> last_t_s_;
    std::optional<double> last_mw_;
    Energy energy_;
};

struct RailEnergy {
    std::string name;
    bool is_total = false;
    Energy energy;
};

// Energy of every rail of a session, by rail name, plus the board total (Sample::power_total_mw,
// else the rail marked is_total). A rail that appears late or vanishes counts the time without
// it as skipped.
class SessionEnergy {
  public:
    void add(const Sample& sample);
    std::vector<RailEnergy> rails() const;  // in order of first appearance
    const Energy& total() const { return total_.energy(); }

  private:
    struct Rail {
        std::string name;
        bool is_total;
        EnergyIntegrator integrator;
    };
    std::optional<double> last_t_s_;
    std::vector<Rail> integrators_;
    std::vector<bool> seen_;  // per rail, during add(); kept to reuse its storage
    EnergyIntegrator total_;
};

}  // namespace edgetop::analysis
