// The bytes of a session as SessionLines reads them: the file's own, or what its zstd or gzip
// compression stands for. The form is told by the first bytes (the magic numbers 28 B5 2F FD and
// 1F 8B, or a zstd skippable frame, 5? 2A 4D 18), not by the name, so a renamed file or standard
// input reads the same. Streaming: one block of compressed input and the decoder's window are
// held, never the whole file. Compressed data that expands more than kMaxExpansion times its
// size (once past kExpansionFreeBytes) is not decoded further: no session compresses that well
// (real ones shrink 19-25 times; a long one of constant values at zstd -19 --long about
// 1,400 times), a few kilobytes crafted to stand for gigabytes do.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace edgetop {

class DecodedInput {
  public:
    static constexpr std::size_t kMaxExpansion = 5000;
    static constexpr std::size_t kExpansionFreeBytes = std::size_t{64} << 20;

    // Fills up to n bytes of the raw input and returns how many; 0 only at its end.
    using ReadSome = std::function<std::size_t(char* into, std::size_t n)>;
    enum class Format { plain, zstd, gzip };

    explicit DecodedInput(ReadSome raw);
    ~DecodedInput();
    DecodedInput(const DecodedInput&) = delete;
    DecodedInput& operator=(const DecodedInput&) = delete;

    // Fills up to n decoded bytes; 0 at the end of the input or after a decoding error.
    std::size_t read_some(char* into, std::size_t n);

    // Known from the first read_some on.
    Format format() const { return format_; }
    // After the end: the compressed data stopped inside a frame (or gzip member), as when the
    // writer was killed; everything before that point was decoded.
    bool truncated() const { return truncated_; }
    // After a decoding error: what the decoder said ("Unknown frame descriptor"); nothing after
    // the damage can be decoded (neither format has a point to resume from).
    const std::string& error() const { return error_; }
    // After the end: the error is a frame whose checksum does not match what it decoded to
    // (which was handed out: damage or an alteration, not necessarily in what was read last).
    bool checksum_wrong() const { return checksum_wrong_; }
    // After the end: the error is that the data expands more than kMaxExpansion times.
    bool expanded_too_far() const { return expanded_too_far_; }

  private:
    struct Zstd;
    struct Gzip;

    void detect();
    bool refill();  // more raw input into in_ (in_pos_ == in_len_ before); false at its end
    std::size_t read_zstd(char* into, std::size_t n);
    std::size_t read_gzip(char* into, std::size_t n);
    void fail(std::string message);
    void check_expansion(std::size_t decoded);

    ReadSome raw_;
    Format format_ = Format::plain;
    bool detected_ = false;
    std::unique_ptr<char[]> in_;
    std::size_t in_capacity_ = 0, in_pos_ = 0, in_len_ = 0;
    bool raw_ended_ = false;
    bool finished_ = false;
    bool frame_open_ = false;  // the last frame (or gzip member) started has not ended
    bool truncated_ = false;
    std::size_t zstd_step_ = 0;   // the input the decoder's next step takes
    bool zstd_draining_ = false;  // it filled the last output: drain it before more input
    bool checksum_wrong_ = false;
    bool expanded_too_far_ = false;
    std::size_t raw_bytes_ = 0, decoded_bytes_ = 0;
    std::string error_;
    std::unique_ptr<Zstd> zstd_;
    std::unique_ptr<Gzip> gzip_;
};

const char* format_name(DecodedInput::Format format);

}  // namespace edgetop
