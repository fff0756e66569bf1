// Writes session lines to a file descriptor, one write(2) per line, so a reader (or a crash)
// sees whole lines, possibly followed by one truncated last line; never interleaved pieces.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "edgetop/sample.hpp"

namespace edgetop {

class SessionWriter {
  public:
    // Does not take ownership of fd.
    explicit SessionWriter(int fd) : fd_(fd) {}

    // Writes the value and a newline. After the first failure nothing more is written (the file
    // stays a valid prefix) and every call returns false.
    bool write_line(const nlohmann::ordered_json& value);
    // The same for a line already serialised (one JSON value, without the newline, and with no
    // newline inside).
    bool write_serialized_line(std::string_view line);
    // A sample line (append_sample_line), serialised straight into the reused buffer.
    bool write_sample(const Sample& sample);
    // After a failure that left no partial line, tries once more to write a closing line (the
    // end line saying why the recording stopped). False if it cannot be written either.
    bool write_closing_line(const nlohmann::ordered_json& value);
    // errno of the failed write, 0 while all writes succeeded.
    int error() const { return error_; }
    // Whether the failed line left some of its bytes in the file.
    bool left_partial_line() const { return partial_; }
    size_t lines() const { return lines_; }

  private:
    // Writes a whole line, newline included.
    bool write_all(const char* data, size_t size);

    int fd_;
    int error_ = 0;
    bool partial_ = false;
    size_t lines_ = 0;
    std::string buffer_;
    fmt::memory_buffer sample_buffer_;
};

}  // namespace edgetop
