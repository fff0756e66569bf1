// Reads a session file line by line: the header first, then samples, events and the end line.
// The file may be plain, zstd or gzip (DecodedInput tells them apart by content).
// Holds one block of lines at a time, so memory does not grow with the length of the recording.
// Sample lines go through SampleLineParser (simdjson where the build has it) into the caller's
// reused Sample; the rare header, event and end lines through nlohmann.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <stdexcept>
#include <string>

#include "edgetop/sample.hpp"
#include "session/session_decoded_input.hpp"
#include "session/session_line_batches.hpp"
#include "session/session_read_lines.hpp"
#include "session/session_read_sample.hpp"
#include "session/session_types.hpp"

namespace edgetop {

// The input is not a session file (or cannot be opened); what() is one line naming the input.
class SessionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct SessionProblem {
    enum class Severity { warning, error };
    Severity severity = Severity::warning;
    size_t line = 0;      // 1-based line number
    std::string message;  // "line 12: not valid JSON (...)", one line
};

struct SessionRecord {
    enum class Kind { sample, event, end };
    Kind kind = Kind::sample;
    Sample sample;       // Kind::sample
    SessionEvent event;  // Kind::event
    SessionEnd end;      // Kind::end
};

class SessionReader {
  public:
    using ProblemHandler = std::function<void(const SessionProblem&)>;

    // Opens path ("-" reads standard input) and reads the header; throws SessionError.
    explicit SessionReader(const std::string& path, ProblemHandler on_problem = {});
    // Reads from a stream that outlives the reader; name is used in messages.
    SessionReader(std::istream& in, std::string name, ProblemHandler on_problem = {});

    const SessionHeader& header() const { return header_; }
    // Before the first next(): what sample lines fill (all fields by default) and how many
    // threads besides the caller's parse them (one per core but the caller's by default).
    void set_sample_fields(SampleFields fields) { fields_ = fields; }
    void set_workers(unsigned workers) { workers_ = workers; }
    // Before the first next(): which reader parses sample lines (tests compare them).
    void set_sample_reader(SampleReader reader) { reader_ = reader; }
    // Fills the next record; false at the end of the input. Lines that are not valid records are
    // reported to the problem handler and skipped; lines of unknown type are skipped silently.
    // Pass the same record each time: its Sample's vectors are reused.
    bool next(SessionRecord& record);

    size_t line_number() const { return line_number_; }
    size_t corrupt_lines() const { return corrupt_lines_; }
    bool truncated() const { return truncated_; }
    bool has_end() const { return has_end_; }
    DecodedInput::Format format() const { return input_.format(); }

  private:
    void read_header();
    bool read_other(SessionRecord& record, bool last, const char* sample_error);
    void report(SessionProblem::Severity severity, std::string message);
    void report_unreadable(bool last, const std::string& reason);
    void report_input_end();
    void report_over_limit(std::string_view key);

    InputFile file_;  // when reading a path
    DecodedInput input_;
    std::string name_;
    ProblemHandler on_problem_;
    SessionHeader header_;
    SessionLines lines_;
    SampleFields fields_ = SampleFields::all;
    unsigned workers_ = LineBatches::default_workers();
    SampleReader reader_ = default_sample_reader();
    std::unique_ptr<LineBatches> batches_;  // from the first next() on
    LineBatch* batch_ = nullptr;
    std::size_t batch_line_ = 0;
    std::string_view line_;
    size_t line_number_ = 0;
    size_t corrupt_lines_ = 0;
    bool truncated_ = false;
    bool has_end_ = false;
    bool finished_ = false;
    bool end_checked_ = false;
    bool warned_over_limit_ = false;
};

}  // namespace edgetop
