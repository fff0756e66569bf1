// One sample as readable text: every family, every value with its unit, "n/a" when absent.
#pragma once

#include <string>

#include "edgetop/board.hpp"
#include "edgetop/sample.hpp"

namespace edgetop {

std::string format_snapshot(const Sample& sample, const Board& board);

}  // namespace edgetop
