#include "session/session_decoded_input.hpp"

#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <climits>
#include <cstring>

#include <fmt/format.h>

namespace edgetop {

namespace {

// About one zstd block: a read(2) per block of compressed input.
constexpr std::size_t kInputBytes = 128 * 1024;
constexpr unsigned char kZstdMagic[] = {0x28, 0xB5, 0x2F, 0xFD};
constexpr unsigned char kGzipMagic[] = {0x1F, 0x8B};

bool starts_with(const char* data, std::size_t size, const unsigned char* magic,
                 std::size_t magic_size) {
    return size >= magic_size && std::memcmp(data, magic, magic_size) == 0;
}

// A zstd skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian) may come first: zstd
// steps over it, and so does the decoder.
bool starts_with_skippable_frame(const char* data, std::size_t size) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(data);
    return size >= 4 && (bytes[0] & 0xF0) == 0x50 && bytes[1] == 0x2A && bytes[2] == 0x4D &&
           bytes[3] == 0x18;
}

}  // namespace

struct DecodedInput::Zstd {
    ZSTD_DCtx* context = ZSTD_createDCtx();
    ~Zstd() { ZSTD_freeDCtx(context); }
};

struct DecodedInput::Gzip {
    z_stream stream{};
    bool ready = false;
    ~Gzip() {
        if (ready) inflateEnd(&stream);
    }
};

const char* format_name(DecodedInput::Format format) {
    switch (format) {
        case DecodedInput::Format::zstd:
            return "zstd";
        case DecodedInput::Format::gzip:
            return "gzip";
        case DecodedInput::Format::plain:
            break;
    }
    return "plain";
}

DecodedInput::DecodedInput(ReadSome raw)
    : raw_(std::move(raw)), in_(new char[kInputBytes]), in_capacity_(kInputBytes) {}

DecodedInput::~DecodedInput() = default;

bool DecodedInput::refill() {
    if (raw_ended_) return false;
    in_pos_ = in_len_ = 0;
    std::size_t got = raw_(in_.get(), in_capacity_);
    if (got == 0) {
        raw_ended_ = true;
        return false;
    }
    raw_bytes_ += got;
    in_len_ = got;
    return true;
}

void DecodedInput::detect() {
    detected_ = true;
    // The magic numbers may arrive over several reads (a pipe).
    while (in_len_ < sizeof kZstdMagic && !raw_ended_) {
        std::size_t got = raw_(in_.get() + in_len_, in_capacity_ - in_len_);
        if (got == 0) raw_ended_ = true;
        in_len_ += got;
    }
    raw_bytes_ = in_len_;
    if (starts_with(in_.get(), in_len_, kZstdMagic, sizeof kZstdMagic) ||
        starts_with_skippable_frame(in_.get(), in_len_)) {
        format_ = Format::zstd;
        zstd_ = std::make_unique<Zstd>();
        if (!zstd_->context) fail("cannot start the zstd decoder (out of memory)");
    } else if (starts_with(in_.get(), in_len_, kGzipMagic, sizeof kGzipMagic)) {
        format_ = Format::gzip;
        gzip_ = std::make_unique<Gzip>();
        // 16 + 15: gzip framing only, the largest window.
        if (inflateInit2(&gzip_->stream, 16 + MAX_WBITS) != Z_OK)
            fail("cannot start the gzip decoder (out of memory)");
        else
            gzip_->ready = true;
    }
}

void DecodedInput::fail(std::string message) {
    error_ = std::move(message);
    finished_ = true;
}

std::size_t DecodedInput::read_some(char* into, std::size_t n) {
    if (!detected_) detect();
    if (finished_ || n == 0) return 0;
    if (format_ != Format::plain) {
        std::size_t got = format_ == Format::zstd ? read_zstd(into, n) : read_gzip(into, n);
        check_expansion(got);
        return got;
    }
    if (in_pos_ < in_len_) {  // the bytes read to tell the format
        std::size_t copied = std::min(n, in_len_ - in_pos_);
        std::memcpy(into, in_.get() + in_pos_, copied);
        in_pos_ += copied;
        return copied;
    }
    if (raw_ended_) return 0;
    return raw_(into, n);
}

// What was decoded this far is handed out; the rest is not decoded.
void DecodedInput::check_expansion(std::size_t decoded) {
    decoded_bytes_ += decoded;
    if (decoded_bytes_ <= kExpansionFreeBytes || decoded_bytes_ / kMaxExpansion <= raw_bytes_)
        return;
    expanded_too_far_ = true;
    fail(fmt::format("expands more than {} times ({} MiB decoded from {} KiB)", kMaxExpansion,
                     decoded_bytes_ >> 20, raw_bytes_ >> 10));
}

// libzstd drops what a call decoded when the call fails, so no call may both decode and meet
// damage: each is given the input of one step only (a frame's first bytes, then the size the
// previous call asked for, less the next block's header, which that size counts), and output the
// decoder still holds is drained with no input before it reads more. A bad checksum or a damaged
// block then fails a call that decoded nothing, and every block before it has been handed out.
std::size_t DecodedInput::read_zstd(char* into, std::size_t n) {
    // RFC 8878: the 4 bytes of the magic number and the first byte of the frame header; a block
    // header is 3 bytes.
    constexpr std::size_t kFrameStartBytes = 5, kBlockHeaderBytes = 3;
    for (;;) {
        if (in_pos_ == in_len_ && !refill() && !frame_open_) {
            finished_ = true;
            return 0;
        }
        std::size_t step = frame_open_ ? zstd_step_ : kFrameStartBytes;
        std::size_t given = zstd_draining_ ? 0 : std::min(step, in_len_ - in_pos_);
        ZSTD_inBuffer in{in_.get(), in_pos_ + given, in_pos_};
        ZSTD_outBuffer out{into, n, 0};
        std::size_t hint = ZSTD_decompressStream(zstd_->context, &out, &in);
        in_pos_ = in.pos;
        if (ZSTD_isError(hint)) {
            checksum_wrong_ = ZSTD_getErrorCode(hint) == ZSTD_error_checksum_wrong;
            fail(ZSTD_getErrorName(hint));
            return out.pos;
        }
        frame_open_ = hint != 0;  // 0: a frame has just ended
        zstd_step_ = hint > kBlockHeaderBytes ? hint - kBlockHeaderBytes : hint;
        zstd_draining_ = out.pos == n;  // the decoder may hold more than fitted
        if (out.pos > 0) return out.pos;
        if (in_pos_ == in_len_ && raw_ended_) {
            // No input left and nothing more came out: a frame still open was cut short.
            truncated_ = frame_open_;
            finished_ = true;
            return 0;
        }
    }
}

std::size_t DecodedInput::read_gzip(char* into, std::size_t n) {
    z_stream& z = gzip_->stream;
    for (;;) {
        if (in_pos_ == in_len_ && !refill()) {
            truncated_ = frame_open_;
            finished_ = true;
            return 0;
        }
        if (!frame_open_) {
            // The start of a member: the first, or one more of a concatenated file (gzip -c a b).
            if (inflateReset(&z) != Z_OK) {
                fail("cannot restart the gzip decoder");
                return 0;
            }
            frame_open_ = true;
        }
        z.next_in = reinterpret_cast<Bytef*>(in_.get() + in_pos_);
        z.avail_in = static_cast<uInt>(in_len_ - in_pos_);
        z.next_out = reinterpret_cast<Bytef*>(into);
        z.avail_out = static_cast<uInt>(std::min<std::size_t>(n, UINT_MAX));
        int status = inflate(&z, Z_NO_FLUSH);
        in_pos_ = in_len_ - z.avail_in;
        std::size_t produced = static_cast<std::size_t>(reinterpret_cast<char*>(z.next_out) - into);
        if (status == Z_STREAM_END) {
            frame_open_ = false;
        } else if (status != Z_OK && status != Z_BUF_ERROR) {
            fail(z.msg ? z.msg : "corrupt data");
            return produced;
        }
        if (produced > 0) return produced;
    }
}

}  // namespace edgetop
