#include "exporter/unix_listen_socket.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace edgetop::exporter {

namespace {

sockaddr_un unix_address(const std::string& path) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.c_str(), std::min(path.size(), sizeof address.sun_path - 1));
    return address;
}

std::string directory_of(const std::string& path) {
    auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

[[noreturn]] void fail(const ListenAddress& address, const std::string& reason, int fd) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("cannot listen on " + address.text() + ": " + reason);
}

}  // namespace

UnixPathState unix_path_state(const std::string& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
        if (errno != ENOENT) return UnixPathState::unknown;
        struct stat directory {};
        std::string parent = directory_of(path);
        if (::stat(parent.c_str(), &directory) != 0 || !S_ISDIR(directory.st_mode))
            return UnixPathState::no_directory;
        return UnixPathState::absent;
    }
    if (!S_ISSOCK(info.st_mode)) return UnixPathState::not_a_socket;
    // Only a refused connection says that nothing listens: a full backlog (EAGAIN) or no
    // permission (EACCES) leaves a file that may be another serve's.
    int probe = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (probe < 0) return UnixPathState::unknown;
    sockaddr_un address = unix_address(path);
    int result = ::connect(probe, reinterpret_cast<sockaddr*>(&address), sizeof address);
    int error = errno;
    ::close(probe);
    if (result == 0 || error == EAGAIN || error == EINPROGRESS) return UnixPathState::live;
    return error == ECONNREFUSED ? UnixPathState::stale : UnixPathState::unknown;
}

std::string unix_path_problem(const std::string& path) {
    std::string name = std::string(kUnixPrefix) + path;
    switch (unix_path_state(path)) {
        case UnixPathState::absent:
        case UnixPathState::stale:
            return "";
        case UnixPathState::live:
            return name + ": another process serves on it";
        case UnixPathState::not_a_socket:
            return name + ": exists and is not a socket (it is left as it is)";
        case UnixPathState::no_directory:
            return name + ": directory " + directory_of(path) + " does not exist";
        case UnixPathState::unknown:
            break;
    }
    return name + ": cannot tell whether a process serves on it (" + std::strerror(errno) + ")";
}

void UnixSocketFile::remove() const {
    struct stat info {};
    if (path.empty() || ::lstat(path.c_str(), &info) != 0) return;
    if (S_ISSOCK(info.st_mode) && info.st_dev == device && info.st_ino == inode)
        ::unlink(path.c_str());
}

int open_unix_listen_socket(const ListenAddress& address, UnixSocketFile& file) {
    const std::string& path = address.unix_path;
    std::string problem = unix_path_problem(path);
    if (!problem.empty()) fail(address, problem.substr(address.text().size() + 2), -1);
    if (unix_path_state(path) == UnixPathState::stale) ::unlink(path.c_str());

    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) fail(address, std::strerror(errno), -1);
    sockaddr_un bound = unix_address(path);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&bound), sizeof bound) != 0)
        fail(address, std::strerror(errno), fd);
    struct stat info {};
    ::lstat(path.c_str(), &info);
    file = {path, info.st_dev, info.st_ino};
    // Mode and group before listen(): until then every connect is refused.
    auto undo = [&](const std::string& reason) {
        file.remove();
        file = {};
        fail(address, reason, fd);
    };
    if (::chmod(path.c_str(), 0660) != 0)
        undo(std::string("cannot set its mode: ") + std::strerror(errno));
    if (address.group &&
        ::chown(path.c_str(), static_cast<uid_t>(-1), static_cast<gid_t>(*address.group)) != 0)
        undo("cannot give it to group " + std::to_string(*address.group) + ": " +
             std::strerror(errno));
    if (::listen(fd, SOMAXCONN) != 0) undo(std::strerror(errno));
    return fd;
}

}  // namespace edgetop::exporter
