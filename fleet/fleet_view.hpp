// The fleet page on a terminal: read again every interval by a FleetPoller, drawn when a round
// ends or a key is pressed, until q or a stop signal; Enter opens the selected board's view and
// comes back to the page (its sort, filter and selection kept) when that view is left.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "fleet/fleet_fetch.hpp"

namespace edgetop::fleet {

struct FleetViewOptions {
    std::chrono::milliseconds interval{2000};
    bool ascii = false;
    bool no_color = false;
    // Enter: the selected board's own view, on the terminal the page gives up meanwhile; returns
    // why it could not open ("" once the user came back). Null: Enter says it is unavailable.
    std::function<std::string(const FleetHost&)> open_board;
};

// 0 on q or a stop signal; 2 (with the reason on standard error) when the terminal cannot show
// the page.
int run_fleet_view(const std::vector<FleetHost>& hosts, const FetchOptions& fetch,
                   const FleetViewOptions& options);

}  // namespace edgetop::fleet
