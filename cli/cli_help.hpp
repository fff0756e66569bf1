// --help text, generated from the option table.
#pragma once

#include <string>
#include <string_view>

namespace edgetop::cli {

// The help of the program (command "") or of one subcommand.
std::string help_text(std::string_view command);
std::string version_text();
// The version alone ("0.9.0").
std::string_view version();

}  // namespace edgetop::cli
