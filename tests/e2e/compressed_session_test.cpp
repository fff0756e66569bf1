// Sessions written as .jsonl.zst and read back compressed (zstd or gzip), by edgetop and by the
// zstd tool, including after the recorder was killed mid-recording.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "e2e/edgetop_process.hpp"
#include "session/session_reader.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr const char* kZstdTool = "/usr/bin/zstd";

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

RunResult run_tool(const std::vector<std::string>& argv) {
    ChildProcess child(argv);
    return child.collect(std::chrono::seconds(60));
}

// The lines of edgetop's reading of a session: kinds in order ('h' header, 's' sample, 'e' event,
// 'x' end) and the samples' times, with the problems reported.
struct ReadBack {
    std::string kinds;
    std::vector<double> sample_t_s;
    std::vector<SessionProblem> problems;
};

ReadBack read_back(const std::string& path) {
    ReadBack back;
    SessionReader reader(path, [&](const SessionProblem& p) { back.problems.push_back(p); });
    back.kinds = "h";
    SessionRecord record;
    while (reader.next(record)) {
        switch (record.kind) {
            case SessionRecord::Kind::sample:
                back.kinds += 's';
                back.sample_t_s.push_back(record.sample.t_s);
                break;
            case SessionRecord::Kind::event:
                back.kinds += 'e';
                break;
            case SessionRecord::Kind::end:
                back.kinds += 'x';
                break;
        }
    }
    return back;
}

std::string kinds_of_lines(const std::vector<std::string>& lines) {
    std::string kinds;
    for (const auto& line : lines) {
        auto type = json::parse(line).at("type").get<std::string>();
        kinds += type == "header" ? 'h' : type == "sample" ? 's' : type == "event" ? 'e' : 'x';
    }
    return kinds;
}

// A report's JSON without the file name, which differs between the forms of one session.
json report_json(const std::string& path) {
    auto run = run_edgetop({"report", "--json", path});
    EXPECT_EQ(run.status, 0) << run.err;
    auto j = json::parse(run.out, nullptr, false);
    if (j.is_discarded()) return j;
    for (auto& session : j["sessions"])
        session.erase("file");
    return j;
}

TEST(CompressedSession, RecordsZstdThatBothReadersDecodeWhole) {
    TempDir tmp;
    std::string zst = tmp.file("run.jsonl.zst");
    auto run = run_edgetop(
        {"record", "--root", fixture_root("agx-orin"), "-i", "50", "-n", "12", "-o", zst});
    ASSERT_EQ(run.status, 0) << run.err;
    std::string bytes = read_file(zst);
    ASSERT_GE(bytes.size(), 4u);
    EXPECT_EQ(bytes.substr(0, 4), std::string("\x28\xB5\x2F\xFD", 4));

    auto back = read_back(zst);
    EXPECT_EQ(back.sample_t_s.size(), 12u);
    EXPECT_EQ(back.kinds.back(), 'x');
    EXPECT_TRUE(back.problems.empty()) << back.problems[0].message;

    if (access(kZstdTool, X_OK) != 0)
        GTEST_SKIP() << kZstdTool << " not installed: zstd half skipped";
    // A closed frame: the tool checks it end to end (checksum included).
    auto test = run_tool({kZstdTool, "-q", "-t", zst});
    EXPECT_EQ(test.status, 0) << test.err;
    std::string plain = tmp.file("run.jsonl");
    auto decoded = run_tool({kZstdTool, "-q", "-d", "-c", zst});
    ASSERT_EQ(decoded.status, 0) << decoded.err;
    write_file(plain, decoded.out);
    EXPECT_EQ(kinds_of_lines(split_lines(decoded.out)), back.kinds);
    // The same session whichever form is read.
    EXPECT_EQ(report_json(zst), report_json(plain));
    // Compressed several times over, even for 12 samples.
    EXPECT_LT(bytes.size() * 4, decoded.out.size());
}

// The recorder killed at random moments: every sample line it completed decodes, with edgetop and
// with zstd -dc, and the cut frame is a warning naming the file.
TEST(CompressedSession, SigkillLosesAtMostTheLineBeingWritten) {
    TempDir tmp;
    bool have_tool = access(kZstdTool, X_OK) == 0;
    if (!have_tool) std::cerr << kZstdTool << " not installed: the zstd -dc half is skipped\n";
    std::mt19937 random(std::random_device{}());
    std::uniform_int_distribution<int> after_ms(0, 600);
    for (int i = 0; i < 4; ++i) {
        std::string zst = tmp.file("killed" + std::to_string(i) + ".jsonl.zst");
        EdgetopProcess record(
            {"record", "--root", fixture_root("agx-orin"), "-i", "50", "-o", zst});
        // Once the header and a first sample are on disk (a loaded machine may take a while to
        // start the sanitized binary), a random moment.
        auto size = [&] { return fs::exists(zst) ? fs::file_size(zst) : 0; };
        for (int wait = 0; wait < 400 && size() == 0; ++wait)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        auto header_bytes = size();
        for (int wait = 0; wait < 400 && size() == header_bytes; ++wait)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        int wait_ms = after_ms(random);
        std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
        record.send(SIGKILL);
        auto result = record.wait();
        ASSERT_EQ(result.status, 128 + SIGKILL) << "after " << wait_ms << " ms: " << result.err;

        auto back = read_back(zst);
        SCOPED_TRACE("killed after " + std::to_string(wait_ms) + " ms, " +
                     std::to_string(back.sample_t_s.size()) + " samples");
        EXPECT_GE(back.sample_t_s.size(), 1u);
        for (size_t s = 1; s < back.sample_t_s.size(); ++s)
            EXPECT_GT(back.sample_t_s[s], back.sample_t_s[s - 1]);
        for (const auto& p : back.problems)
            EXPECT_EQ(p.severity, SessionProblem::Severity::warning) << p.message;
        bool cut_frame_reported = false;
        for (const auto& p : back.problems)
            cut_frame_reported =
                cut_frame_reported ||
                (p.message.starts_with(zst + ": the zstd data ends inside a frame"));
        EXPECT_TRUE(cut_frame_reported);

        auto report = run_edgetop({"report", zst});
        EXPECT_EQ(report.status, 0) << report.err;
        EXPECT_NE(report.err.find(zst + ": the zstd data ends inside a frame"), std::string::npos)
            << report.err;

        if (!have_tool) continue;
        // The tool reports the cut end but decodes every line before it.
        auto decoded = run_tool({kZstdTool, "-q", "-d", "-c", zst});
        EXPECT_NE(decoded.status, 0);
        ASSERT_FALSE(decoded.out.empty()) << decoded.err;
        EXPECT_EQ(decoded.out.back(), '\n') << "a line decoded only in part";
        auto lines = split_lines(decoded.out);
        EXPECT_EQ(kinds_of_lines(lines), back.kinds);
    }
}

TEST(CompressedSession, GzipIsReadByContentWhateverTheName) {
    TempDir tmp;
    std::string plain = tmp.file("run.jsonl");
    auto run = run_edgetop(
        {"record", "--root", fixture_root("orin-nano"), "-i", "50", "-n", "8", "-o", plain});
    ASSERT_EQ(run.status, 0) << run.err;
    auto gzip = run_tool({"gzip", "-c", plain});
    ASSERT_EQ(gzip.status, 0) << gzip.err;
    std::string gz = tmp.file("run.jsonl.gz");
    std::string renamed = tmp.file("run-gz.jsonl");
    write_file(gz, gzip.out);
    write_file(renamed, gzip.out);
    auto expected = report_json(plain);
    EXPECT_EQ(report_json(gz), expected);
    EXPECT_EQ(report_json(renamed), expected);
    // Two members one after the other (gzip -c a >> b) read as one stream.
    std::string first_half = tmp.file("half.jsonl");
    auto lines = read_lines(plain);
    std::string head, tail;
    for (size_t i = 0; i < lines.size(); ++i)
        (i < lines.size() / 2 ? head : tail) += lines[i] + "\n";
    write_file(first_half, head);
    auto head_gz = run_tool({"gzip", "-c", first_half});
    write_file(first_half, tail);
    auto tail_gz = run_tool({"gzip", "-c", first_half});
    std::string joined = tmp.file("joined.gz");
    write_file(joined, head_gz.out + tail_gz.out);
    EXPECT_EQ(report_json(joined), expected);
}

TEST(CompressedSession, CorruptOrForeignZstdIsOneLineErrorNamingTheFile) {
    TempDir tmp;
    std::string zst = tmp.file("run.jsonl.zst");
    auto run = run_edgetop(
        {"record", "--root", fixture_root("agx-orin"), "-i", "50", "-n", "5", "-o", zst});
    ASSERT_EQ(run.status, 0) << run.err;
    std::string bytes = read_file(zst);

    // The frame header damaged: nothing can be decoded.
    std::string corrupt = tmp.file("corrupt.jsonl.zst");
    std::string damaged = bytes;
    for (size_t i = 4; i < 24 && i < damaged.size(); ++i)
        damaged[i] = static_cast<char>(0xFF);
    write_file(corrupt, damaged);
    // (replay opens the file the same way, once it has a terminal.)
    for (const char* command : {"report", "export"}) {
        std::vector<std::string> args{command};
        if (std::string(command) == "export") args.insert(args.end(), {"--format", "csv"});
        args.push_back(corrupt);
        auto result = run_edgetop(args);
        SCOPED_TRACE(command);
        EXPECT_EQ(result.status, 1);
        EXPECT_TRUE(result.err.starts_with("edgetop: " + corrupt +
                                           ": not a readable session: "
                                           "corrupt zstd data ("))
            << result.err;
        EXPECT_EQ(split_lines(result.err).size(), 1u) << result.err;
    }

    // Garbage after the magic number only.
    std::string garbage = tmp.file("garbage.zst");
    write_file(garbage, std::string("\x28\xB5\x2F\xFD", 4) + std::string(300, 'x'));
    auto result = run_edgetop({"report", garbage});
    EXPECT_EQ(result.status, 1);
    EXPECT_TRUE(result.err.starts_with("edgetop: " + garbage + ": ")) << result.err;
    EXPECT_EQ(split_lines(result.err).size(), 1u) << result.err;

    // Nothing but the magic number: cut before the first line.
    std::string magic_only = tmp.file("magic.zst");
    write_file(magic_only, std::string("\x28\xB5\x2F\xFD", 4));
    result = run_edgetop({"report", magic_only});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(split_lines(result.err).size(), 1u) << result.err;

    if (access(kZstdTool, X_OK) != 0) GTEST_SKIP() << kZstdTool << " not installed";
    // Valid zstd, not a session.
    std::string text = tmp.file("notes.txt");
    write_file(text, "these are notes\nnot a session\n");
    auto compressed = run_tool({kZstdTool, "-q", "-c", text});
    ASSERT_EQ(compressed.status, 0);
    std::string foreign = tmp.file("notes.jsonl.zst");
    write_file(foreign, compressed.out);
    result = run_edgetop({"report", foreign});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.err, "edgetop: " + foreign +
                              ": not an edgetop session (the first line is not a edgetop-session "
                              "header)\n");
}

TEST(CompressedSession, ACutInsideABlockKeepsTheLinesBeforeIt) {
    TempDir tmp;
    std::string zst = tmp.file("run.jsonl.zst");
    auto run = run_edgetop(
        {"record", "--root", fixture_root("agx-orin"), "-i", "50", "-n", "30", "-o", zst});
    ASSERT_EQ(run.status, 0) << run.err;
    std::string bytes = read_file(zst);
    // The last 20 bytes gone: the frame's end (7 bytes) and part of the end line's block, as when
    // a copy stops half way.
    std::string cut = tmp.file("cut.jsonl.zst");
    write_file(cut, bytes.substr(0, bytes.size() - 20));
    auto back = read_back(cut);
    EXPECT_EQ(back.sample_t_s.size(), 30u);
    EXPECT_EQ(back.kinds.back(), 's');  // no end line
    bool cut_reported = false;
    for (const auto& p : back.problems) {
        EXPECT_EQ(p.severity, SessionProblem::Severity::warning) << p.message;
        cut_reported = cut_reported || p.message.starts_with(cut + ": the zstd data ends inside");
    }
    EXPECT_TRUE(cut_reported);
}

TEST(CompressedSession, AFullDiskLeavesTheSamplesBeforeItReadable) {
    TempDir tmp;
    std::string out = tmp.file("limited.jsonl.zst");
    RunResult run =
        run_edgetop({"record", "--root", fixture_root("agx-orin"), "--interval", "50", "-o", out},
                    SpawnOptions{.close_stdout_reader = false,
                                 .file_size_limit = 6000,
                                 .env = {},
                                 .uid = {},
                                 .ignore_sighup = false});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write '" + out + "': File too large\n");
    auto back = read_back(out);
    EXPECT_GE(back.sample_t_s.size(), 2u);
    for (const auto& p : back.problems)
        EXPECT_EQ(p.severity, SessionProblem::Severity::warning) << p.message;
}

TEST(CompressedSession, ImportWritesZstdByName) {
    TempDir tmp;
    std::string zst = tmp.file("imported.jsonl.zst");
    std::string plain = tmp.file("imported.jsonl");
    std::string log =
        std::string(EDGETOP_SOURCE_DIR) + "/tests/import/data/agx-orin-64gb-jetsontools-all.log";
    auto a = run_edgetop({"import", "tegrastats", log, "-o", zst});
    ASSERT_EQ(a.status, 0) << a.err;
    auto b = run_edgetop({"import", "tegrastats", log, "-o", plain});
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(read_file(zst).substr(0, 4), std::string("\x28\xB5\x2F\xFD", 4));
    EXPECT_EQ(report_json(zst), report_json(plain));
}

}  // namespace
}  // namespace edgetop::testing
