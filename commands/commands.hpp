// The things edgetop can do, one function per command; each returns the process exit status.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <signal.h>

#include "cli/cli_args.hpp"
#include "commands/process_start.hpp"
#include "sensors/core/source.hpp"

namespace edgetop {

class Sampler;
struct Sample;

// edgetop (no command): one sample as text.
int run_snapshot(const cli::Args& args);
// The sample --once prints: two readings 250 ms apart, so that utilisations and rates cover an
// interval.
const Sample& snapshot_sample(Sampler& sampler);
// edgetop query FIELD... (or --smi): chosen values of a sample, from the board or a serve.
int run_query(const cli::Args& args);
// edgetop fleet HOST...: every board's state and headline values, from their serves.
int run_fleet(const cli::Args& args, const ProcessStart& start);
// edgetop (no command): the interactive view on a terminal, else (or with --once) the snapshot.
int run_default(const cli::Args& args);
// The interactive view on live data.
int run_interactive(const cli::Args& args);
// edgetop --check: every source's status.
int run_check(const cli::Args& args);
// edgetop record. start: the signal mask and limits edgetop started with, for the command it runs.
int run_record(const cli::Args& args, const ProcessStart& start);
// edgetop report FILE...
int run_report(const cli::Args& args);
// edgetop stat -- CMD ARGS...
int run_stat(const cli::Args& args, const ProcessStart& start);
// edgetop sweep -- CMD ARGS...: CMD in every power mode, then the most efficient mode.
int run_sweep(const cli::Args& args, const ProcessStart& start);
// edgetop import tegrastats FILE
int run_import(const cli::Args& args);
// edgetop replay FILE
int run_replay(const cli::Args& args);
// edgetop export --format csv|perfetto FILE...
int run_export(const cli::Args& args);
// edgetop serve: the Prometheus exporter.
int run_serve(const cli::Args& args, const ProcessStart& start);
// serve --print-alert-rules, --print-grafana-dashboard: the file on standard output, no sampling.
bool prints_fleet_file(const cli::Args& args);
int run_print_fleet_file(const cli::Args& args);

// "edgetop: MESSAGE" on standard error: the one-line error of every command.
void print_error(const std::string& message);

// The status lines of --check, aligned in columns.
std::string format_check(const std::vector<SourceStatus>& statuses);
// Why edgetop cannot read under dir ("/nonexistent: No such file or directory"), if it cannot.
std::optional<std::string> root_problem(const std::string& dir);

}  // namespace edgetop
