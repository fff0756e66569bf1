// Turns argv into Args using the option table; every mistake is a UsageError.
#pragma once

#include <span>

#include "cli/cli_args.hpp"

namespace edgetop::cli {

// args excludes the program name.
Args parse(std::span<const char* const> args);

}  // namespace edgetop::cli
