// Which JetPack release an L4T (Jetson Linux) release belongs to.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace edgetop {

// "36.4.7" -> "6.2.1". Absent for a release missing from the table: never a guess.
std::optional<std::string> jetpack_for_l4t(std::string_view l4t);

}  // namespace edgetop
