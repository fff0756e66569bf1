#include "session/session_reader.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "session/session_json_values.hpp"
#include "session/session_records_json.hpp"
#include "session/session_sample_json.hpp"

namespace edgetop {

using nlohmann::json;

namespace {

// A line longer than this is not something edgetop wrote; it is skipped without being stored.
constexpr size_t kMaxLineBytes = 16 * 1024 * 1024;

std::istream& open_input(const std::string& path, std::ifstream& file) {
    if (path == "-") return std::cin;
    file.open(path, std::ios::binary);
    if (!file) throw SessionError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
    return file;
}

std::string short_reason(const json::parse_error& e) {
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    auto colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

}  // namespace

SessionReader::SessionReader(const std::string& path, ProblemHandler on_problem)
    : in_(&open_input(path, file_)), name_(path), on_problem_(std::move(on_problem)) {
    read_header();
}

SessionReader::SessionReader(std::istream& in, std::string name, ProblemHandler on_problem)
    : in_(&in), name_(std::move(name)), on_problem_(std::move(on_problem)) {
    read_header();
}

void SessionReader::report(SessionProblem::Severity severity, std::string message) {
    if (severity == SessionProblem::Severity::error) ++corrupt_lines_;
    if (on_problem_) on_problem_({severity, line_number_, std::move(message)});
}

// Reads through the stream buffer so that an overlong line is skipped, not stored.
SessionReader::LineRead SessionReader::read_line() {
    line_.clear();
    auto* buf = in_->rdbuf();
    bool any = false;
    bool overlong = false;
    for (;;) {
        int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            if (!any) return LineRead::eof;
            ++line_number_;
            if (overlong) line_.clear();
            return LineRead::last_without_newline;
        }
        any = true;
        if (c == '\n') break;
        if (line_.size() < kMaxLineBytes)
            line_.push_back(static_cast<char>(c));
        else
            overlong = true;
    }
    ++line_number_;
    if (overlong) line_.assign(1, '\x01');  // never valid JSON: reported as a corrupt line
    return LineRead::line;
}

void SessionReader::read_header() {
    auto read = read_line();
    if (read == LineRead::eof)
        throw SessionError(fmt::format("{}: not an edgetop session (empty file)", name_));
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
    if (read == LineRead::last_without_newline) finished_ = true;
}

bool SessionReader::next(SessionRecord& record) {
    using Severity = SessionProblem::Severity;
    while (!finished_) {
        auto read = read_line();
        if (read == LineRead::eof) break;
        bool last = read == LineRead::last_without_newline;
        if (last) finished_ = true;
        if (line_.empty() && !last) continue;

        json line;
        try {
            line = json::parse(line_);
        } catch (const json::parse_error& e) {
            if (last) {
                truncated_ = true;
                report(Severity::warning, fmt::format("{}: line {}: truncated last line ignored",
                                                      name_, line_number_));
            } else {
                report(Severity::error, fmt::format("{}: line {}: corrupt line skipped ({})", name_,
                                                    line_number_, short_reason(e)));
            }
            continue;
        }
        auto type = session_json::get_string(line, "type");
        if (!type) {
            report(Severity::error, fmt::format("{}: line {}: corrupt line skipped (not an object "
                                                "with a \"type\")",
                                                name_, line_number_));
            continue;
        }
        if (*type == "sample") {
            record.kind = SessionRecord::Kind::sample;
            record.sample = sample_from_json(line);
            return true;
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
                continue;
            }
            has_end_ = true;
            record.kind = SessionRecord::Kind::end;
            record.end = *end;
            return true;
        }
        // Unknown types come from newer writers; readers skip them (see the version policy).
    }
    finished_ = true;
    if (!end_checked_) {
        end_checked_ = true;
        if (!has_end_)
            report(Severity::warning,
                   fmt::format("{}: no end line: the recording was interrupted", name_));
    }
    return false;
}

}  // namespace edgetop
