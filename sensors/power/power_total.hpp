// Which INA3221 rails make up the board's total power, decided once from the rail names.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop {

struct TotalRule {
    std::optional<size_t> input_rail;  // index of VDD_IN / POM_5V_IN: the total is that rail
    std::vector<size_t> summed_rails;  // otherwise the module rails whose sum is the total
};

// Empty rule (no total) when the names match neither an input rail nor a known board.
TotalRule choose_total_rule(const std::vector<std::string>& rail_names);

// Flags the input rail as is_total, or the summed rails as in_total (even when one of them has no
// reading: they still say what the total is made of), and returns the board total, or nullopt
// when a rail it needs has no power reading.
std::optional<double> apply_total_rule(const TotalRule& rule, std::span<RailSample> rails);

}  // namespace edgetop
