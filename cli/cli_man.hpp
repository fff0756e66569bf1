// The man page's COMMANDS and OPTIONS sections, generated from the option table, and its RULES
// section, generated from the rule catalog (analysis/rules_catalog.cpp): a test checks that
// man/edgetop.1 holds them byte for byte; `make man` writes them into it.
#pragma once

#include <optional>
#include <string>

namespace edgetop::cli {

// From ".SH COMMANDS\n" to the end of the section's last line.
std::string man_commands_section();
// From ".SH OPTIONS\n": the shared options, then ".SS Options of NAME" for every command.
std::string man_options_section();
// From ".SH RULES\n": the hysteresis, one entry per rule with its description, then every
// threshold with its default and unit (format_rule_table()).
std::string man_rules_section();

// The section `.SH name` of a page, up to the next `.SH` (empty where the page has none).
std::string man_section(const std::string& page, const std::string& name);
// The page with its COMMANDS, OPTIONS and RULES sections replaced by the generated ones; nullopt
// where the page lacks one of them.
std::optional<std::string> with_generated_sections(std::string page);

}  // namespace edgetop::cli
