// edgetop export end to end: -o, standard output, and bad input (a bad or missing --format, a file
// that cannot be read or is not a session, corrupt lines, sessions with other columns): one
// line on standard error and a non-zero exit status, never a crash.
#include <gtest/gtest.h>

#include <filesystem>

#include "export/export_test_support.hpp"

namespace edgetop::testing {
namespace {

void write_file(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::string> error_lines(const RunResult& run) {
    return split_lines(run.err);
}

TEST(ExportCommand, WritesCsvToTheOutputFileAndPerfettoToStandardOutput) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 3);
    std::string csv = tmp.file("out.csv");
    auto run = run_edgetop({"export", "--format", "csv", "-o", csv, session});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "");
    std::ifstream in(csv);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, export_files({session}, session_export::Format::csv).text);
    EXPECT_EQ(parse_csv(text).size(), 4u);

    run = run_edgetop({"export", "--format=perfetto", session});
    ASSERT_EQ(run.status, 0) << run.err;
    auto trace = nlohmann::json::parse(run.out, nullptr, false);
    ASSERT_FALSE(trace.is_discarded());
    EXPECT_GT(trace["traceEvents"].size(), 3u);
}

TEST(ExportCommand, ABadOrMissingFormatIsAUsageError) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 1);
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"export", "--format", "xlsx", session},
                                               {"export", session},
                                               {"export", "--format", "csv"},
                                               {"export", "--format"}}) {
        auto run = run_edgetop(args);
        EXPECT_EQ(run.status, 2) << args.size();
        EXPECT_EQ(run.out, "");
        ASSERT_EQ(error_lines(run).size(), 1u) << run.err;
        EXPECT_EQ(run.err.rfind("edgetop: ", 0), 0u) << run.err;
    }
    auto run = run_edgetop({"export", "--format", "xlsx", session});
    EXPECT_NE(run.err.find("csv or perfetto"), std::string::npos) << run.err;
}

TEST(ExportCommand, AFileThatCannotBeReadOrIsNotASessionIsOneLineNamingIt) {
    TempDir tmp;
    std::string good = record_fixture(tmp, "orin.jsonl", "agx-orin", 2);
    std::string text = tmp.file("notes.txt");
    write_file(text, "hello\nworld\n");
    std::string empty = tmp.file("empty.jsonl");
    write_file(empty, "");
    std::string out = tmp.file("out.csv");
    for (const auto& bad : {tmp.file("missing.jsonl"), text, empty, tmp.path()}) {
        for (const char* format : {"csv", "perfetto"}) {
            auto run = run_edgetop({"export", "--format", format, "-o", out, good, bad});
            EXPECT_EQ(run.status, 1) << bad;
            ASSERT_EQ(error_lines(run).size(), 1u) << run.err;
            EXPECT_NE(run.err.find(bad), std::string::npos) << run.err;
            // Checked before anything is written: no output file.
            EXPECT_FALSE(std::filesystem::exists(out)) << bad;
        }
    }
}

TEST(ExportCommand, CorruptLinesAreWarnedWithTheirNumberAndSkipped) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 4);
    auto lines = read_lines(session);
    ASSERT_GE(lines.size(), 6u);
    lines[2] = "{\"type\":\"sample\",\"t\":";  // line 3: the second sample, cut
    std::string damaged = tmp.file("damaged.jsonl");
    {
        std::ofstream o(damaged, std::ios::binary);
        for (const auto& l : lines)
            o << l << "\n";
        o << "{\"type\":\"sample\",\"t\":9";  // a truncated last line
    }
    for (const char* format : {"csv", "perfetto"}) {
        auto run = run_edgetop({"export", "--format", format, damaged});
        EXPECT_EQ(run.status, 0) << run.err;
        auto errors = error_lines(run);
        ASSERT_EQ(errors.size(), 2u) << run.err;
        EXPECT_NE(errors[0].find("line 3"), std::string::npos) << errors[0];
        EXPECT_NE(errors[1].find("truncated"), std::string::npos) << errors[1];
        if (std::string(format) == "csv") {
            EXPECT_EQ(parse_csv(run.out).size(), 1u + 3u);
        }
    }
}

TEST(ExportCommand, CsvOfSessionsWithOtherColumnsFailsNamingTheFile) {
    TempDir tmp;
    std::string orin = record_fixture(tmp, "orin.jsonl", "agx-orin", 1);
    std::string nano = record_fixture(tmp, "nano.jsonl", "nano", 1);
    std::string out = tmp.file("out.csv");
    auto run = run_edgetop({"export", "--format", "csv", "-o", out, orin, nano});
    EXPECT_EQ(run.status, 1);
    ASSERT_EQ(error_lines(run).size(), 1u) << run.err;
    EXPECT_NE(run.err.find(nano), std::string::npos) << run.err;
    EXPECT_FALSE(std::filesystem::exists(out));
    // Perfetto has no columns to agree on: each is its own process.
    run = run_edgetop({"export", "--format", "perfetto", "-o", out, orin, nano});
    EXPECT_EQ(run.status, 0) << run.err;
}

TEST(ExportCommand, ReadsStandardInput) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 3);
    ChildProcess shell(
        {"/bin/sh", "-c",
         std::string(EDGETOP_BINARY) + " export --format csv - < '" + session + "'"});
    RunResult run = shell.collect(std::chrono::seconds(60));
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, export_files({session}, session_export::Format::csv).text);
}

TEST(ExportCommand, AnOutputThatCannotBeWrittenIsOneLineAndExitOne) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 3);
    auto run = run_edgetop({"export", "--format", "csv", "-o", "/dev/full", session});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write '/dev/full': No space left on device\n");
    // A reader that goes away is a write error too, not a death by SIGPIPE.
    run = run_edgetop({"export", "--format", "perfetto", session},
                      SpawnOptions{.close_stdout_reader = true,
                                   .file_size_limit = {},
                                   .env = {},
                                   .uid = {},
                                   .ignore_sighup = false});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write standard output: Broken pipe\n");
}

TEST(ExportCommand, RefusesToOverwriteAnInput) {
    TempDir tmp;
    std::string session = record_fixture(tmp, "orin.jsonl", "agx-orin", 2);
    auto before = read_lines(session);
    auto run = run_edgetop({"export", "--format", "csv", "-o", session, session});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(error_lines(run).size(), 1u) << run.err;
    EXPECT_EQ(read_lines(session), before);
}

}  // namespace
}  // namespace edgetop::testing
