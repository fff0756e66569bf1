// What the view draws: the last sample plus what the view accumulates over the session
// (histories for the graphs, energy, the raise/clear timeline of flags).
#pragma once

#include <string>
#include <vector>

#include "analysis/energy_integrator.hpp"
#include "edgetop/sample.hpp"
#include "tui/history.hpp"
#include "tui/layout.hpp"

namespace edgetop::tui {

struct FlagEvent {
    double t_s = 0;
    std::string id;
    bool raised = true;  // false: cleared
};

struct Histories {
    History cpu_util;
    std::vector<History> core_util;  // by position in Sample::cpu.cores
    std::vector<History> gpu_load, gpu_freq_mhz;
    History power_total_w, ctxt_per_s, emc_util, ram_used_pct;
};

class ViewModel {
  public:
    void update(const Sample& sample);

    const Sample& sample() const { return sample_; }
    const Histories& history() const { return history_; }
    const analysis::SessionEnergy& energy() const { return energy_; }
    const std::vector<FlagEvent>& flag_events() const { return events_; }
    long samples() const { return samples_; }
    LayoutModel layout_model() const;

  private:
    Sample sample_;
    Histories history_;
    analysis::SessionEnergy energy_;
    std::vector<FlagEvent> events_;
    long samples_ = 0;
};

}  // namespace edgetop::tui
