// The parsed command line.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace edgetop::cli {

struct Args {
    std::string command;  // "" or "record"
    std::string root;
    int64_t interval_ms = 0;
    bool check = false;
    bool help = false;
    bool version = false;
    std::string output;  // "-" is standard output
    std::optional<int64_t> count;
    std::optional<double> duration_s;
    std::vector<std::string> exec;       // CMD ARGS... after "--"
    std::vector<std::string> rules;      // every --rule ID.KEY=VALUE, in order
    std::vector<std::string> rules_off;  // every --rules-off ID,... as given
    std::vector<std::string> files;      // the session files of `report`
    bool json = false;                   // report --json
    bool once = false;                   // text snapshot instead of the interactive view
    bool ascii = false;                  // interactive view: ASCII only
    bool no_color = false;               // interactive view: no colours
    int page = 1;                        // interactive view: start page, 1..7
    std::string from;                    // report --from: an input format ("" = session files)
    std::optional<int> year;             // import --year
    bool strict = false;                 // import --strict
    double speed = 1;                    // replay --speed
    std::string listen;                  // serve --listen HOST:PORT
    std::vector<int> modes;              // sweep --modes: power mode ids, in order ("" = all)
    std::string conf;                    // sweep --conf: another nvpmodel configuration
    int64_t repeat = 1;                  // sweep --repeat: runs per mode
    double settle_s = 5;                 // sweep --settle: seconds after a switch
    double slack_pct = 10;               // sweep --slack: % of the fastest time
    std::optional<double> budget_w;      // sweep --budget-w: average power budget
};

// A usage error; what() is the message without the program name ("--interval: expected ...").
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace edgetop::cli
