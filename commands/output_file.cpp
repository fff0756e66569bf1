#include "commands/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace edgetop {

OutputFile::OutputFile(const std::string& path) {
    if (path == "-") {
        fd_ = STDOUT_FILENO;
        display_name_ = "standard output";
        return;
    }
    display_name_ = fmt::format("'{}'", path);
    // Close-on-exec: the command of `record -- CMD` must not inherit the session file.
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw std::runtime_error(
            fmt::format("cannot write {}: {}", display_name_, std::strerror(errno)));
    owned_ = true;
}

OutputFile::~OutputFile() {
    if (owned_) ::close(fd_);
}

}  // namespace edgetop
