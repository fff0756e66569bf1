#include "session/session_reader.hpp"

#include <system_error>

#include <fmt/format.h>

#include "session/session_element_limits.hpp"
#include "session/session_json_depth.hpp"
#include "session/session_json_values.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

using nlohmann::json;

namespace {

// A line longer than this is not something edgetop wrote; it is skipped without being stored.
constexpr size_t kMaxLineBytes = 16 * 1024 * 1024;

InputFile open_input(const std::string& path) {
    try {
        return InputFile(path);
    } catch (const std::system_error& e) {
        throw SessionError(fmt::format("{}: cannot open: {}", path, e.code().message()));
    } catch (const std::runtime_error& e) {
        throw SessionError(fmt::format("{}: cannot open: {}", path, e.what()));
    }
}

std::string short_reason(const json::exception& e) {
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    auto colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

}  // namespace

SessionReader::SessionReader(const std::string& path, ProblemHandler on_problem)
    : file_(open_input(path)),
      input_([this](char* into, std::size_t n) { return file_.read_some(into, n); }),
      name_(path),
      on_problem_(std::move(on_problem)),
      lines_([this](char* into, std::size_t n) { return input_.read_some(into, n); },
             kMaxLineBytes) {
    read_header();
}

SessionReader::SessionReader(std::istream& in, std::string name, ProblemHandler on_problem)
    : input_([&in](char* into, std::size_t n) {
          return static_cast<std::size_t>(in.rdbuf()->sgetn(into, static_cast<long>(n)));
      }),
      name_(std::move(name)),
      on_problem_(std::move(on_problem)),
      lines_([this](char* into, std::size_t n) { return input_.read_some(into, n); },
             kMaxLineBytes) {
    read_header();
}

void SessionReader::report(SessionProblem::Severity severity, std::string message) {
    if (severity == SessionProblem::Severity::error) ++corrupt_lines_;
    if (on_problem_) on_problem_({severity, line_number_, std::move(message)});
}

void SessionReader::report_unreadable(bool last, const std::string& reason) {
    using Severity = SessionProblem::Severity;
    if (last) {
        truncated_ = true;
        report(Severity::warning,
               fmt::format("{}: line {}: truncated last line ignored", name_, line_number_));
    } else {
        report(Severity::error,
               fmt::format("{}: line {}: corrupt line skipped ({})", name_, line_number_, reason));
    }
}

// Once per file: a session that holds such lists is not one edgetop wrote on a real machine.
void SessionReader::report_over_limit(std::string_view key) {
    if (warned_over_limit_) return;
    warned_over_limit_ = true;
    report(SessionProblem::Severity::warning,
           fmt::format("{}: line {}: a sample with more than {} {}: the elements past the limit "
                       "are dropped (in this and any later sample)",
                       name_, line_number_, element_limit(key), key));
}

// Where the compressed data stopped early: a frame cut short (the writer was killed) is a
// warning, damage is an error; every complete line before either was read.
void SessionReader::report_input_end() {
    using Severity = SessionProblem::Severity;
    const char* format = format_name(input_.format());
    if (input_.expanded_too_far())
        report(Severity::error,
               fmt::format("{}: not read past line {}: its {} data {} (a decompression bomb, "
                           "not a session)",
                           name_, line_number_, format, input_.error()));
    else if (input_.checksum_wrong())
        report(Severity::warning,
               fmt::format("{}: the {} data does not match its checksum after line {} (damaged "
                           "or altered): the lines before are read, anything after cannot be",
                           name_, format, line_number_));
    else if (!input_.error().empty())
        report(Severity::error,
               fmt::format("{}: corrupt {} data after line {} ({}): the rest cannot be read", name_,
                           format, line_number_, input_.error()));
    else if (input_.truncated())
        report(Severity::warning,
               fmt::format("{}: the {} data ends inside a frame after line {} (the writer "
                           "stopped mid-write): the lines before it are read",
                           name_, format, line_number_));
}

void SessionReader::read_header() {
    auto read = lines_.next_within_limit(line_);
    if (read != SessionLines::Kind::eof) ++line_number_;
    // Damage before the first line is complete: the header cannot be trusted.
    if (!input_.error().empty() && read != SessionLines::Kind::line)
        throw SessionError(fmt::format("{}: not a readable session: corrupt {} data ({})", name_,
                                       format_name(input_.format()), input_.error()));
    if (read == SessionLines::Kind::eof)
        throw SessionError(fmt::format(
            "{}: not an edgetop session ({})", name_,
            input_.truncated() ? "the compressed data ends before the first line" : "empty file"));
    if (read == SessionLines::Kind::overlong)
        throw SessionError(fmt::format(
            "{}: not an edgetop session (no end to its first line in {} MiB: not read further)",
            name_, kMaxLineBytes >> 20));
    if (nests_deeper_than(line_, kMaxJsonDepth))
        throw SessionError(
            fmt::format("{}: line 1: not an edgetop session (nested deeper than {} "
                        "levels)",
                        name_, kMaxJsonDepth));
    json line = json::parse(line_, nullptr, false);
    using session_json::get_int;
    using session_json::get_string;
    if (line.is_discarded() || get_string(line, "type") != "header" ||
        get_string(line, "format") != std::string(kSessionFormat))
        throw SessionError(
            fmt::format("{}: not an edgetop session (the first line is not a {} "
                        "header)",
                        name_, kSessionFormat));
    auto version = get_int(line, "version");
    if (!version || *version < 1)
        throw SessionError(fmt::format("{}: not an edgetop session (no format version)", name_));
    if (*version > kSessionVersion)
        throw SessionError(
            fmt::format("{}: session format version {} is newer than this edgetop "
                        "reads (version {})",
                        name_, *version, kSessionVersion));
    header_ = header_from_json(line);
    if (read == SessionLines::Kind::last_without_newline) finished_ = true;
}

// Lines that are not samples, and sample lines the sample reader rejected (nlohmann names the
// fault the same way for every line type). Returns true when record was filled.
bool SessionReader::read_other(SessionRecord& record, bool last, const char* sample_error) {
    using Severity = SessionProblem::Severity;
    if (nests_deeper_than(line_, kMaxJsonDepth)) {
        report_unreadable(last, fmt::format("nested deeper than {} levels", kMaxJsonDepth));
        return false;
    }
    json line;
    try {
        line = json::parse(line_);
    } catch (const json::exception& e) {  // parse_error, or out_of_range for a number like 1e999
        report_unreadable(last, short_reason(e));
        return false;
    }
    if (sample_error) {
        // Valid JSON to nlohmann, not to the sample reader (e.g. nested beyond any sample).
        report_unreadable(last, sample_error);
        return false;
    }
    auto type = session_json::get_string(line, "type");
    if (!type) {
        report(Severity::error, fmt::format("{}: line {}: corrupt line skipped (not an object "
                                            "with a \"type\")",
                                            name_, line_number_));
        return false;
    }
    if (*type == "event") {
        record.kind = SessionRecord::Kind::event;
        record.event = event_from_json(line);
        return true;
    }
    if (*type == "end") {
        auto end = end_from_json(line);
        if (!end) {
            report(Severity::error, fmt::format("{}: line {}: end line without a known reason",
                                                name_, line_number_));
            return false;
        }
        has_end_ = true;
        record.kind = SessionRecord::Kind::end;
        record.end = *end;
        return true;
    }
    // Unknown types come from newer writers; readers skip them (see the version policy). A
    // "sample" here is one whose "type" the sample reader did not find as a string: not one to
    // read.
    return false;
}

bool SessionReader::next(SessionRecord& record) {
    if (!batches_ && !finished_)
        batches_ = std::make_unique<LineBatches>(lines_, fields_, workers_, reader_);
    while (!finished_) {
        if (!batch_ || batch_line_ == batch_->lines.size()) {
            batch_ = batches_->next();
            batch_line_ = 0;
            if (!batch_) break;
            continue;
        }
        const ParsedLine& parsed = batch_->lines[batch_line_++];
        ++line_number_;
        if (parsed.last) finished_ = true;
        if (parsed.overlong) {
            report_unreadable(false, fmt::format("longer than {} bytes", kMaxLineBytes));
            continue;
        }
        line_ = parsed.text;
        if (line_.empty() && !parsed.last) continue;

        switch (parsed.result) {
            case SampleLineParser::Result::sample:
                if (!parsed.over_limit.empty()) report_over_limit(parsed.over_limit);
                record.kind = SessionRecord::Kind::sample;
                std::swap(record.sample, batch_->samples[parsed.sample]);
                return true;
            case SampleLineParser::Result::invalid:
                if (read_other(record, parsed.last, parsed.error)) return true;
                break;
            case SampleLineParser::Result::other:
                if (read_other(record, parsed.last, nullptr)) return true;
                break;
        }
    }
    finished_ = true;
    if (!end_checked_) {
        end_checked_ = true;
        report_input_end();
        if (!has_end_)
            report(SessionProblem::Severity::warning,
                   fmt::format("{}: no end line: the recording was interrupted", name_));
    }
    return false;
}

}  // namespace edgetop
