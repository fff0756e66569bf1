#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "session/orin_sample.hpp"
#include "session/pipe_text.hpp"
#include "session/session_reader.hpp"
#include "session/session_writer.hpp"
#include "support/sample_json.hpp"
#include "support/small_disk.hpp"
#include "support/temp_dir.hpp"

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

// The lines a session file holds as its reader reads them, and whether it read them without a
// complaint.
std::vector<nlohmann::json> read_back(const std::string& path, std::vector<std::string>& problems) {
    std::vector<nlohmann::json> events;
    SessionReader reader(path, [&](const SessionProblem& p) { problems.push_back(p.message); });
    SessionRecord record;
    while (reader.next(record))
        if (record.kind == SessionRecord::Kind::event) events.push_back(record.event.data);
    return events;
}

// A disk that fills up midway through a line, then has room again: with resume_after_errors the
// line is cut off again (no part of it stays) and written first when space returns; a line that
// comes while the disk is full is not written at all.
void full_disk_midway(SessionCompression compression) {
    testing::TempDir dir;
    testing::SmallDisk disk(dir.file("disk"));
    if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.why_not();
    std::string path = dir.file("disk/log");
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    ASSERT_GE(fd, 0);
    SessionWriter writer(fd, compression);
    writer.resume_after_errors();
    ASSERT_TRUE(writer.write_line(ordered_json::parse(
        R"({"type":"header","format":"edgetop-session","version":1,"started":"2026-01-01T00:00:00.000Z","interval_ms":1000})")));
    std::string filler = disk.fill();
    // Lines that do not compress, so that one reaches past the room left in the file's last
    // block and is written in part.
    auto line = [](int n) {
        uint64_t seed = static_cast<uint64_t>(n) + 1;
        std::string noise;
        for (int i = 0; i < 1500; ++i) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            noise.push_back(static_cast<char>('a' + (seed >> 59) % 26));
        }
        return ordered_json{{"type", "event"}, {"n", n}, {"noise", noise}};
    };
    int n = 0;
    while (n < 100 && writer.write_line(line(n)))
        ++n;
    ASSERT_LT(n, 100) << "the disk never filled";
    EXPECT_EQ(writer.error(), ENOSPC);
    EXPECT_TRUE(writer.holds_failed_line());
    EXPECT_FALSE(writer.write_line(line(1000)));  // not written: the disk is still full
    if (compression == SessionCompression::none) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        ASSERT_FALSE(text.str().empty());
        EXPECT_EQ(text.str().back(), '\n');  // whole lines only
    }
    std::vector<std::string> problems;
    EXPECT_EQ(read_back(path, problems).size(), static_cast<size_t>(n));

    ASSERT_EQ(::unlink(filler.c_str()), 0);
    EXPECT_TRUE(writer.write_line(line(n + 1)));
    EXPECT_EQ(writer.error(), 0);
    EXPECT_TRUE(
        writer.write_line({{"type", "end"}, {"t", 1.0}, {"samples", 0}, {"reason", "count"}}));
    EXPECT_TRUE(writer.finish());
    ::close(fd);
    problems.clear();
    auto events = read_back(path, problems);
    EXPECT_TRUE(problems.empty()) << problems.front();
    ASSERT_EQ(events.size(), static_cast<size_t>(n + 2));  // the kept line, then the next
    for (int i = 0; i <= n; ++i)
        EXPECT_EQ(events[i], nlohmann::json::parse(line(i).dump())) << i;
    EXPECT_EQ(events[n + 1], nlohmann::json::parse(line(n + 1).dump()));
    EXPECT_GE(writer.failed_writes(), 2u);
}

TEST(SessionWriterResume, APlainLineCutByAFullDiskIsTakenBackAndWrittenWholeLater) {
    full_disk_midway(SessionCompression::none);
}

TEST(SessionWriterResume, AZstdFrameCutByAFullDiskGoesOnAndDecodesWhole) {
    full_disk_midway(SessionCompression::zstd);
}

}  // namespace
}  // namespace edgetop
