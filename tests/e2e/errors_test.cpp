// Mistakes and failures: one line on stderr and the documented exit status.
#include <gtest/gtest.h>

#include "cli/cli_help.hpp"
#include "e2e/edgetop_process.hpp"
#include "session/session_reader.hpp"

namespace edgetop::testing {
namespace {

TEST(Errors, BadFlagsExitTwo) {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    std::vector<Case> cases = {
        {{"--bogus"}, "edgetop: unknown option '--bogus'\n"},
        {{"--interval", "abc"}, "edgetop: --interval: expected milliseconds, got 'abc'\n"},
        {{"--interval", "10"}, "edgetop: --interval: must be at least 50 ms, got '10'\n"},
        {{"--interval"}, "edgetop: --interval: missing value MS\n"},
        {{"record", "--count", "0"},
         "edgetop: --count: expected a number of samples (1 or more), got '0'\n"},
        {{"record", "--duration", "soon"},
         "edgetop: --duration: expected seconds (more than 0), got 'soon'\n"},
        {{"--count", "3"}, "edgetop: --count: only valid with 'record'\n"},
        {{"frobnicate"}, "edgetop: unknown command 'frobnicate'\n"},
        {{"record", "--"}, "edgetop: record: expected a command after '--'\n"},
        {{"--check=yes"}, "edgetop: --check: takes no value\n"},
        {{"serve", "-o", "s.jsonl"},
         "edgetop: --output: not an option of 'serve' (only valid with 'record' or 'import' or "
         "'stat' or 'sweep' or 'export')\n"},
        {{"report", "--once", "s.jsonl"},
         "edgetop: --once: not an option of 'report' (only valid with no command or 'fleet')\n"},
    };
    for (const auto& c : cases) {
        RunResult run = run_edgetop(c.args);
        EXPECT_EQ(run.status, 2) << c.message;
        EXPECT_EQ(run.err, c.message);
        EXPECT_EQ(run.out, "");
    }
}

TEST(Errors, UnreadableRootExitsOne) {
    RunResult missing = run_edgetop({"--root", "/nonexistent/edgetop-root"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_EQ(missing.err,
              "edgetop: --root /nonexistent/edgetop-root: No such file or directory\n");
    RunResult file = run_edgetop({"record", "--count", "1", "--root", "/etc/hostname"});
    EXPECT_EQ(file.status, 1);
    EXPECT_EQ(file.err, "edgetop: --root /etc/hostname: not a directory\n");
    EXPECT_EQ(file.out, "");
}

TEST(Errors, UnwritableOutputFailsBeforeSampling) {
    TempDir tmp;
    RunResult run = run_edgetop({"record", "--count", "1", "-o", "/nonexistent/dir/s.jsonl"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err,
              "edgetop: cannot write '/nonexistent/dir/s.jsonl': No such file or directory\n");
    EXPECT_EQ(run.out, "");
    RunResult dir = run_edgetop({"record", "--count", "1", "-o", "/tmp"});
    EXPECT_EQ(dir.status, 1);
    EXPECT_EQ(dir.err, "edgetop: cannot write '/tmp': Is a directory\n");
}

TEST(Errors, FullDeviceExitsOneWithOneLine) {
    RunResult run = run_edgetop({"record", "--root", fixture_root("nano"), "--count", "3",
                                 "--interval", "50", "-o", "/dev/full"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write '/dev/full': No space left on device\n");
}

TEST(Errors, ClosedPipeExitsOneWithOneLine) {
    RunResult run = run_edgetop({"record", "--root", fixture_root("nano"), "--interval", "50"},
                                SpawnOptions{.close_stdout_reader = true,
                                             .file_size_limit = {},
                                             .env = {},
                                             .uid = {},
                                             .ignore_sighup = false});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write standard output: Broken pipe\n");
}

TEST(Errors, FailedWriteLeavesValidLinesAndAtMostATruncatedLastOne) {
    TempDir tmp;
    std::string out = tmp.file("limited.jsonl");
    // The file size limit cuts a line in the middle, like a disk filling up.
    RunResult run =
        run_edgetop({"record", "--root", fixture_root("agx-orin"), "--interval", "50", "-o", out},
                    SpawnOptions{.close_stdout_reader = false,
                                 .file_size_limit = 16000,
                                 .env = {},
                                 .uid = {},
                                 .ignore_sighup = false});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "edgetop: cannot write '" + out + "': File too large\n");
    auto lines = read_lines(out);
    ASSERT_GE(lines.size(), 2u);
    for (size_t i = 0; i + 1 < lines.size(); ++i)
        EXPECT_FALSE(nlohmann::json::parse(lines[i], nullptr, false).is_discarded())
            << "line " << i + 1;
    std::vector<SessionProblem> problems;
    SessionReader reader(out, [&](const SessionProblem& p) { problems.push_back(p); });
    SessionRecord record;
    size_t samples = 0;
    while (reader.next(record))
        ++samples;
    EXPECT_GE(samples, 1u);
    EXPECT_EQ(reader.corrupt_lines(), 0u);
    EXPECT_FALSE(reader.has_end());
}

TEST(Errors, HelpAndVersionExitZero) {
    RunResult help = run_edgetop({"--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_TRUE(help.out.starts_with("Usage: edgetop [OPTIONS]\n"));
    RunResult record_help = run_edgetop({"record", "--help"});
    EXPECT_EQ(record_help.status, 0);
    EXPECT_TRUE(record_help.out.starts_with("Usage: edgetop record [OPTIONS] [-- CMD [ARGS...]]"));
    RunResult version = run_edgetop({"--version"});
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out, cli::version_text());
}

}  // namespace
}  // namespace edgetop::testing
