// `edgetop report --from tegrastats FILE`: a report over a tegrastats log, read as the import
// reads it and fed to the report's sample stream, so the flags are computed by the Analyzer.
#pragma once

#include <functional>
#include <string>

#include "analysis/rules_config.hpp"
#include "cli/cli_args.hpp"
#include "report/report_builder.hpp"
#include "report/report_types.hpp"

namespace edgetop {

// Throws std::runtime_error when the file cannot be read. Import warnings go to standard error
// and into the report's problems. watch sees each sample and flag as the report takes it.
analysis::SessionReport report_tegrastats_file(const std::string& path, const cli::Args& args,
                                               const analysis::RuleConfig& rules,
                                               const analysis::SessionWatch& watch = {});

}  // namespace edgetop
