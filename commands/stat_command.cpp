#include <cstdio>
#include <string>

#include "commands/commands.hpp"
#include "commands/recorder.hpp"
#include "commands/stat_summary.hpp"

namespace edgetop {

namespace {

std::string command_line(const std::vector<std::string>& argv) {
    std::string out;
    for (const auto& a : argv)
        out += (out.empty() ? "" : " ") + a;
    return out;
}

}  // namespace

// The session is always made (it is what the summary is computed from, the same way `report`
// reads it); without -o it goes nowhere. Standard output belongs to the command.
int run_stat(const cli::Args& args, const ProcessStart& start) {
    std::string output = args.stat.output.value_or("/dev/null");
    StatSummary summary;
    int status = record_session(args, output, start, &summary);
    std::string text = summary.format(command_line(args.exec), status);
    std::fwrite(text.data(), 1, text.size(), stderr);
    return status;
}

}  // namespace edgetop
