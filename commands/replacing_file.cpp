#include "commands/replacing_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include "commands/output_file.hpp"

namespace edgetop {

namespace {

std::runtime_error failure(const std::string& path, int error) {
    return std::runtime_error(fmt::format("cannot write '{}': {}", path, std::strerror(error)));
}

// 0 when every byte went out, else the errno.
int write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        if (n == 0) return EIO;
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

void write_directly(const std::string& path, std::string_view content) {
    int fd = open_output(path, OutputOpen::truncate);
    int error = write_all(fd, content);
    if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
    if (error) throw failure(path, error);
}

// A new file beside path, created with `mode` less the umask. Hand-written rather than
// mkostemp, which creates 0600 whatever the umask: the kernel applies the umask only to the mode
// given to open(2).
int create_temporary(const std::string& path, mode_t mode, std::string& name) {
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = fmt::format("{}.tmp-{:08x}", path, random());
        int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

}  // namespace

void check_replaceable(const std::string& path) {
    check_output_path(path);
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw failure(path, EISDIR);
        if (!S_ISREG(st.st_mode)) return;  // a device: written directly
    }
    auto slash = path.rfind('/');
    std::string directory = slash == std::string::npos ? "."
                            : slash == 0               ? "/"
                                                       : path.substr(0, slash);
    if (::access(directory.c_str(), W_OK | X_OK) != 0) throw failure(path, errno);
}

void write_file_replacing(const std::string& path, std::string_view content) {
    // lstat: a link is not replaced but refused, or written in place when it leads to a device.
    struct stat st {};
    bool exists = ::lstat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) throw failure(path, EISDIR);
        write_directly(path, content);
        return;
    }
    // A replaced file keeps its mode; until then the new content is readable by the owner only.
    std::string temp;
    int fd = create_temporary(path, exists ? 0600 : 0666, temp);
    if (fd < 0) throw failure(path, errno);
    int error = write_all(fd, content);
    if (!error && exists && ::fchmod(fd, st.st_mode & 07777) != 0) error = errno;
    if (!error && ::fsync(fd) != 0) error = errno;
    if (::close(fd) != 0 && !error && errno != EINTR) error = errno;
    if (!error && ::rename(temp.c_str(), path.c_str()) != 0) error = errno;
    if (error) {
        ::unlink(temp.c_str());
        throw failure(path, error);
    }
}

}  // namespace edgetop
