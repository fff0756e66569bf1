#include "commands/session_file_set.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include <fmt/format.h>

#include "session/session_parts.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {

namespace {

// 64 random bits as 16 hex digits: the files of one set say they belong together.
std::string new_set_id() {
    std::random_device random;
    uint64_t bits = (static_cast<uint64_t>(random()) << 32) ^ random();
    return fmt::format("{:016x}", bits);
}

// Standard output, or a path that leads to a device or a pipe: written in place, no set on disk.
bool names_a_stream(const std::string& path) {
    struct stat st {};
    return path == "-" || (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode));
}

}  // namespace

std::string SessionFileSet::failure() const {
    if (!failure_.empty()) return failure_;
    return fmt::format("cannot write {}: {}", display_name(), std::strerror(writer_->error()));
}

SessionFileSet::SessionFileSet(std::string path, std::optional<Rotation> rotation, FileSetKind kind)
    : first_path_(std::move(path)), rotation_(rotation), kind_(kind) {
    in_set_ = rotation_ || kind_ == FileSetKind::log;
    OutputOpen how = OutputOpen::truncate;
    if (kind_ == FileSetKind::log && !names_a_stream(first_path_)) {
        // A restart goes on after the files there: their next part, in their set when their
        // headers say which. Nothing there is written over.
        ExistingSet existing = find_existing_set(first_path_);
        part_ = existing.next_part;
        if (existing.id) {
            set_id_ = *existing.id;
            continued_from_ = existing.started;
        }
        how = OutputOpen::create_new;
    }
    if (in_set_ && set_id_.empty()) set_id_ = new_set_id();
    file_ = std::make_unique<OutputFile>(session_part_path(first_path_, part_), how);
    open_writer();
}

void SessionFileSet::open_writer() {
    writer_ = std::make_unique<SessionWriter>(file_->fd(), session_compression_for(first_path_));
    if (kind_ == FileSetKind::log) writer_->resume_after_errors();
}

bool SessionFileSet::start(const SessionHeader& header) {
    header_ = header;
    if (in_set_) {
        header_.session_id = set_id_;
        header_.part = part_;
    }
    if (part_ > 0) delete_beyond_keep();
    // A log's header that cannot be written now is written first once the file takes writes.
    return writer_->write_line(header_to_json(header_)) || kind_ == FileSetKind::log;
}

bool SessionFileSet::ready() {
    return !ending_ || (end_file() && open_next_part());
}

bool SessionFileSet::rotate_if_full(double t_s) {
    if (!rotation_) return true;
    if (!ending_) {
        if (writer_->bytes_written() < rotation_->max_bytes) return true;
        // A kept line of a log goes out (with the next sample) before the file may end.
        if (writer_->error() != 0 && kind_ == FileSetKind::log) return true;
        ending_ = true;
        end_written_ = false;
        end_t_s_ = t_s;
    }
    return (end_file() && open_next_part()) || kind_ == FileSetKind::log;
}

// The end line (reason rotated) and a .zst's frame end; for a log, what failed of them is
// kept by the writer and tried again by finish() at the next call.
bool SessionFileSet::end_file() {
    if (!end_written_) {
        end_written_ = true;
        if (!writer_->write_line(end_to_json({end_t_s_, part_samples(), EndReason::rotated})))
            return false;
    }
    return writer_->finish();
}

bool SessionFileSet::open_next_part() {
    std::string next = session_part_path(first_path_, part_ + 1);
    std::unique_ptr<OutputFile> file;
    try {
        file = std::make_unique<OutputFile>(
            next, kind_ == FileSetKind::log ? OutputOpen::create_new : OutputOpen::truncate);
    } catch (const std::exception& e) {
        failure_ = e.what();
        ++failed_writes_;
        return false;
    }
    failure_.clear();
    ending_ = false;
    ++part_;
    failed_writes_ += writer_->failed_writes();
    bytes_before_ += static_cast<uint64_t>(writer_->bytes_written());
    writer_.reset();
    file_ = std::move(file);
    open_writer();
    header_.part = part_;
    if (!writer_->write_line(header_to_json(header_)) && kind_ != FileSetKind::log) return false;
    delete_beyond_keep();
    return true;
}

void SessionFileSet::delete_beyond_keep() {
    if (rotation_ && rotation_->keep && part_ - *rotation_->keep >= 0)
        ::unlink(session_part_path(first_path_, part_ - *rotation_->keep).c_str());
}

}  // namespace edgetop
