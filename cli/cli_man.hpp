// The man page's COMMANDS and OPTIONS sections, generated from the option table, and its RULES
// section, generated from the rule catalog (analysis/rules_catalog.cpp): a test checks that
// man/edgetop.1 holds them byte for byte (and rewrites them on request).
#pragma once

#include <string>

namespace edgetop::cli {

// From ".SH COMMANDS\n" to the end of the section's last line.
std::string man_commands_section();
// From ".SH OPTIONS\n": the shared options, then ".SS Options of NAME" for every command.
std::string man_options_section();
// From ".SH RULES\n": the hysteresis, one entry per rule with its description, then every
// threshold with its default and unit (format_rule_table()).
std::string man_rules_section();

}  // namespace edgetop::cli
