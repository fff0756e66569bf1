#include "commands/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>

namespace edgetop {

namespace {

OutputError link_refused(const std::string& path) {
    return OutputError(path, "it is a symbolic link, not followed (remove it or name its target)");
}

// O_NONBLOCK for the open only: a FIFO nobody reads would otherwise hold the open forever (now
// ENXIO, a one-line error); the writes that follow block as usual.
int open_blocking_writes(const std::string& path, int flags, mode_t mode = 0) {
    int fd = ::open(path.c_str(), flags | O_NONBLOCK, mode);
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

bool is_symlink(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

// The link at path opened without creating or truncating anything, kept only when it leads to
// something other than a regular file or a directory (a device, a pipe): the open cannot have
// changed a file, and what it reaches cannot be clobbered.
int open_link_to_device(const std::string& path) {
    int fd = open_blocking_writes(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw link_refused(path);
    struct stat st {};
    if (::fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) return fd;
    ::close(fd);
    throw link_refused(path);
}

}  // namespace

OutputError::OutputError(const std::string& path, const std::string& reason)
    : std::runtime_error(fmt::format("cannot write '{}': {}", path, reason)), reason_(reason) {}

int open_output(const std::string& path, OutputOpen how) {
    // Close-on-exec: the command of `record -- CMD` must not inherit the session file. The
    // kernel takes the umask off 0666.
    int flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW;
    flags |= how == OutputOpen::create_new ? O_EXCL : O_TRUNC;
    int fd = open_blocking_writes(path, flags, 0666);
    if (fd >= 0) return fd;
    int error = errno;
    if ((error == ELOOP || error == EEXIST) && is_symlink(path)) {
        if (how == OutputOpen::create_new) throw link_refused(path);
        return open_link_to_device(path);
    }
    throw OutputError(path, std::strerror(error));
}

void check_output_path(const std::string& path) {
    if (path == "-" || !is_symlink(path)) return;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
        throw link_refused(path);
}

OutputFile::OutputFile(const std::string& path, OutputOpen how) {
    if (path == "-") {
        fd_ = STDOUT_FILENO;
        display_name_ = "standard output";
        return;
    }
    display_name_ = fmt::format("'{}'", path);
    fd_ = open_output(path, how);
    owned_ = true;
}

OutputFile::~OutputFile() {
    if (owned_) ::close(fd_);
}

}  // namespace edgetop
