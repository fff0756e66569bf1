// The machine's host name for a session header; empty when it cannot be had.
#pragma once

#include <string>

namespace edgetop {

std::string host_name();

}  // namespace edgetop
