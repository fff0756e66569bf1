// Where a recording's lines go: one session file (or standard output), or with --rotate a set
// of files, each a whole session (header, samples, events, end line "rotated"), with the same
// set id and their part numbers in their headers (names: session_part_path).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "commands/output_file.hpp"
#include "session/session_types.hpp"
#include "session/session_writer.hpp"

namespace edgetop {

struct Rotation {
    int64_t max_bytes = 0;
    std::optional<int64_t> keep;  // files of the set kept, the one being written included
};

enum class FileSetKind {
    recording,  // record -o, stat -o, sweep: the file is written over; a write error ends it
    // serve --log: always a set (id and part in every header), never written over (an existing
    // set goes on in its next part), and a write error is outlived: the line is taken back and
    // written once the file takes writes again (SessionWriter::resume_after_errors).
    log,
};

class SessionFileSet {
  public:
    // Opens the first file ("-" is standard output); throws std::runtime_error("cannot write
    // 'PATH': reason").
    SessionFileSet(std::string path, std::optional<Rotation> rotation,
                   FileSetKind kind = FileSetKind::recording);

    SessionWriter& writer() { return *writer_; }
    // The file being written, for messages: "'run.1.jsonl.zst'".
    const std::string& display_name() const { return file_->display_name(); }
    // Samples written to the file being written (its end line's count).
    int64_t part_samples() const { return static_cast<int64_t>(writer_->sample_lines()); }
    // A log that goes on in an existing set: when the set started (its first header's time),
    // from which the sample times count on.
    const std::optional<std::chrono::system_clock::time_point>& continued_from() const {
        return continued_from_;
    }

    // Writes the header; with a rotation, with the set's id and the part number.
    bool start(const SessionHeader& header);
    // A log only: whether the next sample may be written now (false while the end of a full
    // file of a rotation cannot be written, or the next part cannot be opened).
    bool ready();
    // After a sample and its events: when the file has reached the rotation size, ends it (end
    // line at t_s, reason rotated), opens the next part and writes its header, then deletes the
    // oldest parts beyond --keep. False when writing failed (writer().error() and display_name()
    // say where); a log goes on and finishes the rotation at a later call or ready().
    bool rotate_if_full(double t_s);
    // Ends the last file (the zstd frame of a .zst).
    bool finish() { return writer_->finish(); }
    // After a failure: "cannot write 'PATH': reason".
    std::string failure() const;
    // A log: whether its writes fail now, and how many failed since the start.
    bool failing() const { return writer_->error() != 0 || !failure_.empty(); }
    uint64_t failed_writes() const { return failed_writes_ + writer_->failed_writes(); }
    // Bytes that went to the files of the set so far (compressed ones for .zst).
    uint64_t bytes_written() const {
        return bytes_before_ + static_cast<uint64_t>(writer_->bytes_written());
    }
    bool outlives_write_errors() const { return kind_ == FileSetKind::log; }

  private:
    void open_writer();
    bool end_file();
    bool open_next_part();
    void delete_beyond_keep();

    std::string first_path_;
    std::optional<Rotation> rotation_;
    FileSetKind kind_;
    SessionHeader header_;
    std::string set_id_;
    std::optional<std::chrono::system_clock::time_point> continued_from_;
    int64_t part_ = 0;
    bool in_set_ = false;  // headers carry the set id and part
    bool ending_ = false;  // a log's rotation under way: the end line or next part is to come
    bool end_written_ = false;
    double end_t_s_ = 0;
    std::unique_ptr<OutputFile> file_;
    std::unique_ptr<SessionWriter> writer_;
    std::string failure_;         // a next part that could not be opened
    uint64_t failed_writes_ = 0;  // of the files before, and of opening parts
    uint64_t bytes_before_ = 0;   // written to the files before
};

}  // namespace edgetop
