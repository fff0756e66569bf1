// The clocks of a GPU's graphics clusters (GPCs) as one line of text, for the view and --once.
#pragma once

#include <string>
#include <vector>

#include "edgetop/sample.hpp"

namespace edgetop::text {

// "GPC0 1.3 GHz  GPC1 gated": a 0 Hz GPC is power-gated; an unreadable clock is "n/a"; no GPC
// known gives "n/a".
std::string format_gpc_clocks(const std::vector<GpcSample>& gpcs);

}  // namespace edgetop::text
