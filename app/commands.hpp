// The things edgetop can do, one function per command; each returns the process exit status.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/cli_args.hpp"
#include "sensors/source.hpp"

namespace edgetop {

// edgetop (no command): one sample as text.
int run_snapshot(const cli::Args& args);
// edgetop --check: every source's status.
int run_check(const cli::Args& args);
// edgetop record.
int run_record(const cli::Args& args);

// The status lines of --check, aligned in columns.
std::string format_check(const std::vector<SourceStatus>& statuses);
// Why edgetop cannot read under dir ("/nonexistent: No such file or directory"), if it cannot.
std::optional<std::string> root_problem(const std::string& dir);

}  // namespace edgetop
