// The man page's COMMANDS and OPTIONS sections, generated from the option table: a test checks
// that man/edgetop.1 holds them byte for byte (and rewrites them on request).
#pragma once

#include <string>

namespace edgetop::cli {

// From ".SH COMMANDS\n" to the end of the section's last line.
std::string man_commands_section();
// From ".SH OPTIONS\n": the shared options, then ".SS Options of NAME" for every command.
std::string man_options_section();

}  // namespace edgetop::cli
