// The board family's sources, one factory each (the sampler lists them all in
// sensors/sampler/source_list.cpp, in the order it polls them).
#pragma once

#include "sensors/core/source.hpp"

namespace edgetop {

SourcePtr make_board_source();  // device tree, L4T, nvpmodel

}  // namespace edgetop
