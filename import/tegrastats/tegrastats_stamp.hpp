// The timestamps a tegrastats line can start with.
#pragma once

#include <string_view>

#include "import/tegrastats/tegrastats_line.hpp"

namespace edgetop::tegrastats {

// Removes a leading "<epoch seconds>::" and/or "MM-DD-YYYY HH:MM:SS " from line, filling stamp.
// Returns false when a prefix has the shape of a stamp but impossible values (month 13, 25:00:00).
bool strip_stamps(std::string_view& line, LineStamp& stamp);

}  // namespace edgetop::tegrastats
