#include "session/session_decoded_input.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <cstring>

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
    if (starts_with(in_.get(), in_len_, kZstdMagic, sizeof kZstdMagic)) {
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
    switch (format_) {
        case Format::zstd:
            return read_zstd(into, n);
        case Format::gzip:
            return read_gzip(into, n);
        case Format::plain:
            break;
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

std::size_t DecodedInput::read_zstd(char* into, std::size_t n) {
    for (;;) {
        if (in_pos_ == in_len_ && !refill()) {
            // Some output may still be held in the decoder: one call with no input gives it.
            if (!frame_open_) {
                finished_ = true;
                return 0;
            }
        }
        ZSTD_inBuffer in{in_.get(), in_len_, in_pos_};
        ZSTD_outBuffer out{into, n, 0};
        std::size_t hint = ZSTD_decompressStream(zstd_->context, &out, &in);
        in_pos_ = in.pos;
        if (ZSTD_isError(hint)) {
            fail(ZSTD_getErrorName(hint));
            return out.pos;
        }
        frame_open_ = hint != 0;  // 0: a frame has just ended
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
