// The whole program behind main(): parse the command line, dispatch, map failures to exit codes
// (2 for usage errors, 1 for anything else that went wrong).
#pragma once

namespace edgetop {

int run(int argc, const char* const* argv);

}  // namespace edgetop
