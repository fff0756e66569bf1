// edgetop record -- CMD ARGS: records while the command runs and exits with its status.
#include <gtest/gtest.h>

#include "e2e/edgetop_process.hpp"

namespace edgetop::testing {
namespace {

using nlohmann::json;

TEST(RecordCommand, ExitsWithTheCommandsStatus) {
    TempDir tmp;
    std::string out = tmp.file("cmd.jsonl");
    RunResult run = run_edgetop({"record", "--root", fixture_root("xavier-nx"), "--interval", "100",
                                 "-o", out, "--", "sh", "-c", "exit 3"});
    EXPECT_EQ(run.status, 3) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines.front()["type"], "header");
    EXPECT_EQ(lines.back()["type"], "end");
    EXPECT_EQ(lines.back()["reason"], "command-exited");
    EXPECT_GE(lines.back()["samples"].get<int>(), 1);
}

TEST(RecordCommand, RecordsUntilTheCommandEnds) {
    TempDir tmp;
    std::string out = tmp.file("sleep.jsonl");
    RunResult run = run_edgetop({"record", "--root", fixture_root("nano"), "--interval", "50", "-o",
                                 out, "--", "sleep", "0.4"});
    EXPECT_EQ(run.status, 0) << run.err;
    auto lines = parse_lines(read_lines(out));
    ASSERT_GE(lines.size(), 4u);
    EXPECT_GE(lines.back()["t"].get<double>(), 0.4);
    EXPECT_EQ(lines.back()["reason"], "command-exited");
}

TEST(RecordCommand, KilledCommandGives128PlusSignal) {
    TempDir tmp;
    RunResult run = run_edgetop({"record", "--root", fixture_root("nano"), "-o",
                                 tmp.file("k.jsonl"), "--", "sh", "-c", "kill -TERM $$"});
    EXPECT_EQ(run.status, 128 + SIGTERM) << run.err;
}

TEST(RecordCommand, CommandKeepsItsStandardStreams) {
    TempDir tmp;
    RunResult run =
        run_edgetop({"record", "--root", fixture_root("nano"), "-o", tmp.file("s.jsonl"), "--",
                     "sh", "-c", "echo to-stdout; echo to-stderr >&2"});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "to-stdout\n");
    EXPECT_EQ(run.err, "to-stderr\n");
}

TEST(RecordCommand, ATerminatedRecorderPassesTheSignalOnAndWaits) {
    TempDir tmp;
    std::string out = tmp.file("fwd.jsonl");
    EdgetopProcess process({"record", "--root", fixture_root("nano"), "--interval", "50", "-o", out,
                            "--", "sleep", "30"});
    ASSERT_TRUE(wait_for_samples(out, 2));
    process.send(SIGTERM);
    RunResult run = process.wait(std::chrono::seconds(20));
    EXPECT_EQ(run.status, 128 + SIGTERM);
    auto lines = parse_lines(read_lines(out));
    EXPECT_EQ(lines.back()["reason"], "command-exited");
}

TEST(RecordCommand, CountEndsTheRecordingButNotTheCommand) {
    TempDir tmp;
    std::string out = tmp.file("count.jsonl");
    RunResult run = run_edgetop({"record", "--root", fixture_root("nano"), "--interval", "50",
                                 "--count", "2", "-o", out, "--", "sh", "-c", "sleep 0.5; exit 4"});
    EXPECT_EQ(run.status, 4);
    auto lines = parse_lines(read_lines(out));
    EXPECT_EQ(lines.back()["reason"], "count");
    EXPECT_EQ(lines.back()["samples"], 2);
}

TEST(RecordCommand, MissingCommandIsReportedWithStatus127) {
    TempDir tmp;
    RunResult run = run_edgetop({"record", "--root", fixture_root("nano"), "-o",
                                 tmp.file("x.jsonl"), "--", "/nonexistent/tool", "--flag"});
    EXPECT_EQ(run.status, 127);
    EXPECT_EQ(run.err, "edgetop: cannot run '/nonexistent/tool': No such file or directory\n");
}

}  // namespace
}  // namespace edgetop::testing
