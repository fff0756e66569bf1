#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <string>

#include "session/orin_sample.hpp"
#include "session/pipe_text.hpp"
#include "session/session_writer.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

using nlohmann::ordered_json;

TEST(SessionWriter, WritesOneNewlineTerminatedLinePerValue) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    SessionWriter writer(fds[1]);
    EXPECT_TRUE(writer.write_line({{"type", "header"}}));
    EXPECT_TRUE(writer.write_line(sample_to_json(testing::orin_sample())));
    EXPECT_EQ(writer.lines(), 2u);
    EXPECT_EQ(writer.error(), 0);
    ::close(fds[1]);
    std::string text = testing::read_until_eof(fds[0]);
    ::close(fds[0]);
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.back(), '\n');
    auto first_newline = text.find('\n');
    EXPECT_EQ(text.substr(0, first_newline), R"({"type":"header"})");
    EXPECT_EQ(text.find('\n', first_newline + 1), text.size() - 1);  // no newline inside a line
}

TEST(SessionWriter, ReplacesInvalidUtf8InsteadOfFailing) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    SessionWriter writer(fds[1]);
    EXPECT_TRUE(writer.write_line({{"model", std::string("Jetson\xff\xfe")}}));
    ::close(fds[1]);
    std::string text = testing::read_until_eof(fds[0]);
    ::close(fds[0]);
    auto parsed = nlohmann::json::parse(text, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded());
    EXPECT_TRUE(parsed["model"].get<std::string>().starts_with("Jetson"));
}

TEST(SessionWriter, FullDeviceFailsWithEnospcAndStopsWriting) {
    int fd = ::open("/dev/full", O_WRONLY | O_CLOEXEC);
    if (fd < 0) GTEST_SKIP() << "no /dev/full";
    SessionWriter writer(fd);
    EXPECT_FALSE(writer.write_line({{"type", "header"}}));
    EXPECT_EQ(writer.error(), ENOSPC);
    EXPECT_FALSE(writer.left_partial_line());
    EXPECT_FALSE(writer.write_line({{"type", "sample"}}));
    EXPECT_FALSE(writer.write_closing_line({{"type", "end"}}));  // still full
    EXPECT_EQ(writer.lines(), 0u);
    ::close(fd);
}

TEST(SessionWriter, ClosedPipeIsEpipeNotDeath) {
    // Blocked SIGPIPE, as `edgetop record` runs.
    sigset_t pipe_set, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    ASSERT_EQ(pthread_sigmask(SIG_BLOCK, &pipe_set, &old), 0);
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    ::close(fds[0]);
    SessionWriter writer(fds[1]);
    EXPECT_FALSE(writer.write_line({{"type", "header"}}));
    EXPECT_EQ(writer.error(), EPIPE);
    ::close(fds[1]);
    timespec no_wait{0, 0};
    sigtimedwait(&pipe_set, nullptr, &no_wait);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

TEST(SessionWriter, ClosingLineIsTriedOnceMoreAfterAFailureThatLeftNothing) {
    // A file descriptor that fails, then works: a read-only descriptor swapped for a pipe.
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    int read_only = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    ASSERT_GE(read_only, 0);
    int target = ::dup(read_only);
    SessionWriter writer(target);
    EXPECT_FALSE(writer.write_line({{"type", "sample"}}));
    EXPECT_EQ(writer.error(), EBADF);
    ASSERT_EQ(::dup2(fds[1], target), target);
    EXPECT_FALSE(writer.write_line({{"type", "sample"}}));  // the writer stays stopped
    EXPECT_TRUE(writer.write_closing_line({{"type", "end"}, {"reason", "write-error"}}));
    EXPECT_EQ(writer.error(), EBADF);
    ::close(target);
    ::close(fds[1]);
    ::close(read_only);
    EXPECT_EQ(testing::read_until_eof(fds[0]), "{\"type\":\"end\",\"reason\":\"write-error\"}\n");
    ::close(fds[0]);
}

}  // namespace
}  // namespace edgetop
