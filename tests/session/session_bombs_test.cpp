// Sessions made to exhaust a reader: lists of more elements than any machine has, a first line
// without an end, compressed data that stands for far more than it is; and compressed data
// damaged at its end, read as far as the streaming decoder can.
#include <gtest/gtest.h>
#include <zstd.h>

#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>

#include "edgetop/sample_schema.hpp"
#include "session/orin_sample.hpp"
#include "session/session_decoded_input.hpp"
#include "session/session_element_limits.hpp"
#include "session/session_reader.hpp"

// A namespace of its own: the unity build puts several test files in one translation unit.
namespace edgetop::bombs_test {
namespace {

// Every list the schema has, with its key, in T and the objects it holds.
template <class T>
void list_keys(std::vector<std::string>& keys) {
    std::apply(
        [&](const auto&... field) {
            (
                [&](const auto& f) {
                    using M = typename std::decay_t<decltype(f)>::Type;
                    if constexpr (schema::IsVector<M>::value) {
                        keys.emplace_back(f.key);
                        using E = typename schema::IsVector<M>::Element;
                        if constexpr (schema::has_schema<E>) list_keys<E>(keys);
                    } else if constexpr (schema::has_schema<M>) {
                        list_keys<M>(keys);
                    } else if constexpr (schema::is_optional_object<M>) {
                        list_keys<typename M::value_type>(keys);
                    }
                }(field),
                ...);
        },
        schema::Schema<T>::fields);
}

TEST(ElementLimits, EveryListOfTheSchemaHasOneAndTheFormatDocumentListsIt) {
    std::vector<std::string> keys;
    list_keys<Sample>(keys);
    ASSERT_GE(keys.size(), 10u);
    std::ifstream in(std::string(EDGETOP_SOURCE_DIR) + "/docs/session-format.md");
    std::stringstream doc;
    doc << in.rdbuf();
    for (const auto& key : keys) {
        EXPECT_TRUE(has_element_limit(key)) << key << " has no entry in kElementLimits";
        std::string row = fmt::format("| `{}` | {} |", key, element_limit(key));
        EXPECT_NE(doc.str().find(row), std::string::npos)
            << "docs/session-format.md lacks the row: " << row;
    }
}

const std::string kEndLine = R"({"type":"end","t":2,"samples":2,"reason":"count"})"
                             "\n";

// A sample line of n cores, n processes, n interfaces, n flags and a GPU of n GPCs.
std::string crowded_line(std::size_t n) {
    std::string cores, top, net, gpc, flags;
    for (std::size_t i = 0; i < n; ++i) {
        const char* comma = i ? "," : "";
        cores += fmt::format(R"({}{{"id":{},"util":1}})", comma, i);
        top += fmt::format(R"({}{{"pid":{},"name":"p","cpu":1}})", comma, i + 1);
        net += fmt::format(R"({}{{"name":"eth{}"}})", comma, i);
        gpc += fmt::format(R"({}{{"id":{},"freq_hz":1}})", comma, i);
        flags += fmt::format(R"({}"flag{}")", comma, i);
    }
    return fmt::format(
        R"({{"type":"sample","t":1,"cpu":{{"cores":[{}]}},"gpu":[{{"name":"gpu","gpc":[{}]}}],)"
        R"("procs":{{"total":1,"running":1,"top":[{}]}},"flags":[{}],"net":[{}]}})"
        "\n",
        cores, gpc, top, flags, net);
}

struct Read {
    std::vector<Sample> samples;
    std::vector<SessionProblem> problems;
};

Read read_text(const std::string& text, SampleReader sample_reader, SampleFields fields) {
    std::istringstream in(text);
    Read out;
    SessionReader reader(in, "crowded.jsonl",
                         [&](const SessionProblem& p) { out.problems.push_back(p); });
    reader.set_sample_reader(sample_reader);
    reader.set_sample_fields(fields);
    SessionRecord r;
    while (reader.next(r))
        if (r.kind == SessionRecord::Kind::sample) out.samples.push_back(r.sample);
    return out;
}

TEST(ElementLimits, ListsPastTheirLimitsAreCutWithOneWarningPerFile) {
    const std::size_t n = 4100;  // past every limit
    std::string line = crowded_line(n);
    std::string text = testing::orin_header_line() + line + line + kEndLine;
    for (auto [sample_reader, fields] : {std::pair{SampleReader::simdjson, SampleFields::all},
                                         {SampleReader::simdjson, SampleFields::summary},
                                         {SampleReader::nlohmann, SampleFields::all}}) {
        if (!has_sample_reader(sample_reader)) continue;
        {
            SCOPED_TRACE(::testing::Message() << int(sample_reader) << "/" << int(fields));
            Read read = read_text(text, sample_reader, fields);
            ASSERT_EQ(read.samples.size(), 2u);
            for (const auto& s : read.samples) {
                EXPECT_EQ(s.cpu.cores.size(), element_limit("cores"));
                EXPECT_EQ(s.cpu.cores.back().id, static_cast<int>(element_limit("cores")) - 1);
                if (fields == SampleFields::all) {
                    EXPECT_EQ(s.net.size(), element_limit("net"));
                    EXPECT_EQ(s.flags.size(), element_limit("flags"));
                    ASSERT_TRUE(s.procs);
                    EXPECT_EQ(s.procs->top.size(), element_limit("top"));
                    ASSERT_EQ(s.gpu.size(), 1u);
                    EXPECT_EQ(s.gpu[0].gpc.size(), element_limit("gpc"));
                }
            }
            ASSERT_EQ(read.problems.size(), 1u);
            EXPECT_EQ(read.problems[0].severity, SessionProblem::Severity::warning);
            EXPECT_EQ(read.problems[0].message,
                      "crowded.jsonl: line 2: a sample with more than 4096 cores: the elements "
                      "past the limit are dropped (in this and any later sample)");
        }
    }
}

TEST(ElementLimits, ListsAtTheirLimitsAreReadWhole) {
    std::string text = testing::orin_header_line() + crowded_line(element_limit("gpc")) + kEndLine;
    Read read = read_text(text, default_sample_reader(), SampleFields::all);
    ASSERT_EQ(read.samples.size(), 1u);
    EXPECT_EQ(read.samples[0].gpu.at(0).gpc.size(), element_limit("gpc"));
    EXPECT_EQ(read.problems.size(), 0u);
}

// An input of `size` bytes of 'x' and no newline, counting what was read of it.
class EndlessLine : public std::streambuf {
  public:
    explicit EndlessLine(std::size_t size) : left_(size) {}
    std::size_t given() const { return given_; }

  protected:
    std::streamsize xsgetn(char* into, std::streamsize n) override {
        auto count = static_cast<std::size_t>(n) < left_ ? static_cast<std::size_t>(n) : left_;
        std::memset(into, 'x', count);
        left_ -= count;
        given_ += count;
        return static_cast<std::streamsize>(count);
    }

  private:
    std::size_t left_, given_ = 0;
};

TEST(ElementLimits, AFirstLineWithoutEndIsRefusedAtTheLineLimit) {
    const std::size_t size = std::size_t{256} << 20;  // read through, it would cost seconds
    EndlessLine line(size);
    std::istream in(&line);
    try {
        SessionReader reader(in, "noline");
        FAIL() << "read as a session";
    } catch (const SessionError& e) {
        EXPECT_STREQ(e.what(),
                     "noline: not an edgetop session (no end to its first line in 16 MiB: not "
                     "read further)");
    }
    EXPECT_LE(line.given(), std::size_t{18} << 20);
}

// What a streaming decoder given one byte at a time hands out: each call then completes at most
// one block, so a call that fails has decoded nothing, and this is everything decodable.
std::string decodable(const std::string& zst) {
    ZSTD_DCtx* context = ZSTD_createDCtx();
    std::string out(16 << 20, '\0');
    std::size_t produced = 0;
    for (std::size_t at = 0; at < zst.size(); ++at) {
        ZSTD_inBuffer in{zst.data() + at, 1, 0};
        ZSTD_outBuffer o{out.data() + produced, out.size() - produced, 0};
        std::size_t r = ZSTD_decompressStream(context, &o, &in);
        if (ZSTD_isError(r)) break;
        produced += o.pos;
    }
    ZSTD_freeDCtx(context);
    out.resize(produced);
    return out;
}

// Decodes as SessionLines reads: 128 KiB of raw input, up to 1 MiB of output asked for.
std::pair<std::string, std::string> decode(const std::string& zst, std::size_t raw_chunk) {
    std::size_t at = 0;
    DecodedInput input([&](char* into, std::size_t n) {
        std::size_t given = std::min({n, raw_chunk, zst.size() - at});
        std::memcpy(into, zst.data() + at, given);
        at += given;
        return given;
    });
    std::string text, buffer(1 << 20, '\0');
    while (std::size_t got = input.read_some(buffer.data(), buffer.size()))
        text.append(buffer.data(), got);
    return {text, input.error()};
}

std::string session_text(int samples) {
    std::string text = testing::orin_header_line();
    const std::string line = testing::orin_sample_line(1);
    for (int i = 0; i < samples; ++i)
        text += line;
    return text;
}

// As the zstd tool compresses a file: one frame, blocks of 128 KiB, a checksum.
std::string zstd_file(const std::string& text) {
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
    std::string out(ZSTD_compressBound(text.size()), '\0');
    std::size_t size = ZSTD_compress2(context, out.data(), out.size(), text.data(), text.size());
    ZSTD_freeCCtx(context);
    EXPECT_FALSE(ZSTD_isError(size));
    out.resize(size);
    return out;
}

TEST(CompressedDamage, ABadChecksumKeepsEveryLine) {
    std::string text = session_text(200);
    std::string zst = zstd_file(text);
    zst.back() = static_cast<char>(zst.back() ^ 0xFF);
    ASSERT_EQ(decodable(zst), text);
    for (std::size_t raw : {std::size_t{128} << 10, std::size_t{4096}}) {
        auto [decoded, error] = decode(zst, raw);
        EXPECT_EQ(decoded.size(), text.size()) << raw;
        EXPECT_EQ(decoded, text);
        EXPECT_EQ(error, "Restored data doesn't match checksum");
    }
    std::istringstream in(zst);
    Read read;
    SessionReader reader(in, "sum.zst",
                         [&](const SessionProblem& p) { read.problems.push_back(p); });
    SessionRecord r;
    int samples = 0;
    while (reader.next(r))
        samples += r.kind == SessionRecord::Kind::sample;
    EXPECT_EQ(samples, 200);
    ASSERT_GE(read.problems.size(), 1u);
    EXPECT_EQ(read.problems[0].severity, SessionProblem::Severity::warning);
    EXPECT_TRUE(read.problems[0].message.starts_with(
        "sum.zst: the zstd data does not match its checksum after line 201"))
        << read.problems[0].message;
}

TEST(CompressedDamage, DamageInTheLastBlocksKeepsEveryLineDecodedBeforeIt) {
    // As the recorder writes: a block per line. Then damage near the end.
    std::string text = session_text(60);
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
    std::string zst;
    std::string out(ZSTD_compressBound(text.size()) + 4096, '\0');
    std::size_t line_start = 0;
    while (line_start < text.size()) {
        std::size_t line_end = text.find('\n', line_start) + 1;
        bool last = line_end == text.size();
        ZSTD_inBuffer in{text.data() + line_start, line_end - line_start, 0};
        std::size_t left;
        do {
            ZSTD_outBuffer o{out.data(), out.size(), 0};
            left = ZSTD_compressStream2(context, &o, &in, last ? ZSTD_e_end : ZSTD_e_flush);
            ASSERT_FALSE(ZSTD_isError(left));
            zst.append(out.data(), o.pos);
        } while (left != 0);
        line_start = line_end;
    }
    ZSTD_freeCCtx(context);
    for (std::size_t from_end : {12, 40, 100}) {
        std::string damaged = zst;
        for (std::size_t i = damaged.size() - from_end; i < damaged.size() - from_end + 4; ++i)
            damaged[i] = static_cast<char>(damaged[i] ^ 0xA5);
        std::string want = decodable(damaged);
        want.resize(want.rfind('\n') + 1);  // complete lines
        ASSERT_GT(want.size(), text.size() / 2) << from_end;
        ASSERT_LT(want.size(), text.size()) << from_end;
        for (std::size_t raw : {std::size_t{128} << 10, std::size_t{4096}}) {
            auto [decoded, error] = decode(damaged, raw);
            EXPECT_NE(error, "") << from_end;
            decoded.resize(std::min(decoded.size(), decoded.rfind('\n') + 1));
            EXPECT_EQ(decoded.size(), want.size()) << from_end << " " << raw;
            EXPECT_EQ(decoded, want) << from_end;
        }
    }
}

// A zstd skippable frame: magic 0x184D2A5?, its size, its content (RFC 8878 3.1.2).
std::string skippable_frame(unsigned char low, const std::string& content) {
    std::string frame = {static_cast<char>(0x50 | low), 0x2A, 0x4D, 0x18};
    auto size = static_cast<uint32_t>(content.size());
    for (int i = 0; i < 4; ++i)
        frame += static_cast<char>((size >> (8 * i)) & 0xFF);
    return frame + content;
}

TEST(CompressedDamage, ALeadingSkippableFrameIsSteppedOver) {
    std::string text = session_text(3);
    for (unsigned char low : {0x0, 0xF}) {
        std::string zst = skippable_frame(low, "metadata") + zstd_file(text);
        auto [decoded, error] = decode(zst, 4096);
        EXPECT_EQ(decoded, text);
        EXPECT_EQ(error, "");
        std::istringstream in(zst);
        SessionReader reader(in, "skip.zst");
        EXPECT_EQ(reader.format(), DecodedInput::Format::zstd);
        SessionRecord r;
        int samples = 0;
        while (reader.next(r))
            samples += r.kind == SessionRecord::Kind::sample;
        EXPECT_EQ(samples, 3);
    }
}

TEST(CompressedDamage, DataThatExpandsTooFarStopsWithAnErrorNamingTheRatio) {
    // 96 lines of 1 MiB each, compressed as they go: a few kilobytes.
    std::string line = R"({"type":"sample","t":1,"pad":")" + std::string(1 << 20, 'x') + "\"}\n";
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 1);
    std::string zst = zstd_file(testing::orin_header_line());
    std::string out(ZSTD_CStreamOutSize(), '\0');
    const int lines = 96;
    for (int i = 0; i < lines; ++i) {
        ZSTD_inBuffer in{line.data(), line.size(), 0};
        bool last = i == lines - 1;
        std::size_t left;
        do {
            ZSTD_outBuffer o{out.data(), out.size(), 0};
            left = ZSTD_compressStream2(context, &o, &in, last ? ZSTD_e_end : ZSTD_e_continue);
            ASSERT_FALSE(ZSTD_isError(left));
            zst.append(out.data(), o.pos);
        } while (last ? left != 0 : in.pos < in.size);
    }
    ZSTD_freeCCtx(context);
    ASSERT_LT(zst.size() * DecodedInput::kMaxExpansion, std::size_t{64} << 20);

    std::istringstream in(zst);
    std::vector<SessionProblem> problems;
    SessionReader reader(in, "bomb.zst", [&](const SessionProblem& p) { problems.push_back(p); });
    reader.set_sample_fields(SampleFields::summary);
    SessionRecord r;
    std::size_t samples = 0;
    while (reader.next(r))
        samples += r.kind == SessionRecord::Kind::sample;
    // The lines of the first 64 MiB and the read that passed it, not the 96 MiB.
    EXPECT_GE(samples, 63u);
    EXPECT_LE(samples, 66u);
    // Then the warning that the recording has no end line.
    ASSERT_GE(problems.size(), 2u);
    const SessionProblem& stop = problems[problems.size() - 2];
    EXPECT_EQ(stop.severity, SessionProblem::Severity::error);
    EXPECT_TRUE(stop.message.starts_with(
        "bomb.zst: not read past line 65: its zstd data expands more than 5000 times ("))
        << stop.message;
    EXPECT_EQ(stop.message.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace edgetop::bombs_test
