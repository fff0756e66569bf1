// What `edgetop sweep` prints at the end: a table of the modes with the Pareto front and the
// recommendations, or the same as one JSON object.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "commands/sweep_results.hpp"

namespace edgetop::sweep {

struct Outcome {
    int original_mode = 0;
    std::string original_name;
    bool restored = false;
    std::vector<ModeResult> modes;
    std::vector<int> pareto;
    Recommendations recommended;
    double slack_pct = 10;
    std::optional<double> budget_w;
    std::optional<int> interrupted_by;  // the signal that stopped the sweep early
    int64_t interval_ms = 1000;         // the sampling interval, and the runs per mode, it ran with
    int64_t repeat = 1;
};

std::string format_text(const Outcome& outcome);
// For a mode measured in fewer than kFewSamples samples: that its figures are rough, and the
// --repeat or -i that would give enough. The text has it among its notes.
std::optional<std::string> few_samples_note(const Outcome& outcome, const ModeResult& mode);
std::string format_json(const Outcome& outcome);  // one line

}  // namespace edgetop::sweep
