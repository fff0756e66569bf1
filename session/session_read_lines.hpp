// The lines of a session file, read in large blocks (not a call per character) into one buffer
// that is reused, so memory depends on the longest line and never on the length of the file.
// Every line handed out is followed by at least kLinePadding readable bytes, which lets a SIMD
// JSON parser read past its end in place instead of copying it.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace edgetop {

inline constexpr std::size_t kLinePadding = 64;

// A file descriptor to read a session from: a path opened read-only ("-" is standard input, not
// closed), or none. Closed with the object.
class InputFile {
  public:
    InputFile() = default;
    // Throws std::system_error, or std::runtime_error for a device or socket (never-ending input).
    explicit InputFile(const std::string& path);
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    ~InputFile();
    // What SessionLines reads: read(2) retried on EINTR; an error ends the input.
    std::size_t read_some(char* into, std::size_t n) const;

  private:
    int fd_ = -1;
    bool owned_ = false;
};

// Whole lines handed out together (SessionLines::next_block): text is complete lines, each ended
// by '\n' but for a last one without newline at the end of the input, and is followed by at
// least kLinePadding readable bytes. The block owns the buffer text points into; passing a used
// block back lets SessionLines reuse its buffer.
struct LineBlock {
    std::unique_ptr<char[]> buffer;
    std::size_t capacity = 0;  // bytes of buffer before its padding
    std::string_view text;
    std::size_t max_line = 0;  // a line of text longer than this is too long to keep
    bool overlong = false;     // the block stands for one line too long to keep (text is empty)
    bool ends_input = false;   // the last line of text is the last line of the input, unended
};

class SessionLines {
  public:
    // Fills up to n bytes and returns how many; 0 only at the end of the input.
    using ReadSome = std::function<std::size_t(char* into, std::size_t n)>;
    enum class Kind { line, last_without_newline, overlong, eof };

    // A line longer than max_line_bytes is skipped without being stored (Kind::overlong).
    explicit SessionLines(ReadSome read, std::size_t max_line_bytes);

    // The next line without its '\n'; the view is valid until the next call.
    Kind next(std::string_view& line) { return next_line(line, true); }
    // As next(), but a line longer than max_line_bytes ends the read there (Kind::overlong, and
    // nothing more can be read) instead of being read to its end: for a line that is never that
    // long (a header), so that input without newlines is not read through.
    Kind next_within_limit(std::string_view& line) { return next_line(line, false); }
    // The complete lines held and those one more read brings, without copying them; false at the
    // end of the input. Can follow next() and be followed by it.
    bool next_block(LineBlock& block);

  private:
    bool fill();  // appends input after end_; false at the end of the input
    Kind next_line(std::string_view& line, bool read_overlong_to_end);

    ReadSome read_;
    std::size_t max_line_bytes_;
    std::size_t capacity_;
    std::unique_ptr<char[]> buffer_;  // capacity_ + kLinePadding bytes
    std::size_t begin_ = 0, end_ = 0;
    bool eof_ = false;
};

}  // namespace edgetop
