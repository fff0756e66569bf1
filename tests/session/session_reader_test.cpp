#include <malloc.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <streambuf>

#include "session/orin_sample.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

std::string end_line(int samples) {
    return end_to_json({2.5, samples, EndReason::signal}).dump() + "\n";
}

struct Read {
    std::vector<SessionRecord> records;
    std::vector<SessionProblem> problems;
};

Read read_all(const std::string& text) {
    std::istringstream in(text);
    Read out;
    SessionReader reader(in, "test.jsonl",
                         [&](const SessionProblem& p) { out.problems.push_back(p); });
    SessionRecord r;
    while (reader.next(r))
        out.records.push_back(r);
    EXPECT_FALSE(reader.next(r));  // stays at the end
    return out;
}

std::string error_of(const std::string& text) {
    std::istringstream in(text);
    try {
        SessionReader reader(in, "input.jsonl");
    } catch (const SessionError& e) {
        return e.what();
    }
    return "";
}

TEST(SessionReader, YieldsHeaderSamplesEventsAndEnd) {
    std::string text = testing::orin_header_line() + testing::orin_sample_line(0.001) +
                       testing::orin_sample_line(1.002) +
                       R"({"type":"event","t":1.5,"kind":"marker","label":"start of inference"})"
                       "\n" +
                       end_line(2);
    std::istringstream in(text);
    std::vector<SessionProblem> problems;
    SessionReader reader(in, "s.jsonl", [&](const SessionProblem& p) { problems.push_back(p); });
    EXPECT_EQ(reader.header().interval_ms, 1000);
    EXPECT_EQ(reader.header().board.soc, "tegra234");
    SessionRecord r;
    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.kind, SessionRecord::Kind::sample);
    EXPECT_DOUBLE_EQ(r.sample.t_s, 0.001);
    EXPECT_EQ(r.sample.rails.size(), 4u);
    ASSERT_TRUE(reader.next(r));
    EXPECT_DOUBLE_EQ(r.sample.t_s, 1.002);
    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.kind, SessionRecord::Kind::event);
    EXPECT_EQ(r.event.kind, "marker");
    EXPECT_EQ(r.event.data["label"], "start of inference");
    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.kind, SessionRecord::Kind::end);
    EXPECT_EQ(r.end.samples, 2);
    EXPECT_EQ(r.end.reason, EndReason::signal);
    EXPECT_FALSE(reader.next(r));
    EXPECT_TRUE(reader.has_end());
    EXPECT_TRUE(problems.empty());
    EXPECT_EQ(reader.line_number(), 5u);
}

TEST(SessionReader, TruncatedLastLineIsAWarning) {
    std::string partial = testing::orin_sample_line(2.0);
    std::string text = testing::orin_header_line() + testing::orin_sample_line(1.0) +
                       partial.substr(0, partial.size() / 2);
    Read read = read_all(text);
    ASSERT_EQ(read.records.size(), 1u);
    ASSERT_EQ(read.problems.size(), 2u);
    EXPECT_EQ(read.problems[0].severity, SessionProblem::Severity::warning);
    EXPECT_EQ(read.problems[0].line, 3u);
    EXPECT_EQ(read.problems[0].message, "test.jsonl: line 3: truncated last line ignored");
    EXPECT_EQ(read.problems[1].message, "test.jsonl: no end line: the recording was interrupted");
}

TEST(SessionReader, LastLineWithoutNewlineThatIsCompleteIsKept) {
    std::string end = end_line(1);
    end.pop_back();
    Read read = read_all(testing::orin_header_line() + testing::orin_sample_line(1.0) + end);
    ASSERT_EQ(read.records.size(), 2u);
    EXPECT_EQ(read.records[1].kind, SessionRecord::Kind::end);
    EXPECT_TRUE(read.problems.empty());
}

TEST(SessionReader, CorruptMiddleLineIsAnErrorWithItsNumberAndIsSkipped) {
    std::string text = testing::orin_header_line() + testing::orin_sample_line(1.0) +
                       "{\"type\":\"sample\",\"t\":2.0,\x01\n" + "[1,2,3]\n" +
                       testing::orin_sample_line(3.0) + end_line(2);
    std::istringstream in(text);
    std::vector<SessionProblem> problems;
    SessionReader reader(in, "rec.jsonl", [&](const SessionProblem& p) { problems.push_back(p); });
    SessionRecord r;
    std::vector<double> times;
    while (reader.next(r))
        if (r.kind == SessionRecord::Kind::sample) times.push_back(r.sample.t_s);
    EXPECT_EQ(times, (std::vector<double>{1.0, 3.0}));
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].severity, SessionProblem::Severity::error);
    EXPECT_EQ(problems[0].line, 3u);
    EXPECT_TRUE(problems[0].message.starts_with("rec.jsonl: line 3: corrupt line skipped ("))
        << problems[0].message;
    EXPECT_EQ(problems[0].message.find('\n'), std::string::npos);
    EXPECT_EQ(problems[1].line, 4u);
    EXPECT_EQ(reader.corrupt_lines(), 2u);
}

TEST(SessionReader, UnknownTypesAndBlankLinesAreSkippedSilently) {
    Read read = read_all(testing::orin_header_line() +
                         R"({"type":"annotation","text":"later versions"})"
                         "\n\n" +
                         testing::orin_sample_line(1.0) + end_line(1));
    EXPECT_EQ(read.records.size(), 2u);
    EXPECT_TRUE(read.problems.empty());
}

TEST(SessionReader, MissingEndLineIsReportedOnce) {
    Read read = read_all(testing::orin_header_line() + testing::orin_sample_line(1.0));
    EXPECT_EQ(read.records.size(), 1u);
    ASSERT_EQ(read.problems.size(), 1u);
    EXPECT_EQ(read.problems[0].severity, SessionProblem::Severity::warning);
}

TEST(SessionReader, HeaderOnlyWithoutNewline) {
    std::string h = testing::orin_header_line();
    h.pop_back();
    Read read = read_all(h);
    EXPECT_TRUE(read.records.empty());
}

TEST(SessionReader, RejectsWhatIsNotASessionWithOneLine) {
    EXPECT_EQ(error_of(""), "input.jsonl: not an edgetop session (empty file)");
    std::string not_session =
        "input.jsonl: not an edgetop session (the first line is not a edgetop-session header)";
    EXPECT_EQ(error_of("RAM 6589/30587MB (lfb 459x4MB) SWAP 45/15294MB\n"), not_session);
    EXPECT_EQ(error_of(testing::orin_sample_line(1.0)), not_session);
    EXPECT_EQ(error_of(R"({"type":"header","format":"other-tool","version":1})"
                       "\n"),
              not_session);
    EXPECT_EQ(error_of("\x7f"
                       "ELF\x02\x01\x01\n\x00\x00"),
              not_session);
    EXPECT_EQ(error_of(R"({"type":"header","format":"edgetop-session"})"
                       "\n"),
              "input.jsonl: not an edgetop session (no format version)");
    EXPECT_EQ(error_of(R"({"type":"header","format":"edgetop-session","version":2})"
                       "\n"),
              "input.jsonl: session format version 2 is newer than this edgetop reads (version 1)");
}

TEST(SessionReader, OpensFilesAndNamesAMissingOne) {
    try {
        SessionReader reader("/nonexistent/session.jsonl");
        FAIL() << "no error";
    } catch (const SessionError& e) {
        EXPECT_STREQ(e.what(),
                     "/nonexistent/session.jsonl: cannot open: No such file or directory");
    }
    char path[] = "/tmp/edgetop-reader-XXXXXX";
    int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    std::string text = testing::orin_header_line() + testing::orin_sample_line(0.5) + end_line(1);
    ASSERT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    ::close(fd);
    SessionReader reader(path);
    SessionRecord r;
    int records = 0;
    while (reader.next(r))
        ++records;
    EXPECT_EQ(records, 2);
    std::remove(path);
}

TEST(SessionReader, OverlongLineIsSkippedAsCorrupt) {
    std::string huge(17 * 1024 * 1024, 'x');
    Read read = read_all(testing::orin_header_line() + huge + "\n" +
                         testing::orin_sample_line(1.0) + end_line(1));
    EXPECT_EQ(read.records.size(), 2u);
    ASSERT_EQ(read.problems.size(), 1u);
    EXPECT_EQ(read.problems[0].line, 2u);
}

// Produces a long session one line at a time, so the test itself holds no file.
class GeneratedSession : public std::streambuf {
  public:
    explicit GeneratedSession(int samples) : remaining_(samples) {
        refill(testing::orin_header_line());
    }

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (remaining_ > 0) {
            --remaining_;
            refill(sample_);
        } else if (!ended_) {
            ended_ = true;
            refill(end_line(0));
        } else {
            return traits_type::eof();
        }
        return traits_type::to_int_type(*gptr());
    }

  private:
    void refill(const std::string& line) {
        line_ = line;
        setg(line_.data(), line_.data(), line_.data() + line_.size());
    }
    std::string sample_ = testing::orin_sample_line(1.0);
    std::string line_;
    int remaining_;
    bool ended_ = false;
};

long resident_kb() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

TEST(SessionReader, MemoryDoesNotGrowWithTheLengthOfTheFile) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    GTEST_SKIP() << "a sanitizer's quarantine and shadow memory hold memory back, so RSS growth "
                    "says nothing here; the check runs in unsanitized builds";
#endif
    // About 40 MB of lines; keeping them (or their samples) would add at least as much. The
    // reader holds a few blocks of lines in flight (1 MB each with their samples, two per
    // thread: four here). Which of them are in use by a given line depends on how the threads
    // are scheduled, so on a loaded machine the last of them may first be filled late in the
    // file: the growth over the second half is bounded by those four blocks, where keeping
    // the lines would add 20 MB.
    constexpr int kSamples = 10000;
    GeneratedSession source(kSamples);
    std::istream in(&source);
    malloc_trim(0);  // so that memory freed by earlier tests cannot hide growth
    long before = resident_kb();
    long halfway = 0, highest = before;
    SessionReader reader(in, "generated");
    reader.set_workers(1);
    SessionRecord r;
    int samples = 0;
    while (reader.next(r)) {
        samples += r.kind == SessionRecord::Kind::sample;
        if (samples % 100 != 0) continue;
        highest = std::max(highest, resident_kb());
        if (samples == kSamples / 2) halfway = highest;
    }
    EXPECT_EQ(samples, kSamples);
    EXPECT_LT(highest - halfway, 8 * 1024) << "kB of memory growth over the last 20 MB of lines";
    EXPECT_LT(highest - before, 20 * 1024) << "kB in all, for 40 MB of lines";
}

}  // namespace
}  // namespace edgetop
