#include "session/session_read_lines.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {
// Large enough that a read is a handful of system calls per megabyte of session.
constexpr std::size_t kInitialBytes = 1 << 20;
}  // namespace

InputFile::InputFile(const std::string& path) {
    if (path == "-") {
        fd_ = STDIN_FILENO;
        return;
    }
    if (auto problem = input_stream_problem(path); !problem.empty())
        throw std::runtime_error(problem);
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) throw std::system_error(errno, std::generic_category());
    owned_ = true;
}

InputFile::~InputFile() {
    if (owned_) ::close(fd_);
}

std::size_t InputFile::read_some(char* into, std::size_t n) const {
    for (;;) {
        ssize_t got = ::read(fd_, into, n);
        if (got >= 0) return static_cast<std::size_t>(got);
        if (errno != EINTR) return 0;
    }
}

SessionLines::SessionLines(ReadSome read, std::size_t max_line_bytes)
    : read_(std::move(read)),
      max_line_bytes_(max_line_bytes),
      capacity_(kInitialBytes),
      buffer_(new char[capacity_ + kLinePadding]()) {}

bool SessionLines::fill() {
    if (eof_) return false;
    if (end_ == capacity_) {
        if (begin_ > 0) {
            std::memmove(buffer_.get(), buffer_.get() + begin_, end_ - begin_);
            end_ -= begin_;
            begin_ = 0;
        } else {
            // One line fills the buffer: grow, up to the longest line kept plus a block.
            std::size_t grown = std::min(capacity_ * 2, max_line_bytes_ + kInitialBytes);
            grown = std::max(grown, capacity_ + 1);
            std::unique_ptr<char[]> bigger(new char[grown + kLinePadding]());
            std::memcpy(bigger.get(), buffer_.get(), end_);
            buffer_ = std::move(bigger);
            capacity_ = grown;
        }
    }
    std::size_t n = read_(buffer_.get() + end_, capacity_ - end_);
    if (n == 0) {
        eof_ = true;
        return false;
    }
    end_ += n;
    return true;
}

SessionLines::Kind SessionLines::next_line(std::string_view& line, bool read_overlong_to_end) {
    std::size_t scanned = begin_;
    bool overlong = false;
    for (;;) {
        const char* start = buffer_.get() + scanned;
        const void* newline = std::memchr(start, '\n', end_ - scanned);
        if (newline) {
            const char* at = static_cast<const char*>(newline);
            line = std::string_view(buffer_.get() + begin_,
                                    static_cast<std::size_t>(at - (buffer_.get() + begin_)));
            begin_ = static_cast<std::size_t>(at - buffer_.get()) + 1;
            if (overlong || line.size() > max_line_bytes_) {
                line = {};
                return Kind::overlong;
            }
            return Kind::line;
        }
        if (end_ - begin_ > max_line_bytes_) {
            if (!read_overlong_to_end) {
                line = {};
                begin_ = end_ = 0;
                eof_ = true;
                return Kind::overlong;
            }
            // Drop what is held of the overlong line and keep looking for its end.
            overlong = true;
            begin_ = end_ = 0;
        }
        scanned = end_;
        std::size_t held_from = begin_;
        if (!fill()) {
            if (end_ == begin_ && !overlong) return Kind::eof;
            line = overlong ? std::string_view{}
                            : std::string_view(buffer_.get() + begin_, end_ - begin_);
            begin_ = end_;
            return Kind::last_without_newline;
        }
        // fill() may have moved the held bytes to the start of the buffer.
        scanned -= held_from - begin_;
    }
}

bool SessionLines::next_block(LineBlock& block) {
    if (end_ < capacity_ && !eof_) {
        std::size_t n = read_(buffer_.get() + end_, capacity_ - end_);
        if (n == 0) eof_ = true;
        end_ += n;
    }
    const char* begin = buffer_.get() + begin_;
    const void* newline = end_ > begin_ ? ::memrchr(begin, '\n', end_ - begin_) : nullptr;
    if (newline) {
        // Hand the buffer over and carry the unfinished line into the block's old one.
        auto text_end = static_cast<std::size_t>(static_cast<const char*>(newline) - begin) + 1;
        std::size_t carried = end_ - begin_ - text_end;
        std::unique_ptr<char[]> next;
        if (block.buffer && block.capacity >= capacity_)
            next = std::move(block.buffer);
        else
            next.reset(new char[capacity_ + kLinePadding]());
        std::memcpy(next.get(), begin + text_end, carried);
        block.text = std::string_view(begin, text_end);
        block.buffer = std::move(buffer_);
        block.capacity = capacity_;
        block.overlong = block.ends_input = false;
        block.max_line = max_line_bytes_;
        buffer_ = std::move(next);
        begin_ = 0;
        end_ = carried;
        return true;
    }
    // One line longer than the buffer, or the last line without a newline: next() deals with
    // both, and the line is copied into the block.
    std::string_view line;
    Kind kind = next(line);
    if (kind == Kind::eof) return false;
    std::size_t size = line.size() + (kind == Kind::line ? 1 : 0);
    if (!block.buffer || block.capacity < size) {
        block.buffer.reset(new char[size + kLinePadding]());
        block.capacity = size;
    }
    if (!line.empty()) std::memcpy(block.buffer.get(), line.data(), line.size());
    if (kind == Kind::line) block.buffer[line.size()] = '\n';
    std::memset(block.buffer.get() + size, 0, kLinePadding);
    block.text = std::string_view(block.buffer.get(), size);
    block.max_line = max_line_bytes_;
    block.overlong = kind == Kind::overlong;
    block.ends_input = kind == Kind::last_without_newline;
    return true;
}

}  // namespace edgetop
