// Turns a stream of flag events into one FlagReport per flag: how often raised, the time active,
// the first raise and the longest episode's raise evidence.
#pragma once

#include <string>
#include <vector>

#include "analysis/rules_types.hpp"
#include "report/report_types.hpp"

namespace edgetop::analysis {

class FlagTracker {
  public:
    // Events in time order. A raise of a flag already up, or a clear of one that is down, is
    // ignored (a truncated or spliced session may hold either).
    void add(const Event& event);
    // Closes the episodes still open at end_t_s and returns the flags in order of first raise.
    std::vector<FlagReport> finish(double end_t_s) const;

  private:
    struct Episode {
        double raised_s = 0;
        std::string message;
        nlohmann::json evidence;
    };
    struct Slot {
        FlagReport report;
        std::optional<Episode> open;
    };
    static void close(Slot& slot, double t_s);

    std::vector<Slot> slots_;
};

}  // namespace edgetop::analysis
