#include "commands/run.hpp"

#include <cstdio>
#include <exception>
#include <span>
#include <string>

#include "cli/cli_help.hpp"
#include "cli/cli_parse.hpp"
#include "commands/commands.hpp"
#include "commands/process_start.hpp"
#include "commands/startup_signals.hpp"
#include "sensors/core/privilege.hpp"
#include "sensors/core/sysfs_root.hpp"
#include "text/text_escape.hpp"

namespace edgetop {

void print_error(const std::string& message) {
    // Messages quote file names and file contents: shown as a terminal can take them.
    std::fprintf(stderr, "edgetop: %s\n", text::terminal_safe(message).c_str());
}

namespace {

int fail(int status, const std::string& message) {
    print_error(message);
    return status;
}

int print(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

// The read capability serves the live board's sensor files only: a fixture tree or a session
// file is read with the user's own rights, so it is given up for good before them.
bool reads_live_board(const cli::Args& args) {
    if (!Root(args.global.root).is_live() || prints_fleet_file(args)) return false;
    if (args.global.check) return true;
    if (args.command == "query") return !args.query.from;
    return args.command != "report" && args.command != "import" && args.command != "replay" &&
           args.command != "export" && args.command != "fleet";
}

}  // namespace

int run(int argc, const char* const* argv) {
    // First, before any file is opened: see privilege.hpp.
    lower_privilege();
    // Before the process table raises it: the command edgetop runs starts with it.
    auto open_files = open_file_limit();
    // Then, before anything that can take time: see startup_signals.hpp.
    StartupSignals startup;
    cli::Args args;
    try {
        args = cli::parse(std::span<const char* const>(argv + 1, argc > 0 ? argc - 1 : 0));
    } catch (const cli::UsageError& e) {
        return fail(2, e.what());
    }
    if (args.global.help) return print(cli::help_text(args.command));
    if (args.global.version) return print(cli::version_text());
    if (!reads_live_board(args)) drop_privilege();
    if (auto problem = root_problem(args.global.root)) return fail(1, "--root " + *problem);
    bool records = !args.global.check && !prints_fleet_file(args) &&
                   (args.command == "record" || args.command == "stat" || args.command == "serve" ||
                    args.command == "sweep");
    if (!records) startup.release();
    const ProcessStart start{startup.original_mask(), open_files};
    try {
        if (args.global.check) return run_check(args);
        if (prints_fleet_file(args)) return run_print_fleet_file(args);
        if (args.command == "record") return run_record(args, start);
        if (args.command == "report") return run_report(args);
        if (args.command == "stat") return run_stat(args, start);
        if (args.command == "sweep") return run_sweep(args, start);
        if (args.command == "import") return run_import(args);
        if (args.command == "replay") return run_replay(args);
        if (args.command == "serve") return run_serve(args, start);
        if (args.command == "export") return run_export(args);
        if (args.command == "query") return run_query(args);
        if (args.command == "fleet") return run_fleet(args, start);
        return run_default(args);
    } catch (const std::exception& e) {
        return fail(1, e.what());
    }
}

}  // namespace edgetop
