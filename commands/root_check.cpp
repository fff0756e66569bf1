#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "commands/commands.hpp"

namespace edgetop {

std::optional<std::string> root_problem(const std::string& dir) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) return fmt::format("{}: {}", dir, std::strerror(errno));
    if (!S_ISDIR(st.st_mode)) return fmt::format("{}: not a directory", dir);
    if (::access(dir.c_str(), R_OK | X_OK) != 0)
        return fmt::format("{}: {}", dir, std::strerror(errno));
    return std::nullopt;
}

}  // namespace edgetop
