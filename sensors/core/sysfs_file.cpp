#include "sensors/core/sysfs_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>

#include "edgetop/numbers.hpp"
#include "sensors/core/privilege.hpp"

namespace edgetop {
namespace {

constexpr int kReadOnlyFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

// A root-only sensor file (debugfs, RAPL energy) is opened again with the read capability when
// edgetop holds one, and kept only if it is on a kernel filesystem: a link that leads out of
// sysfs and procfs gets nothing the user could not read.
int open_with_capability(const char* path) {
    ReadCapabilityScope capability;
    if (!capability.raised()) return -1;
    int fd = ::open(path, kReadOnlyFlags);
    if (fd >= 0 && !on_kernel_filesystem(fd)) {
        ::close(fd);
        fd = -1;
    }
    return fd;
}

OpenResult classify_errno(int err) {
    if (err == ENOENT || err == ENOTDIR) return OpenResult::absent;
    if (err == EACCES || err == EPERM) return OpenResult::needs_root;
    return OpenResult::error;
}

}  // namespace

std::string describe(OpenResult result) {
    switch (result) {
        case OpenResult::ok:
            return "";
        case OpenResult::absent:
            return "no such file";
        case OpenResult::needs_root:
            return "permission denied";
        case OpenResult::error:
            return "cannot read";
        case OpenResult::not_regular:
            return "not a regular file";
    }
    return "cannot read";
}

std::string larger_than(size_t max_bytes) {
    return "larger than " + std::to_string(max_bytes) + " bytes";
}

// O_NONBLOCK: opening a FIFO would otherwise wait for a writer, forever; the file is then refused
// unless fstat says it is a regular file, so no later read can block either (a read of a regular
// file never waits for data) or stream forever as /dev/zero does.
SysFile::SysFile(std::string real_path, FileAccess access) : path_(std::move(real_path)) {
    fd_ = ::open(path_.c_str(), kReadOnlyFlags);
    if (fd_ < 0 && errno == EACCES && access == FileAccess::sensor &&
        is_live_sensor_path(path_.c_str())) {
        fd_ = open_with_capability(path_.c_str());
        if (fd_ < 0) errno = EACCES;
    }
    if (fd_ < 0) {
        open_result_ = classify_errno(errno);
        return;
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        open_result_ = S_ISDIR(info.st_mode) ? OpenResult::error : OpenResult::not_regular;
        return;
    }
    open_result_ = OpenResult::ok;
}

SysFile::SysFile(SysFile&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(other.fd_),
      open_result_(other.open_result_),
      buffer_(std::move(other.buffer_)),
      too_large_for_(other.too_large_for_) {
    other.fd_ = -1;
}

SysFile& SysFile::operator=(SysFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        path_ = std::move(other.path_);
        fd_ = other.fd_;
        open_result_ = other.open_result_;
        buffer_ = std::move(other.buffer_);
        too_large_for_ = other.too_large_for_;
        other.fd_ = -1;
    }
    return *this;
}

SysFile::~SysFile() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string_view> SysFile::read(size_t max_bytes) {
    // A failed read must not leave the last read's bytes for read_lines() to return as current.
    too_large_for_ = 0;
    if (fd_ < 0) return std::nullopt;
    // One byte past the cap tells a file of exactly max_bytes from a larger one.
    const size_t limit = max_bytes + 1;
    if (buffer_.size() < 256) buffer_.resize(std::min<size_t>(256, limit));
    size_t used = 0;
    // sysfs answers a value in one read; procfs files such as /proc/stat can exceed the buffer,
    // so keep reading (growing the buffer) until EOF or past max_bytes.
    while (used < limit) {
        if (used == buffer_.size()) buffer_.resize(std::min(buffer_.size() * 2, limit));
        size_t want = std::min(buffer_.size(), limit) - used;
        ssize_t n = ::pread(fd_, buffer_.data() + used, want, static_cast<off_t>(used));
        if (n < 0) {
            if (errno == EINTR) continue;
            return std::nullopt;
        }
        if (n == 0) break;
        used += static_cast<size_t>(n);
    }
    if (used > max_bytes) {
        too_large_for_ = max_bytes;
        return std::nullopt;
    }
    return std::string_view(buffer_.data(), used);
}

std::optional<std::string_view> SysFile::read_lines(size_t max_bytes) {
    if (auto whole = read(max_bytes)) return whole;
    if (!too_large_for_) return std::nullopt;
    std::string_view head(buffer_.data(), max_bytes);
    size_t last_newline = head.rfind('\n');
    return head.substr(0, last_newline == std::string_view::npos ? 0 : last_newline + 1);
}

std::string SysFile::problem() const {
    if (open_result_ != OpenResult::ok) return describe(open_result_);
    return too_large_for_ ? larger_than(too_large_for_) : "";
}

std::optional<std::string> SysFile::read_text() {
    auto content = read();
    if (!content) return std::nullopt;
    return std::string(trim(*content));
}

std::optional<int64_t> SysFile::read_int() {
    auto content = read();
    if (!content) return std::nullopt;
    return parse_int(*content);
}

std::optional<int64_t> parse_int(std::string_view text) {
    text = trim(text);
    // from_chars takes no '+': one is allowed, but not before a '-' ("+-5").
    if (text.starts_with('+') && !text.starts_with("+-")) text.remove_prefix(1);
    int64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

std::optional<double> parse_double(std::string_view text) {
    text = trim(text);
    double value = 0;
    if (!numbers::parse_whole(text, value)) return std::nullopt;
    return value;
}

std::optional<std::string> read_text_file(const std::string& real_path, size_t max_bytes,
                                          FileAccess access) {
    SysFile file(real_path, access);
    auto content = file.read(max_bytes);
    if (!content) return std::nullopt;
    return std::string(trim(*content));
}

FileText read_whole_file(const std::string& real_path, size_t max_bytes, FileAccess access) {
    SysFile file(real_path, access);
    FileText result;
    if (auto content = file.read(max_bytes))
        result.text = std::string(*content);
    else
        result.problem = file.problem();
    return result;
}

std::string special_file_problem(const std::string& real_path) {
    struct stat info {};
    if (::stat(real_path.c_str(), &info) != 0) return "";
    if (S_ISREG(info.st_mode) || S_ISDIR(info.st_mode)) return "";
    return describe(OpenResult::not_regular);
}

std::optional<int64_t> read_int_file(const std::string& real_path) {
    SysFile file(real_path);
    return file.read_int();
}

std::optional<bool> read_flag(SysFile& file) {
    auto value = file.read_int();
    if (!value || (*value != 0 && *value != 1)) return std::nullopt;
    return *value == 1;
}

OpenResult probe_file(const std::string& real_path) {
    return SysFile(real_path).open_result();
}

std::string input_stream_problem(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return "";  // open() names the error
    if (S_ISREG(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISDIR(info.st_mode)) return "";
    return "not a regular file or pipe";
}

std::string_view base_name(std::string_view path) {
    auto slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::optional<int64_t> positive(std::optional<int64_t> value) {
    if (value && *value > 0) return value;
    return std::nullopt;
}

}  // namespace edgetop
