// A sensor file opened once and re-read with pread on every poll.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace edgetop {

enum class OpenResult { ok, absent, needs_root, error };

class SysFile {
  public:
    SysFile() = default;
    explicit SysFile(std::string real_path);
    SysFile(SysFile&& other) noexcept;
    SysFile& operator=(SysFile&& other) noexcept;
    SysFile(const SysFile&) = delete;
    SysFile& operator=(const SysFile&) = delete;
    ~SysFile();

    OpenResult open_result() const { return open_result_; }
    bool is_open() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

    // The whole content (up to max_bytes), or nullopt when the file is not open or the read fails.
    // The view stays valid until the next read.
    std::optional<std::string_view> read(size_t max_bytes = 4096);
    // The content without surrounding white space and a trailing NUL.
    std::optional<std::string> read_text();
    // A decimal integer (leading white space and a trailing newline allowed); nullopt on garbage.
    std::optional<int64_t> read_int();

  private:
    std::string path_;
    int fd_ = -1;
    OpenResult open_result_ = OpenResult::absent;
    std::string buffer_;
};

// One-shot helpers for discovery-time reads (not for the sampling path).
std::optional<std::string> read_text_file(const std::string& real_path, size_t max_bytes = 65536);
std::optional<int64_t> read_int_file(const std::string& real_path);
OpenResult probe_file(const std::string& real_path);

// Strict integer parse of a whole token (optional sign, digits, surrounding white space).
std::optional<int64_t> parse_int(std::string_view text);
std::optional<double> parse_double(std::string_view text);
std::string_view trim(std::string_view text);
// Splits procfs text without copying: each call returns the next line (without its newline) or
// the next blank-separated token, and advances `text` past it.
std::string_view next_line(std::string_view& text);
std::string_view next_token(std::string_view& text);
// The last component of a path ("/sys/class/hwmon/hwmon3" -> "hwmon3").
std::string_view base_name(std::string_view path);
// A clock or rate of 0 or less means "not reported": the value, or absent.
std::optional<int64_t> positive(std::optional<int64_t> value);

}  // namespace edgetop
