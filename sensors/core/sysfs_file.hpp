// A sensor file opened once and re-read with pread on every poll.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sensors/core/text_scan.hpp"

namespace edgetop {

// not_regular: the path is a FIFO, socket or device (a /dev/zero link, say), refused at open so
// that no read can block or run forever; sysfs and procfs attributes are regular files.
enum class OpenResult { ok, absent, needs_root, error, not_regular };

// Why a file gave no value, in the words --check shows: "not a regular file", "larger than 4096
// bytes", "no such file", or the system's message; empty when it was read.
std::string describe(OpenResult result);
std::string larger_than(size_t max_bytes);

// Who chose the path. A sensor path is one edgetop discovered itself: on the live tree, under
// /sys or /proc, it may be opened with the read capability (privilege.hpp). A path the user named
// (a config, an input) is opened with the user's own rights only.
enum class FileAccess { sensor, user };

class SysFile {
  public:
    SysFile() = default;
    explicit SysFile(std::string real_path, FileAccess access = FileAccess::sensor);
    SysFile(SysFile&& other) noexcept;
    SysFile& operator=(SysFile&& other) noexcept;
    SysFile(const SysFile&) = delete;
    SysFile& operator=(const SysFile&) = delete;
    ~SysFile();

    OpenResult open_result() const { return open_result_; }
    bool is_open() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

    // The whole content, or nullopt when the file is not open, the read fails or the content is
    // larger than max_bytes (a truncated value would be a wrong one; see problem()). 4096 bytes is
    // a sysfs attribute's page. The view stays valid until the next read.
    std::optional<std::string_view> read(size_t max_bytes = 4096);
    // For procfs tables read line by line (/proc/stat, /proc/meminfo): like read(), but content
    // larger than max_bytes is cut after its last whole line within the cap instead of refused.
    std::optional<std::string_view> read_lines(size_t max_bytes);
    // The content without surrounding white space and a trailing NUL.
    std::optional<std::string> read_text();
    // A decimal integer (leading white space and a trailing newline allowed); nullopt on garbage.
    std::optional<int64_t> read_int();
    // Why the file gives no value ("not a regular file", "larger than N bytes"), or empty.
    std::string problem() const;

  private:
    std::string path_;
    int fd_ = -1;
    OpenResult open_result_ = OpenResult::absent;
    std::string buffer_;
    size_t too_large_for_ = 0;  // the max_bytes the last read exceeded, or 0
};

// One-shot helpers for discovery-time reads (not for the sampling path).
std::optional<std::string> read_text_file(const std::string& real_path, size_t max_bytes = 65536,
                                          FileAccess access = FileAccess::sensor);
// A whole file (config files, nvpmodel.conf): its text untrimmed, or the reason it has none in
// the words of describe() ("not a regular file", "larger than N bytes", "no such file", ...).
struct FileText {
    std::optional<std::string> text;
    std::string problem;
};
FileText read_whole_file(const std::string& real_path, size_t max_bytes,
                         FileAccess access = FileAccess::sensor);
// For --check: "not a regular file" when something other than a regular file or directory is at
// the path (symlinks followed), else empty.
std::string special_file_problem(const std::string& real_path);
// For a session or log given by name, which may be a pipe by design (`<(zcat s.jsonl.gz)`):
// "not a regular file or pipe" for a device or socket (a /dev/zero link would never end), else
// empty.
std::string input_stream_problem(const std::string& path);
std::optional<int64_t> read_int_file(const std::string& real_path);
// An attribute that is 0 or 1 (an alarm, an enable): nullopt for anything else.
std::optional<bool> read_flag(SysFile& file);
OpenResult probe_file(const std::string& real_path);

// Strict integer parse of a whole token (optional sign, digits, surrounding white space).
std::optional<int64_t> parse_int(std::string_view text);
std::optional<double> parse_double(std::string_view text);
// The last component of a path ("/sys/class/hwmon/hwmon3" -> "hwmon3").
std::string_view base_name(std::string_view path);
// A clock or rate of 0 or less means "not reported": the value, or absent.
std::optional<int64_t> positive(std::optional<int64_t> value);

}  // namespace edgetop
