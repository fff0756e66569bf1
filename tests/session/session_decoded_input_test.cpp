// DecodedInput: plain, zstd (as SessionWriter writes it) and gzip told apart by their first
// bytes, decoded whatever the sizes of the raw reads and of the reads asked for; cut and damaged
// compressed data.
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "session/orin_sample.hpp"
#include "session/session_decoded_input.hpp"
#include "session/session_writer.hpp"
#include "support/temp_dir.hpp"

namespace edgetop {
namespace {

using Format = DecodedInput::Format;

struct Decoded {
    std::string text;
    Format format = Format::plain;
    bool truncated = false;
    std::string error;
};

// Decodes bytes handed over raw_chunk at a time, asking for out_chunk bytes per read.
Decoded decode(const std::string& bytes, std::size_t raw_chunk, std::size_t out_chunk) {
    std::size_t at = 0;
    DecodedInput input([&](char* into, std::size_t n) {
        std::size_t given = std::min({n, raw_chunk, bytes.size() - at});
        std::memcpy(into, bytes.data() + at, given);
        at += given;
        return given;
    });
    Decoded out;
    std::string buffer(out_chunk, '\0');
    for (;;) {
        std::size_t got = input.read_some(buffer.data(), out_chunk);
        if (got == 0) break;
        out.text.append(buffer.data(), got);
    }
    out.format = input.format();
    out.truncated = input.truncated();
    out.error = input.error();
    return out;
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A session's lines written by SessionWriter, plain and compressed; finish=false leaves the zstd
// frame open as a killed recorder does.
struct Written {
    std::string plain;
    std::string zstd;
};

Written write_session(int samples, bool finish) {
    testing::TempDir tmp;
    Written w;
    for (auto [path, compression] :
         {std::pair{tmp.file("s.jsonl"), SessionCompression::none},
          std::pair{tmp.file("s.jsonl.zst"), SessionCompression::zstd}}) {
        int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        EXPECT_GE(fd, 0);
        {
            SessionWriter writer(fd, compression);
            EXPECT_TRUE(writer.write_line({{"type", "header"}, {"format", "edgetop-session"}}));
            Sample sample = testing::orin_sample();
            for (int i = 0; i < samples; ++i) {
                sample.t_s = i * 0.05;
                EXPECT_TRUE(writer.write_sample(sample));
            }
            if (finish) {
                EXPECT_TRUE(writer.finish());
            }
            // What is on disk before the writer's destructor closes an open frame.
            (compression == SessionCompression::zstd ? w.zstd : w.plain) = file_bytes(path);
        }
        ::close(fd);
    }
    return w;
}

std::string gzip(const std::string& text) {
    z_stream z{};
    EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&z, text.size()) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

TEST(DecodedInput, ZstdDecodesWhateverTheReadSizes) {
    Written w = write_session(40, true);
    ASSERT_GT(w.plain.size(), 40u * 1000);
    EXPECT_LT(w.zstd.size() * 8, w.plain.size());  // repeated lines compress well
    for (auto [raw, out] : {std::pair<std::size_t, std::size_t>{1, 1},
                            {1, 4096},
                            {7, 3},
                            {1 << 20, 1 << 20},
                            {4096, 100}}) {
        SCOPED_TRACE(std::to_string(raw) + " / " + std::to_string(out));
        Decoded d = decode(w.zstd, raw, out);
        EXPECT_EQ(d.format, Format::zstd);
        EXPECT_EQ(d.text, w.plain);
        EXPECT_FALSE(d.truncated);
        EXPECT_EQ(d.error, "");
    }
}

TEST(DecodedInput, AnOpenFrameDecodesEveryLineAndIsTruncated) {
    Written w = write_session(10, false);
    Decoded d = decode(w.zstd, 5, 1000);
    EXPECT_EQ(d.text, w.plain);
    EXPECT_TRUE(d.truncated);
    EXPECT_EQ(d.error, "");
    // Cut inside a block: whole blocks before it decode, nothing of the cut one.
    Decoded cut = decode(w.zstd.substr(0, w.zstd.size() - 10), 4096, 4096);
    EXPECT_TRUE(cut.truncated);
    EXPECT_EQ(cut.error, "");
    EXPECT_LT(cut.text.size(), w.plain.size());
    EXPECT_EQ(w.plain.compare(0, cut.text.size(), cut.text), 0);
    EXPECT_EQ(cut.text.back(), '\n');  // one flushed block per line
}

TEST(DecodedInput, GzipAndConcatenatedMembers) {
    Written w = write_session(10, true);
    std::string gz = gzip(w.plain);
    for (std::size_t raw : {std::size_t{1}, std::size_t{333}, std::size_t{1 << 20}}) {
        Decoded d = decode(gz, raw, 777);
        EXPECT_EQ(d.format, Format::gzip);
        EXPECT_EQ(d.text, w.plain);
        EXPECT_FALSE(d.truncated);
        EXPECT_EQ(d.error, "");
    }
    std::string half = w.plain.substr(0, w.plain.size() / 2);
    Decoded two = decode(gzip(half) + gzip(w.plain.substr(half.size())), 1000, 1000);
    EXPECT_EQ(two.text, w.plain);
    EXPECT_FALSE(two.truncated);

    Decoded cut = decode(gz.substr(0, gz.size() / 2), 100, 100);
    EXPECT_TRUE(cut.truncated);
    EXPECT_EQ(w.plain.compare(0, cut.text.size(), cut.text), 0);
}

TEST(DecodedInput, PlainShortAndEmptyInputsPassThrough) {
    EXPECT_EQ(decode("", 1, 10).text, "");
    EXPECT_EQ(decode("ab", 1, 10).text, "ab");
    EXPECT_EQ(decode("ab", 1, 10).format, Format::plain);
    // A zstd magic number cut short is plain text of three bytes.
    EXPECT_EQ(decode("\x28\xB5\x2F", 1, 10).text, "\x28\xB5\x2F");
    Written w = write_session(3, true);
    Decoded d = decode(w.plain, 3, 5);
    EXPECT_EQ(d.text, w.plain);
    EXPECT_EQ(d.format, Format::plain);
}

TEST(DecodedInput, DamagedDataIsAnErrorNotAHang) {
    std::string magic("\x28\xB5\x2F\xFD", 4);
    Decoded garbage = decode(magic + std::string(1000, '\xFF'), 64, 64);
    EXPECT_NE(garbage.error, "");
    EXPECT_EQ(garbage.text, "");

    Written w = write_session(20, true);
    std::string damaged = w.zstd;
    // Damage the middle: decoding stops with an error there, or sooner at the checksum.
    for (std::size_t i = damaged.size() / 2; i < damaged.size() / 2 + 16; ++i)
        damaged[i] = static_cast<char>(damaged[i] ^ 0x5A);
    Decoded d = decode(damaged, 4096, 4096);
    EXPECT_NE(d.error, "");

    std::string gz = gzip(w.plain);
    for (std::size_t i = 12; i < 40; ++i)
        gz[i] = static_cast<char>(gz[i] ^ 0x5A);
    Decoded g = decode(gz, 4096, 4096);
    EXPECT_NE(g.error, "");
}

}  // namespace
}  // namespace edgetop
