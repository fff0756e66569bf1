// What `edgetop stat` prints when the command exits: gathered from the samples and flag events
// of the recording as they are made.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/energy_integrator.hpp"
#include "analysis/stats_summary.hpp"
#include "commands/recorder.hpp"

namespace edgetop {

class StatSummary : public RecordObserver {
  public:
    void on_sample(const Sample& sample) override;
    void on_event(const analysis::Event& event) override;

    // The text for standard error. command is the command line as typed, status its exit status.
    std::string format(const std::string& command, int status) const;

  private:
    uint64_t samples_ = 0;
    std::optional<double> first_t_s_, last_t_s_;
    analysis::SessionEnergy energy_;
    analysis::Summary cpu_, gpu_, emc_;
    std::optional<double> peak_c_;
    std::string peak_zone_;
    std::vector<analysis::Event> raised_;  // every raise, in order
};

}  // namespace edgetop
