#include "commands/replacing_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

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
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) throw failure(path, errno);
    int error = write_all(fd, content);
    if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
    if (error) throw failure(path, error);
}

}  // namespace

void check_replaceable(const std::string& path) {
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
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) throw failure(path, EISDIR);
        write_directly(path, content);
        return;
    }
    std::string name = path + ".tmp-XXXXXX";
    std::vector<char> temp(name.begin(), name.end());
    temp.push_back('\0');
    int fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0) throw failure(path, errno);
    int error = write_all(fd, content);
    if (!error && ::fchmod(fd, 0644) != 0) error = errno;
    if (!error && ::fsync(fd) != 0) error = errno;
    if (::close(fd) != 0 && !error && errno != EINTR) error = errno;
    if (!error && ::rename(temp.data(), path.c_str()) != 0) error = errno;
    if (error) {
        ::unlink(temp.data());
        throw failure(path, error);
    }
}

}  // namespace edgetop
