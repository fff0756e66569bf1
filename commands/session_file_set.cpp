#include "commands/session_file_set.hpp"

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

}  // namespace

std::string SessionFileSet::failure() const {
    if (!failure_.empty()) return failure_;
    return fmt::format("cannot write {}: {}", display_name(), std::strerror(writer_->error()));
}

SessionFileSet::SessionFileSet(std::string path, std::optional<Rotation> rotation)
    : first_path_(std::move(path)), rotation_(rotation) {
    file_ = std::make_unique<OutputFile>(first_path_);
    writer_ = std::make_unique<SessionWriter>(file_->fd(), session_compression_for(first_path_));
}

bool SessionFileSet::start(const SessionHeader& header) {
    header_ = header;
    if (rotation_) {
        header_.session_id = new_set_id();
        header_.part = part_;
    }
    return writer_->write_line(header_to_json(header_));
}

bool SessionFileSet::rotate_if_full(double t_s) {
    if (!rotation_ || writer_->bytes_written() < rotation_->max_bytes) return true;
    if (!writer_->write_line(end_to_json({t_s, part_samples_, EndReason::rotated})) ||
        !writer_->finish())
        return false;
    std::string next = session_part_path(first_path_, part_ + 1);
    std::unique_ptr<OutputFile> file;
    try {
        file = std::make_unique<OutputFile>(next);
    } catch (const std::exception& e) {
        failure_ = e.what();
        return false;
    }
    ++part_;
    writer_.reset();
    file_ = std::move(file);
    writer_ = std::make_unique<SessionWriter>(file_->fd(), session_compression_for(first_path_));
    part_samples_ = 0;
    header_.part = part_;
    if (!writer_->write_line(header_to_json(header_))) return false;
    if (rotation_->keep && part_ - *rotation_->keep >= 0)
        ::unlink(session_part_path(first_path_, part_ - *rotation_->keep).c_str());
    return true;
}

}  // namespace edgetop
