// edgetop replay FILE...: a recorded or imported session in the interactive view (several files:
// the files of one rotated set).
#include <unistd.h>

#include <cstdio>
#include <string>

#include "commands/commands.hpp"
#include "commands/replay_feed.hpp"
#include "commands/rule_options.hpp"
#include "session/session_parts.hpp"
#include "tui/tui.hpp"

namespace edgetop {

int run_replay(const cli::Args& args) {
    if (args.operands.empty()) {
        print_error("replay: expected one session file");
        return 2;
    }
    const std::string& path = args.operands[0];
    if (path == "-") {
        print_error("replay: the view reads its keys from standard input: give a file");
        return 2;
    }
    std::string rule_error;
    auto config = rule_config_from(args, rule_error);
    if (!config) {
        print_error(rule_error);
        return 2;
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        print_error("replay needs a terminal; for a summary of the session use: edgetop report " +
                    path);
        return 1;
    }
    // The first file of a rotated set stands for the set.
    std::vector<std::string> missing;
    auto sessions = group_session_files(
        args.operands, [&](const std::string& problem) { missing.push_back(problem); });
    if (sessions.size() != 1) {
        print_error("replay: expected one session (a file, or the files of one rotated set)");
        return 2;
    }
    // Throws SessionError: exit 1 with its message.
    ReplayFeed feed(sessions[0].paths, std::move(*config));

    tui::TuiOptions options;
    options.interval_ms = static_cast<int>(feed.header().interval_ms);
    options.ascii = args.view.ascii;
    options.no_color = args.view.no_color;
    options.start_page = tui::page_from_index(args.view.page - 1);
    options.replay_speed = args.replay.speed;
    // A replay has no one-sample snapshot to fall back to: say what summarises the session.
    options.on_terminal_unusable = [&](const std::string& reason) {
        print_error("replay: " + reason + "; for a summary of the session use: edgetop report " +
                    path);
        return 1;
    };
    int status = tui::run_tui(feed, options);
    for (const auto& problem : missing)
        print_error(problem);
    for (const auto& problem : feed.problems())
        print_error(problem);
    if (feed.problem_count() > feed.problems().size())
        print_error(std::to_string(feed.problem_count() - feed.problems().size()) +
                    " more problems in " + path);
    return status;
}

}  // namespace edgetop
