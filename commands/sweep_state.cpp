#include "commands/sweep_state.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "commands/replacing_file.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop {

namespace {

constexpr size_t kMaxStateBytes = 4096;

constexpr const char* kStateHeader =
    "# the power mode to restore after an edgetop sweep that did not finish "
    "(edgetop sweep --restore)\n";

}  // namespace

SweepState::SweepState(const Root& root)
    : directory_(root.path(kDirectory)), path_(root.path(kPath)) {}

SweepState::~SweepState() {
    if (lock_fd_ >= 0) ::close(lock_fd_);
}

std::optional<std::string> SweepState::lock() {
    if (::mkdir(directory_.c_str(), 0755) != 0 && errno != EEXIST)
        return fmt::format("sweep: cannot create {} for its restore file: {}", directory_,
                           std::strerror(errno));
    lock_fd_ = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (lock_fd_ < 0)
        return fmt::format("sweep: cannot open {}: {}", directory_, std::strerror(errno));
    if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK)
            return fmt::format("sweep: another edgetop sweep is running (it holds {})", directory_);
        return fmt::format("sweep: cannot lock {}: {}", directory_, std::strerror(errno));
    }
    return std::nullopt;
}

std::optional<RestorePoint> SweepState::read() const {
    SysFile file(path_, FileAccess::user);
    if (file.open_result() == OpenResult::absent) return std::nullopt;
    auto text = file.read(kMaxStateBytes);
    if (!text)
        throw std::runtime_error(
            fmt::format("sweep: cannot read the restore file {}: {}", path_, file.problem()));
    auto garbage = [&](const std::string& why) {
        return std::runtime_error(
            fmt::format("sweep: {} is not a sweep restore file ({}); check the power mode, then "
                        "remove it",
                        path_, why));
    };
    std::optional<RestorePoint> point;
    std::optional<std::string> conf;
    std::string_view rest = *text;
    for (int number = 1; !rest.empty(); ++number) {
        std::string_view line = next_line(rest);
        if (line.empty() || line.starts_with('#')) continue;
        if (line.starts_with("mode ") && !point) {
            auto id = parse_int(line.substr(5));
            if (!id || *id < 0 || *id > INT_MAX)
                throw garbage(fmt::format("line {}: no mode id", number));
            point = RestorePoint{static_cast<int>(*id), {}};
        } else if (line.starts_with("conf ") && line.size() > 5 && !conf) {
            conf = std::string(line.substr(5));
        } else {
            throw garbage(fmt::format("line {} is not 'mode ID' or 'conf FILE'", number));
        }
    }
    if (!point) throw garbage("no 'mode ID' line");
    if (conf) point->conf_path = *conf;
    return point;
}

void SweepState::write(const RestorePoint& point) const {
    if (point.conf_path.find('\n') != std::string::npos)
        throw std::runtime_error(
            fmt::format("cannot write '{}': the --conf path has a line break", path_));
    std::string text = fmt::format("{}mode {}\n", kStateHeader, point.mode);
    if (!point.conf_path.empty()) text += fmt::format("conf {}\n", point.conf_path);
    write_file_replacing(path_, text);
    // The rename is durable only once the directory is on disk too: a power cut must not lose it.
    int dir = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    bool synced = dir >= 0 && ::fsync(dir) == 0;
    int error = errno;
    if (dir >= 0) ::close(dir);
    if (!synced)
        throw std::runtime_error(
            fmt::format("cannot write '{}': {}", directory_, std::strerror(error)));
}

std::optional<std::string> SweepState::remove() const {
    if (::unlink(path_.c_str()) != 0 && errno != ENOENT)
        return fmt::format("cannot remove {}: {}", path_, std::strerror(errno));
    return std::nullopt;
}

}  // namespace edgetop
