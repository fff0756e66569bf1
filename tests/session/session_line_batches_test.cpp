// Session lines handed out in whole blocks, and the reader that parses those blocks on several
// threads: every line arrives whole and in order, and what the reader yields and reports (line
// numbers included) is the same whatever the number of threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <sstream>

#include "session/orin_sample.hpp"
#include "session/session_json_values.hpp"
#include "session/session_read_lines.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"

namespace edgetop {
namespace {

// Reads text in pieces of random size, as a pipe or a slow disk would hand it over.
SessionLines::ReadSome pieces_of(const std::string& text, unsigned seed) {
    auto rng = std::make_shared<std::mt19937>(seed);
    auto at = std::make_shared<std::size_t>(0);
    return [&text, rng, at](char* into, std::size_t n) {
        std::uniform_int_distribution<std::size_t> size(1, 200000);
        std::size_t take = std::min({n, size(*rng), text.size() - *at});
        std::memcpy(into, text.data() + *at, take);
        *at += take;
        return take;
    };
}

// Lines of 0 to 3000 bytes, and one of 3 MB: longer than a block.
std::string varied_lines(int count) {
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> length(0, 3000);
    std::string text;
    for (int i = 0; i < count; ++i) {
        int n = i == count / 2 ? 3 << 20 : length(rng);
        text += std::to_string(i) + ":" + std::string(static_cast<std::size_t>(n), 'a' + i % 26);
        text += '\n';
    }
    return text;
}

TEST(SessionLinesBlocks, HandOutEveryLineWholeAndInOrder) {
    const std::string text = varied_lines(4000);
    SessionLines lines(pieces_of(text, 3), 16 << 20);
    std::string_view first;
    ASSERT_EQ(lines.next(first), SessionLines::Kind::line);  // a header, read alone
    std::string joined = std::string(first) + "\n";
    LineBlock block;
    int blocks = 0;
    while (lines.next_block(block)) {
        ++blocks;
        ASSERT_FALSE(block.text.empty());
        EXPECT_EQ(block.text.back(), '\n');
        EXPECT_FALSE(block.overlong || block.ends_input);
        // The padding a SIMD parser reads past the end is there (AddressSanitizer checks it).
        volatile char past = block.text.data()[block.text.size() + kLinePadding - 1];
        (void)past;
        joined += block.text;
    }
    EXPECT_EQ(joined, text);
    EXPECT_GT(blocks, 5);
}

TEST(SessionLinesBlocks, TheLastLineWithoutNewlineComesLastAndMarked) {
    const std::string text = "header\n" + std::string(5000, 'x') + "\nshort\nlast";
    SessionLines lines(pieces_of(text, 4), 1000);
    std::string_view header;
    ASSERT_EQ(lines.next(header), SessionLines::Kind::line);
    std::string joined;
    LineBlock block;
    bool ended = false;
    while (lines.next_block(block)) {
        EXPECT_FALSE(ended) << "a block after the unended last line";
        ended = block.ends_input;
        // Lines over the limit stay in their block; its reader skips them (max_line says which).
        EXPECT_EQ(block.max_line, 1000u);
        joined += block.text;
    }
    EXPECT_TRUE(ended);
    EXPECT_EQ(joined, text.substr(7));
}

TEST(SessionReaderThreads, ALineOverTheLimitInsideABlockIsSkippedAsCorrupt) {
    // The reader keeps lines up to 16 MB. Once its buffer has grown to 17 MB for the first long
    // line, the second one, 16.5 MB, arrives inside a block.
    std::string text = testing::orin_header_line() + std::string(17 << 20, 'x') + "\n" +
                       testing::orin_sample_line(1.0) + std::string((16 << 20) + (1 << 19), 'y') +
                       "\n" + testing::orin_sample_line(2.0) +
                       end_to_json({2, 2, EndReason::count}).dump() + "\n";
    for (unsigned workers : {0u, 2u}) {
        std::istringstream in(text);
        std::vector<std::size_t> problem_lines;
        SessionReader reader(in, "s.jsonl",
                             [&](const SessionProblem& p) { problem_lines.push_back(p.line); });
        reader.set_workers(workers);
        SessionRecord r;
        int samples = 0;
        while (reader.next(r))
            samples += r.kind == SessionRecord::Kind::sample;
        EXPECT_EQ(samples, 2);
        EXPECT_EQ(problem_lines, (std::vector<std::size_t>{2, 4}));
    }
}

// testing::orin_sample_line(t), made from one line: the sample lines differ only in their time,
// and a JSON document per line would cost most of the test's time under the sanitizers.
class OrinSampleLines {
  public:
    std::string at(double t) const {
        return R"({"type":"sample","t":)" +
               session_json::rounded_decimals(t, session_json::kTimeDecimals).dump() + rest_;
    }

  private:
    const std::string rest_ = [] {
        std::string line = testing::orin_sample_line(0.5);
        return line.substr(line.find(R"(,"time":)"));
    }();
};

// A session of several megabytes with every kind of line a reader meets.
std::string eventful_session() {
    const OrinSampleLines sample_lines;
    // The same lines as testing::orin_sample_line makes.
    for (double t : {0.1, 1.7, 150.0})
        EXPECT_EQ(sample_lines.at(t), testing::orin_sample_line(t)) << t;
    std::string text = testing::orin_header_line();
    for (int i = 1; i <= 1500; ++i) {
        text += sample_lines.at(i * 0.1);
        if (i % 97 == 0) text += R"({"type":"sample","t":)" + std::to_string(i) + ",\"cpu\":{\n";
        if (i % 131 == 0) text += "\n";
        if (i % 173 == 0)
            text += R"({"type":"annotation","text":"later versions"})"
                    "\n";
        if (i % 211 == 0)
            text += R"({"type":"event","t":)" + std::to_string(i * 0.1) +
                    R"(,"flag":"io_stall","state":"raised","message":"m","evidence":{}})"
                    "\n";
    }
    text += end_to_json({150, 1500, EndReason::count}).dump() + "\n";
    return text;
}

struct Reading {
    std::vector<std::string> records;  // kind and time of each record
    std::vector<std::string> problems;
    bool operator==(const Reading&) const = default;
};

Reading read_with(const std::string& text, unsigned workers, SampleFields fields) {
    std::istringstream in(text);
    Reading out;
    SessionReader reader(in, "s.jsonl", [&](const SessionProblem& p) {
        out.problems.push_back(std::to_string(p.line) + " " + p.message);
    });
    reader.set_workers(workers);
    reader.set_sample_fields(fields);
    SessionRecord r;
    while (reader.next(r)) {
        switch (r.kind) {
            case SessionRecord::Kind::sample:
                out.records.push_back("sample " + std::to_string(r.sample.t_s) + " " +
                                      std::to_string(r.sample.cpu.cores.size()) + " " +
                                      std::to_string(r.sample.rails.size()));
                break;
            case SessionRecord::Kind::event:
                out.records.push_back("event " + std::to_string(r.event.t_s));
                break;
            case SessionRecord::Kind::end:
                out.records.push_back("end " + std::to_string(r.end.samples));
                break;
        }
    }
    return out;
}

TEST(SessionReaderThreads, YieldAndReportTheSameAsOneThread) {
    const std::string text = eventful_session();
    ASSERT_GT(text.size(), 4u << 20);  // several blocks
    for (SampleFields fields : {SampleFields::all, SampleFields::summary}) {
        Reading alone = read_with(text, 0, fields);
        EXPECT_EQ(std::count_if(alone.records.begin(), alone.records.end(),
                                [](const std::string& r) { return r.starts_with("sample"); }),
                  1500);
        EXPECT_EQ(alone.records.back(), "end 1500");
        ASSERT_EQ(alone.problems.size(), 1500u / 97);
        // The first corrupt line follows the header, 97 samples and no other line.
        EXPECT_TRUE(alone.problems[0].starts_with("99 s.jsonl: line 99: corrupt line skipped"))
            << alone.problems[0];
        for (unsigned workers : {1u, 3u})
            EXPECT_EQ(read_with(text, workers, fields), alone) << workers << " workers";
    }
}

TEST(SessionReaderThreads, ACutLastLineIsAWarningWhateverTheThreads) {
    std::string text = eventful_session();
    text.resize(text.size() - 30);  // into the end line
    for (unsigned workers : {0u, 2u}) {
        Reading read = read_with(text, workers, SampleFields::all);
        ASSERT_EQ(read.problems.size(), 1500u / 97 + 2);
        EXPECT_NE(read.problems[read.problems.size() - 2].find("truncated last line ignored"),
                  std::string::npos);
        EXPECT_NE(read.problems.back().find("no end line"), std::string::npos);
    }
}

}  // namespace
}  // namespace edgetop
