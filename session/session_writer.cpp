#include "session/session_writer.hpp"

#include <unistd.h>
#include <zstd.h>

#include <cerrno>

#include "session/session_sample_line.hpp"

namespace edgetop {

namespace {

// zstd's default level: 19-25x smaller sessions, the lines being flushed one by one (each is
// mostly a copy of the ones before, in the window), at a few microseconds per line against
// ~250 us per sample (bench/README.md, Compressed sessions).
constexpr int kZstdLevel = 3;

bool ends_with(const std::string& text, const std::string& end) {
    return text.size() >= end.size() &&
           text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

struct SessionWriter::Zstd {
    ZSTD_CCtx* context = ZSTD_createCCtx();
    std::string out;  // the compressed bytes of one line
    ~Zstd() { ZSTD_freeCCtx(context); }
};

SessionCompression session_compression_for(const std::string& path) {
    return ends_with(path, ".zst") ? SessionCompression::zstd : SessionCompression::none;
}

SessionWriter::SessionWriter(int fd, SessionCompression compression) : fd_(fd) {
    if (compression != SessionCompression::zstd) return;
    zstd_ = std::make_unique<Zstd>();
    if (!zstd_->context) {
        error_ = ENOMEM;
        return;
    }
    ZSTD_CCtx_setParameter(zstd_->context, ZSTD_c_compressionLevel, kZstdLevel);
    // A complete file is checked end to end by the decoder (zstd -t, zstd -dc).
    ZSTD_CCtx_setParameter(zstd_->context, ZSTD_c_checksumFlag, 1);
}

SessionWriter::~SessionWriter() {
    finish();
}

bool SessionWriter::write_line(const nlohmann::ordered_json& value) {
    if (error_ != 0 && !retry_failed_line()) return false;
    // Invalid UTF-8 in a sensor string (a corrupt device-tree model) is replaced, not fatal.
    buffer_ = value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    buffer_.push_back('\n');
    return write_all(buffer_.data(), buffer_.size());
}

bool SessionWriter::write_serialized_line(std::string_view line) {
    if (error_ != 0 && !retry_failed_line()) return false;
    buffer_.assign(line);
    buffer_.push_back('\n');
    return write_all(buffer_.data(), buffer_.size());
}

bool SessionWriter::write_sample(const Sample& sample) {
    if (error_ != 0 && !retry_failed_line()) return false;
    sample_buffer_.clear();
    append_sample_line(sample_buffer_, sample);
    sample_buffer_.push_back('\n');
    writing_sample_ = true;
    bool ok = write_all(sample_buffer_.data(), sample_buffer_.size());
    writing_sample_ = false;
    if (ok) ++sample_lines_;
    return ok;
}

bool SessionWriter::retry_failed_line() {
    if (!resume_ || pending_.empty()) return false;
    std::string line = std::move(pending_);
    pending_.clear();
    Kept kept = kept_;
    error_ = 0;
    if (!write_bytes(line.data(), line.size())) {
        kept_ = kept;
        return false;
    }
    if (kept != Kept::frame_end) ++lines_;
    if (kept == Kept::sample) ++sample_lines_;
    return true;
}

bool SessionWriter::take_back(size_t written) {
    if (written == 0) return true;
    off_t end = ::lseek(fd_, 0, SEEK_CUR);
    if (end < 0) return false;
    off_t start = end - static_cast<off_t>(written);
    if (::ftruncate(fd_, start) != 0 || ::lseek(fd_, start, SEEK_SET) != start) return false;
    bytes_written_ -= static_cast<int64_t>(written);
    return true;
}

bool SessionWriter::write_bytes(const char* data, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = ::write(fd_, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = n < 0 ? errno : EIO;
            ++failed_writes_;
            if (resume_ && take_back(done)) {
                pending_.assign(data, size);
                kept_ = writing_sample_ ? Kept::sample : finished_ ? Kept::frame_end : Kept::line;
                return false;
            }
            resume_ = false;  // what is in the file now ends with a cut line: nothing may follow
            partial_ = done > 0;
            if (zstd_) unwritten_.assign(data + done, size - done);
            return false;
        }
        done += static_cast<size_t>(n);
        bytes_written_ += n;
    }
    return true;
}

bool SessionWriter::write_all(const char* data, size_t size) {
    if (finished_) return false;
    if (zstd_) {
        // The line and a flush: one or more complete blocks that decode on their own.
        auto& out = zstd_->out;
        out.clear();
        ZSTD_inBuffer in{data, size, 0};
        for (;;) {
            size_t held = out.size();
            size_t room = ZSTD_compressBound(size - in.pos) + ZSTD_CStreamOutSize();
            out.resize(held + room);
            ZSTD_outBuffer into{out.data() + held, room, 0};
            size_t left = ZSTD_compressStream2(zstd_->context, &into, &in, ZSTD_e_flush);
            out.resize(held + into.pos);
            if (ZSTD_isError(left)) {
                error_ = ENOMEM;  // the only way compressing a line in memory fails
                return false;
            }
            if (left == 0) break;
        }
        data = out.data();
        size = out.size();
    }
    if (!write_bytes(data, size)) return false;
    ++lines_;
    return true;
}

bool SessionWriter::write_closing_line(const nlohmann::ordered_json& value) {
    if (error_ == 0 || resume_) return write_line(value);
    int first_error = error_;
    if (zstd_) {
        // The frame goes on only after the rest of the failed line's block (a partial block is
        // no loss there): write it first, then the closing line.
        error_ = 0;
        std::string rest = std::move(unwritten_);
        bool ok = write_bytes(rest.data(), rest.size()) && write_line(value);
        error_ = first_error;
        return ok;
    }
    if (partial_) return false;
    error_ = 0;
    bool ok = write_line(value);
    if (!ok) partial_ = false;  // a truncated closing line still ends the file
    error_ = first_error;
    return ok;
}

bool SessionWriter::finish() {
    // With resume_, a frame end that failed is kept like a line and tried again here.
    if (finished_) return pending_.empty() || retry_failed_line();
    // The kept line goes first: the frame's end and checksum come after every line compressed.
    if (!pending_.empty() && !retry_failed_line()) return false;
    finished_ = true;
    if (!zstd_) return true;
    // After a failed line whose rest could not be written the frame cannot be ended: a reader
    // sees it cut short, with every line before.
    if (!zstd_->context || !unwritten_.empty()) return false;
    auto& out = zstd_->out;
    out.resize(ZSTD_CStreamOutSize());
    ZSTD_inBuffer in{nullptr, 0, 0};
    size_t held = 0;
    for (;;) {
        ZSTD_outBuffer into{out.data() + held, out.size() - held, 0};
        size_t left = ZSTD_compressStream2(zstd_->context, &into, &in, ZSTD_e_end);
        held += into.pos;
        if (ZSTD_isError(left)) return false;
        if (left == 0) break;
        out.resize(out.size() + ZSTD_CStreamOutSize());
    }
    int error = error_;
    bool ok = write_bytes(out.data(), held);
    if (error != 0) error_ = error;
    return ok;
}

}  // namespace edgetop
