#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "commands/commands.hpp"
#include "commands/host_name.hpp"
#include "commands/recorder.hpp"
#include "commands/rule_options.hpp"
#include "commands/session_file_set.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

namespace {

RecordPlan plan_of(const cli::Args& args) {
    RecordPlan plan;
    plan.interval = std::chrono::milliseconds(args.global.interval_ms);
    plan.count = args.record.count;
    if (args.record.duration_s)
        plan.duration = std::chrono::nanoseconds(std::llround(*args.record.duration_s * 1e9));
    return plan;
}

// record and stat leave the command in edgetop's process group: a terminal's Ctrl-C reaches it
// and it may read the terminal. A sweep's job gets a group of its own, so that a stop request
// passed on reaches everything it started (a script's own commands, which would otherwise run on
// and keep the sweep waiting); being out of the terminal's foreground group, it reads no terminal
// (it would stop on SIGTTIN and hang the sweep).
ChildOptions child_options(const cli::Args& args) {
    ChildOptions options;
    if (args.command != "sweep") return options;
    options.own_process_group = true;
    options.stdin_from_null = ::isatty(STDIN_FILENO) == 1;
    return options;
}

}  // namespace

int record_session(const cli::Args& args, const std::string& output_path, const ProcessStart& start,
                   RecordObserver* observer) {
    // SIGPIPE and SIGXFSZ are blocked, not watched: a reader that goes away (EPIPE) or a file
    // size limit (EFBIG) is a write error like a full disk, not death.
    SignalWatch signals({SIGINT, SIGTERM, SIGHUP, SIGCHLD}, {SIGPIPE, SIGXFSZ});
    std::optional<int> signal;
    return record_session(args, output_path, start, signals, &signal, observer);
}

int record_session(const cli::Args& args, const std::string& output_path,
                   const ProcessStart& process_start, SignalWatch& signals,
                   std::optional<int>* signal, RecordObserver* observer) {
    std::string rule_error;
    auto rules = rule_config_from(args, rule_error);
    if (!rules) {
        print_error(rule_error);
        return 2;
    }
    std::optional<Rotation> rotation;
    if (args.record.keep_files && !args.record.rotate_bytes) {
        print_error("--keep: only with --rotate");
        return 2;
    }
    if (args.record.rotate_bytes) {
        if (output_path == "-") {
            print_error("--rotate: needs a file to write (-o FILE or --log FILE)");
            return 2;
        }
        rotation = Rotation{*args.record.rotate_bytes, args.record.keep_files};
    }
    // serve --log: a log that a restart continues and a full disk does not end.
    FileSetKind kind =
        args.command == "serve" && args.serve.log ? FileSetKind::log : FileSetKind::recording;
    std::unique_ptr<SessionFileSet> output;
    try {
        output = std::make_unique<SessionFileSet>(output_path, rotation, kind);
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }
    auto start = std::chrono::steady_clock::now();
    auto started = std::chrono::system_clock::now();
    RecordPlan plan = plan_of(args);
    if (const auto& set_start = output->continued_from()) {
        // Sample times go on counting from the start of the set it continues.
        plan.t_offset_s =
            std::max(0.0, std::chrono::duration<double>(started - *set_start).count());
        started = *set_start;
    }
    Sampler sampler{Root(args.global.root)};

    std::unique_ptr<ChildProcess> child;
    if (!args.exec.empty()) {
        try {
            child = std::make_unique<ChildProcess>(args.exec, process_start, child_options(args));
        } catch (const std::exception& e) {
            print_error(e.what());
            return 127;
        }
    }

    SessionHeader header;
    header.started = started;
    header.interval_ms = args.global.interval_ms;
    header.host = host_name();
    header.root = args.global.root;
    header.board = sampler.board();
    header.sources = sampler.status();
    header.rules = rules->enabled_ids();
    if (observer) observer->on_start(header);
    analysis::Analyzer analyzer(header.board, *rules);

    RecordOutcome outcome;
    outcome.write_failed = !output->start(header);
    if (!outcome.write_failed) {
        Recorder recorder(sampler, analyzer, *output, signals, child.get(), start, observer);
        outcome = recorder.run(plan);
    }
    // The end of a .zst's frame; a plain file has nothing more to write.
    if (!output->finish()) outcome.write_failed = true;
    if (outcome.write_failed) print_error(output->failure());
    *signal = outcome.signal;
    int status = child ? child->wait() : 0;
    return outcome.write_failed ? 1 : status;
}

int run_record(const cli::Args& args, const ProcessStart& start) {
    return record_session(args, args.record.output, start);
}

}  // namespace edgetop
