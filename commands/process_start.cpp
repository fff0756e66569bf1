#include "commands/process_start.hpp"

namespace edgetop {

std::optional<rlimit> open_file_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return std::nullopt;
    return limit;
}

}  // namespace edgetop
