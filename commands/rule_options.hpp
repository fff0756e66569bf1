// The rule configuration in force for a run: the config file, then --rules-off, then every --rule
// in the order given (a later --rule of the same key wins).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "analysis/rules_config.hpp"
#include "cli/cli_args.hpp"

namespace edgetop {

// $XDG_CONFIG_HOME/edgetop/config, else ~/.config/edgetop/config; empty when neither variable is
// set (no HOME).
std::filesystem::path rule_config_path();

// The config file (a missing one means defaults) with the command line applied on top. nullopt and
// a one-line error ("--rule cpu_oversubscribed.x=1: unknown key ...", "PATH: line 3: ...") when
// anything is wrong.
std::optional<analysis::RuleConfig> rule_config_from(const cli::Args& args, std::string& error);

}  // namespace edgetop
