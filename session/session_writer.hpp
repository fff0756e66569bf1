// Writes session lines to a file descriptor, one write(2) per line, so a reader (or a crash)
// sees whole lines, possibly followed by one truncated last line; never interleaved pieces.
// Compressed (a FILE.jsonl.zst): one zstd frame for the file, flushed (ZSTD_e_flush) after every
// line, so what is on disk always decodes to every line written but the one being written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "edgetop/sample.hpp"

namespace edgetop {

enum class SessionCompression { none, zstd };

// zstd for a name ending in ".zst", none otherwise (standard output "-" included).
SessionCompression session_compression_for(const std::string& path);

class SessionWriter {
  public:
    // Does not take ownership of fd.
    explicit SessionWriter(int fd, SessionCompression compression = SessionCompression::none);
    ~SessionWriter();  // finish()
    SessionWriter(const SessionWriter&) = delete;
    SessionWriter& operator=(const SessionWriter&) = delete;

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
    // Closes the zstd frame (its end mark and checksum; nothing for a plain file). Nothing is
    // written after it. False if that cannot be written: every line before still decodes.
    bool finish();
    // errno of the failed write, 0 while all writes succeeded.
    int error() const { return error_; }
    // Whether the failed line left some of its bytes in the file.
    bool left_partial_line() const { return partial_; }
    size_t lines() const { return lines_; }
    // Bytes that went to the file (compressed ones for a .zst).
    int64_t bytes_written() const { return bytes_written_; }

  private:
    struct Zstd;

    // Writes a whole line, newline included (compressed first, for a .zst).
    bool write_all(const char* data, size_t size);
    // Writes bytes as they go to the file; on failure keeps those not written in unwritten_.
    bool write_bytes(const char* data, size_t size);

    int fd_;
    std::unique_ptr<Zstd> zstd_;
    // Compressed bytes of a failed line not in the file: the frame continues only after them.
    std::string unwritten_;
    bool finished_ = false;
    int error_ = 0;
    bool partial_ = false;
    size_t lines_ = 0;
    int64_t bytes_written_ = 0;
    std::string buffer_;
    fmt::memory_buffer sample_buffer_;
};

}  // namespace edgetop
