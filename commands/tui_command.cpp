// edgetop with no command: the interactive view when standard output is a terminal, else (or with
// --once, or on a terminal the view cannot drive) the one-sample text snapshot, so
// `edgetop > file` and `edgetop | grep` keep working.
#include <unistd.h>

#include "commands/commands.hpp"
#include "commands/host_name.hpp"
#include "commands/rule_options.hpp"
#include "commands/tui_controls.hpp"
#include "commands/tui_feed.hpp"
#include "commands/tui_recorder.hpp"
#include "sensors/sampler/sampler.hpp"
#include "tui/tui.hpp"

namespace edgetop {

int run_default(const cli::Args& args) {
    if (args.view.once || !isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO))
        return run_snapshot(args);
    return run_interactive(args);
}

int run_interactive(const cli::Args& args) {
    std::string error;
    auto config = rule_config_from(args, error);
    if (!config) {
        print_error(error);
        return 2;
    }
    Sampler sampler{Root(args.global.root)};
    AnalyzedLiveFeed feed(sampler, std::move(*config));
    SessionFileRecorder recorder(feed, host_name(), args.global.root, args.global.interval_ms);

    tui::TuiOptions options;
    options.interval_ms = static_cast<int>(args.global.interval_ms);
    options.ascii = args.view.ascii;
    options.no_color = args.view.no_color;
    options.start_page = tui::page_from_index(args.view.page - 1);
    options.recorder = &recorder;
    options.root = geteuid() == 0;
    ToolControls controls(feed.board(), ::geteuid());
    options.controls = &controls;
    // One snapshot, not one per interval: on a dumb terminal (an editor's shell buffer, a log)
    // a stream of screens would only scroll; record and serve are the ways to follow a machine.
    options.on_terminal_unusable = [&](const std::string& reason) {
        int snapshot = run_snapshot(args);
        print_error(reason + "; printed a snapshot (use --once, record or serve)");
        return snapshot;
    };
    int status = tui::run_tui(feed, options);
    recorder.stop();
    if (!recorder.failure().empty())
        print_error("recording to '" + recorder.path() + "' stopped: " + recorder.failure());
    return status;
}

}  // namespace edgetop
