// What the view draws: the last sample plus what the view accumulates over the session
// (histories for the graphs, energy, the raise/clear timeline of flags).
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "analysis/energy_integrator.hpp"
#include "edgetop/sample.hpp"
#include "tui/flag_evidence.hpp"
#include "tui/history.hpp"
#include "tui/layout.hpp"

namespace edgetop::tui {

struct FlagEvent {
    double t_s = 0;
    std::string id;
    bool raised = true;  // false: cleared
};

// The evidence values of a flag at one time (recorded when they change while it is raised).
struct FlagSnapshot {
    double t_s = 0;
    std::vector<EvidenceValue> values;
};

// What the view remembers of one flag over this run, for its detail view. Bounded: at most
// kMaxSnapshots evidence snapshots, the oldest dropped first.
struct FlagHistory {
    static constexpr size_t kMaxSnapshots = 64;
    std::string id;
    int raised_count = 0;
    std::optional<double> raised_at_s;   // set while the flag is raised
    std::optional<double> cleared_at_s;  // the last time it was cleared
    double active_s = 0;                 // time raised in the periods already cleared
    std::string message;                 // the latest while raised
    FlagEvidence evidence;
    std::deque<FlagSnapshot> snapshots;
};

struct Histories {
    History cpu_util;
    std::vector<History> core_util;  // by position in Sample::cpu.cores
    std::vector<History> gpu_load, gpu_freq_mhz;
    History power_total_w, ctxt_per_s, emc_util, ram_used_pct;
    History hottest_c;  // the hottest zone's temperature, whichever zone it is
};

class ViewModel {
  public:
    // `details`: the messages and evidence of the flags raised in `sample`.
    void update(const Sample& sample, const std::vector<FlagDetail>& details = {});

    const Sample& sample() const { return sample_; }
    const Histories& history() const { return history_; }
    const analysis::SessionEnergy& energy() const { return energy_; }
    const std::vector<FlagEvent>& flag_events() const { return events_; }
    // The history of a flag raised at least once in this run; nullptr otherwise.
    const FlagHistory* flag_history(const std::string& id) const;
    long samples() const { return samples_; }
    // Seconds between two values of the histories: the mean spacing of the last samples' times
    // (a replay's own spacing; the interval in force live); nullopt before two samples.
    std::optional<double> interval_s() const;
    // The time of the first sample of this run (0 before any).
    double first_t_s() const { return first_t_s_; }
    LayoutModel layout_model() const;

  private:
    FlagHistory& history_of(const std::string& id);
    void record_flags(const Sample& sample, const std::vector<FlagDetail>& details);

    Sample sample_;
    Histories history_;
    History sample_times_{31};  // t_s of the last samples: 30 spacings
    analysis::SessionEnergy energy_;
    std::vector<FlagEvent> events_;
    std::vector<FlagHistory> flag_histories_;  // one per rule id ever raised: a few
    long samples_ = 0;
    double first_t_s_ = 0;
};

}  // namespace edgetop::tui
