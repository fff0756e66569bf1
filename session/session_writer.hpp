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
    // For a writer that must outlive a full disk (serve --log): a failed line is taken back
    // (the file cut back to where the line began, so no part of it stays) and kept; the next
    // write tries it again first, and while it cannot be written new lines are refused unwritten
    // (never compressed, so a .zst frame goes on exactly after the kept line). A file that cannot
    // be cut back (a pipe) stops the writer as without this. Call before the first write.
    void resume_after_errors() { resume_ = true; }
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
    // errno of the failed write, 0 while all writes succeeded (with resume_after_errors: since
    // the last write that succeeded).
    int error() const { return error_; }
    // With resume_after_errors: whether a failed line is kept to be written first.
    bool holds_failed_line() const { return !pending_.empty(); }
    // Writes that failed (each attempt, retries included).
    uint64_t failed_writes() const { return failed_writes_; }
    // Sample lines written (write_sample), a kept one once written.
    size_t sample_lines() const { return sample_lines_; }
    // Whether the failed line left some of its bytes in the file.
    bool left_partial_line() const { return partial_; }
    size_t lines() const { return lines_; }
    // Bytes that went to the file (compressed ones for a .zst).
    int64_t bytes_written() const { return bytes_written_; }

  private:
    struct Zstd;

    // Writes a whole line, newline included (compressed first, for a .zst).
    bool write_all(const char* data, size_t size);
    // Writes bytes as they go to the file; on failure keeps those not written in unwritten_
    // (with resume_: takes back those written and keeps all of them in pending_).
    bool write_bytes(const char* data, size_t size);
    // With resume_, after a failure: writes the kept line. False while it still fails.
    bool retry_failed_line();
    // Cuts the file back by the `written` bytes of a line that failed midway.
    bool take_back(size_t written);

    int fd_;
    std::unique_ptr<Zstd> zstd_;
    // Compressed bytes of a failed line not in the file: the frame continues only after them.
    std::string unwritten_;
    bool finished_ = false;
    int error_ = 0;
    bool partial_ = false;
    bool resume_ = false;
    std::string pending_;  // with resume_: the whole bytes of the failed line, to write first
    enum class Kept { line, sample, frame_end };
    Kept kept_ = Kept::line;  // what pending_ holds
    bool writing_sample_ = false;
    uint64_t failed_writes_ = 0;
    size_t sample_lines_ = 0;
    size_t lines_ = 0;
    int64_t bytes_written_ = 0;
    std::string buffer_;
    fmt::memory_buffer sample_buffer_;
};

}  // namespace edgetop
