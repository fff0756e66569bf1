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
    std::vector<std::string> exec;  // CMD ARGS... after "--"
};

// A usage error; what() is the message without the program name ("--interval: expected ...").
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace edgetop::cli
