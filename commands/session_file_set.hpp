// Where a recording's lines go: one session file (or standard output), or with --rotate a set
// of files, each a whole session (header, samples, events, end line "rotated"), with the same
// set id and their part numbers in their headers (names: session_part_path).
#pragma once

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

class SessionFileSet {
  public:
    // Opens the first file ("-" is standard output); throws std::runtime_error("cannot write
    // 'PATH': reason").
    SessionFileSet(std::string path, std::optional<Rotation> rotation);

    SessionWriter& writer() { return *writer_; }
    // The file being written, for messages: "'run.1.jsonl.zst'".
    const std::string& display_name() const { return file_->display_name(); }
    // Samples written to the file being written (its end line's count).
    int64_t part_samples() const { return part_samples_; }
    void count_sample() { ++part_samples_; }

    // Writes the header; with a rotation, with the set's id and the part number.
    bool start(const SessionHeader& header);
    // After a sample and its events: when the file has reached the rotation size, ends it (end
    // line at t_s, reason rotated), opens the next part and writes its header, then deletes the
    // oldest parts beyond --keep. False when writing failed (writer().error() and display_name()
    // say where).
    bool rotate_if_full(double t_s);
    // Ends the last file (the zstd frame of a .zst).
    bool finish() { return writer_->finish(); }
    // After a failure: "cannot write 'PATH': reason".
    std::string failure() const;

  private:
    std::string first_path_;
    std::optional<Rotation> rotation_;
    SessionHeader header_;
    int64_t part_ = 0;
    int64_t part_samples_ = 0;
    std::unique_ptr<OutputFile> file_;
    std::unique_ptr<SessionWriter> writer_;
    std::string failure_;  // a next part that could not be opened
};

}  // namespace edgetop
