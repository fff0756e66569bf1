// What the import command and `report --from tegrastats` share: the command-line checks, the
// importer options and how warnings are printed.
#pragma once

#include <optional>
#include <string>

#include "cli/cli_args.hpp"
#include "import/import_samples.hpp"

namespace edgetop {

// The words after `import` must be "tegrastats FILE"; a one-line usage error otherwise.
std::optional<std::string> import_usage_problem(const cli::Args& args);
// --interval (time between undated lines) and --strict.
ImportOptions import_options(const cli::Args& args);
// Each warning kind once (with its first line and count), then the notes, on standard error.
void print_import_warnings(const std::string& name, const ImportedSamples& samples);

}  // namespace edgetop
