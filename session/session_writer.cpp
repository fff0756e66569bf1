#include "session/session_writer.hpp"

#include <unistd.h>

#include <cerrno>

#include "session/session_sample_line.hpp"

namespace edgetop {

bool SessionWriter::write_line(const nlohmann::ordered_json& value) {
    if (error_ != 0) return false;
    // Invalid UTF-8 in a sensor string (a corrupt device-tree model) is replaced, not fatal.
    buffer_ = value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    buffer_.push_back('\n');
    return write_all(buffer_.data(), buffer_.size());
}

bool SessionWriter::write_serialized_line(std::string_view line) {
    if (error_ != 0) return false;
    buffer_.assign(line);
    buffer_.push_back('\n');
    return write_all(buffer_.data(), buffer_.size());
}

bool SessionWriter::write_sample(const Sample& sample) {
    if (error_ != 0) return false;
    sample_buffer_.clear();
    append_sample_line(sample_buffer_, sample);
    sample_buffer_.push_back('\n');
    return write_all(sample_buffer_.data(), sample_buffer_.size());
}

bool SessionWriter::write_all(const char* data, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = ::write(fd_, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = n < 0 ? errno : EIO;
            partial_ = done > 0;
            return false;
        }
        done += static_cast<size_t>(n);
    }
    ++lines_;
    return true;
}

bool SessionWriter::write_closing_line(const nlohmann::ordered_json& value) {
    if (error_ == 0) return write_line(value);
    if (partial_) return false;
    int first_error = error_;
    error_ = 0;
    bool ok = write_line(value);
    if (!ok) partial_ = false;  // a truncated closing line still ends the file
    error_ = first_error;
    return ok;
}

}  // namespace edgetop
