// Hostile lines between good ones: each is skipped with its line number or read with the bad
// values absent, never a crash, and the samples around it are read.
#include <gtest/gtest.h>

#include <sstream>

#include "session/orin_sample.hpp"
#include "session/session_json_depth.hpp"
#include "session/session_reader.hpp"
#include "session/session_records_json.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

struct HostileRead {
    std::vector<Sample> samples;
    std::vector<SessionProblem> problems;
};

// header, sample t=1, the hostile line (line 3), sample t=3, end.
HostileRead read_around(const std::string& hostile) {
    std::string text = testing::orin_header_line() + testing::orin_sample_line(1) + hostile + "\n" +
                       testing::orin_sample_line(3) + end_to_json({3, 2, EndReason::count}).dump() +
                       "\n";
    std::istringstream in(text);
    HostileRead out;
    SessionReader reader(in, "hostile.jsonl",
                         [&](const SessionProblem& p) { out.problems.push_back(p); });
    SessionRecord r;
    while (reader.next(r))
        if (r.kind == SessionRecord::Kind::sample) out.samples.push_back(r.sample);
    return out;
}

void expect_skipped_line_3(const HostileRead& read, const std::string& what) {
    ASSERT_EQ(read.samples.size(), 2u) << what;
    EXPECT_EQ(read.samples[0].t_s, 1);
    EXPECT_EQ(read.samples[1].t_s, 3);
    ASSERT_EQ(read.problems.size(), 1u) << what;
    EXPECT_EQ(read.problems[0].line, 3u);
    EXPECT_EQ(read.problems[0].severity, SessionProblem::Severity::error);
    EXPECT_TRUE(
        read.problems[0].message.starts_with("hostile.jsonl: line 3: corrupt line skipped ("))
        << read.problems[0].message;
    EXPECT_EQ(read.problems[0].message.find('\n'), std::string::npos);
    // The sample after it is whole, not mixed with the skipped line.
    EXPECT_EQ(read.samples[1].cpu.cores.size(), 12u);
}

// HostileRead as a sample at t=2 with the hostile values absent.
Sample expect_read_line_3(const HostileRead& read, const std::string& what) {
    for (const auto& p : read.problems)
        ADD_FAILURE() << what << ": " << p.message;
    if (read.samples.size() != 3u) {
        ADD_FAILURE() << what << ": " << read.samples.size() << " samples";
        return {};
    }
    EXPECT_EQ(read.samples[1].t_s, 2);
    return read.samples[1];
}

TEST(ReadHostile, DeepNestingIsSkippedAsCorrupt) {
    const std::size_t depth = 100000;
    std::string nested = std::string(depth, '[') + std::string(depth, ']');
    expect_skipped_line_3(read_around(R"({"type":"sample","t":2,"future":)" + nested + "}"),
                          "deep nesting");
    // Unbalanced: not JSON at all.
    expect_skipped_line_3(read_around(R"({"type":"sample","t":2,"x":)" + std::string(depth, '{')),
                          "unbalanced");
}

// ~150,000 levels overflowed the stack when an event's evidence was copied (report, replay):
// every line type is now refused past kMaxJsonDepth, with a warning naming the line.
std::string nested_object(std::size_t depth) {
    std::string text;
    for (std::size_t i = 0; i < depth; ++i)
        text += R"({"a":)";
    return text + "1" + std::string(depth, '}');
}

TEST(ReadHostile, DeepNestingInEveryLineTypeIsSkippedWithItsLineNumber) {
    const std::string deep = nested_object(150000);
    for (const std::string& line :
         {R"({"type":"event","t":2,"flag":"io_stall","state":"raised","message":"m","evidence":)" +
              deep + "}",
          R"({"type":"end","t":2,"samples":1,"reason":"count","x":)" + deep + "}",
          R"({"type":"annotation","text":)" + deep + "}",
          R"({"type":"sample","t":2,"cpu":)" + deep + "}", deep}) {
        auto read = read_around(line);
        expect_skipped_line_3(read, line.substr(0, 40));
        ASSERT_EQ(read.problems.size(), 1u);
        EXPECT_NE(read.problems[0].message.find("nested deeper than 64 levels"), std::string::npos)
            << read.problems[0].message;
    }
}

TEST(ReadHostile, NestingUpToTheLimitIsRead) {
    // An event whose evidence nests to the limit (the line's own object is one level) is read.
    std::string text =
        testing::orin_header_line() +
        R"({"type":"event","t":2,"flag":"io_stall","state":"raised","message":"m","evidence":)" +
        nested_object(kMaxJsonDepth - 1) + "}\n" + end_to_json({3, 0, EndReason::count}).dump() +
        "\n";
    std::istringstream in(text);
    std::vector<SessionProblem> problems;
    SessionReader reader(in, "deep.jsonl", [&](const SessionProblem& p) { problems.push_back(p); });
    SessionRecord r;
    size_t events = 0;
    while (reader.next(r))
        events += r.kind == SessionRecord::Kind::event;
    EXPECT_EQ(events, 1u);
    EXPECT_TRUE(problems.empty()) << problems.front().message;
}

TEST(ReadHostile, DeepHeaderIsNotASession) {
    std::string header = testing::orin_header_line();
    header.insert(header.rfind('}'), R"(,"future":)" + nested_object(150000));
    std::istringstream in(header + end_to_json({3, 0, EndReason::count}).dump() + "\n");
    try {
        SessionReader reader(in, "deep.jsonl");
        ADD_FAILURE() << "read a header nested 150,000 deep";
    } catch (const SessionError& e) {
        EXPECT_STREQ(e.what(),
                     "deep.jsonl: line 1: not an edgetop session (nested deeper than 64 levels)");
    }
}

TEST(JsonDepth, CountsBracketsOutsideStringsOnly) {
    EXPECT_FALSE(nests_deeper_than(R"({"a":[1,{"b":2}]})", 3));
    EXPECT_TRUE(nests_deeper_than(R"({"a":[1,{"b":2}]})", 2));
    EXPECT_FALSE(nests_deeper_than(R"({"a":"[[[[{{{{\"[[["})", 1));
    EXPECT_FALSE(nests_deeper_than("]]]]}}}}[", 1));
    EXPECT_TRUE(nests_deeper_than("[[[", 2));
}

TEST(ReadHostile, NumbersBeyondAnyRange) {
    // Not representable as a double: not valid to either parser's reading of JSON numbers.
    expect_skipped_line_3(read_around(R"({"type":"sample","t":2,"power_total_mw":1e999})"),
                          "1e999");
    expect_skipped_line_3(read_around(R"({"type":"sample","t":1e999})"), "t 1e999");
    // Valid JSON integers too large for a count read as absent; a huge double is a value.
    Sample s = expect_read_line_3(
        read_around(R"({"type":"sample","t":2,"mem":{"total_kb":99999999999999999999,)"
                    R"("used_kb":18446744073709551615,"free_kb":-9223372036854775809,)"
                    R"("cached_kb":4.0,"buffers_kb":4.5},"power_total_mw":1e300})"),
        "huge numbers");
    EXPECT_FALSE(s.mem.total_kb);
    EXPECT_FALSE(s.mem.used_kb);
    EXPECT_FALSE(s.mem.free_kb);
    EXPECT_EQ(s.mem.cached_kb, 4);
    EXPECT_FALSE(s.mem.buffers_kb);
    EXPECT_EQ(s.power_total_mw, 1e300);
}

TEST(ReadHostile, WrongTypesReadAsAbsent) {
    Sample s = expect_read_line_3(
        read_around(R"({"type":"sample","t":2,"cpu":"busy","system":[1],"gpu":{"name":"GR3D"},)"
                    R"("emc":7,"rails":[{"name":5,"power_mw":"4368","is_total":"yes"},3],)"
                    R"("thermal":[{"name":"cpu","temp_c":true}],"mem":{"total_kb":"lots"},)"
                    R"("procs":"none","flags":["a",1,null,"b"],"time":12})"),
        "wrong types");
    EXPECT_TRUE(s.cpu.cores.empty());
    EXPECT_FALSE(s.cpu.util_pct);
    EXPECT_FALSE(s.system.load_1);
    EXPECT_TRUE(s.gpu.empty());
    EXPECT_FALSE(s.emc);
    ASSERT_EQ(s.rails.size(), 2u);  // as before: an element of the wrong type is an empty unit
    EXPECT_EQ(s.rails[0].name, "");
    EXPECT_FALSE(s.rails[0].power_mw);
    EXPECT_FALSE(s.rails[0].is_total);
    ASSERT_EQ(s.thermal.size(), 1u);
    EXPECT_FALSE(s.thermal[0].temp_c);
    EXPECT_FALSE(s.mem.total_kb);
    EXPECT_FALSE(s.procs);
    EXPECT_EQ(s.flags, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(s.time, std::chrono::system_clock::time_point{});
}

TEST(ReadHostile, InvalidTokensInsideIgnoredValuesAreStillCorrupt) {
    for (const char* line :
         {R"({"type":"sample","t":2,"future":[tru]})",
          R"({"type":"sample","t":2,"future":{"a":nul}})",
          R"({"type":"sample","t":2,"future":"\q"})",
          R"({"type":"sample","t":2,"cpu":{"util":01}})", R"({"type":"sample","t":2}})",
          R"({"type":"sample","t":2}{"t":4})", R"({"type":"sample","t":2,})"})
        expect_skipped_line_3(read_around(line), line);
}

TEST(ReadHostile, InvalidUtf8IsCorrupt) {
    expect_skipped_line_3(
        read_around("{\"type\":\"sample\",\"t\":2,\"thermal\":[{\"name\":\"cpu\xff\xfe\"}]}"),
        "invalid UTF-8 in a name");
    expect_skipped_line_3(read_around("{\"type\":\"sample\",\"t\":2,\"x\xc3\":1}"),
                          "invalid UTF-8 in a key");
}

TEST(ReadHostile, NulBytesAreCorrupt) {
    using namespace std::string_literals;
    expect_skipped_line_3(read_around("{\"type\":\"sample\",\"t\":2,\"name\":\"a\0b\"}"s),
                          "in a string");
    expect_skipped_line_3(read_around("{\"type\":\"sample\",\0\"t\":2}"s), "between tokens");
    expect_skipped_line_3(read_around(std::string(64, '\0')), "a line of NULs");
}

TEST(ReadHostile, TenMegabyteLineIsReadWhole) {
    std::string big(10 * 1024 * 1024, 'x');
    std::string line = testing::orin_sample_line(2);
    line.pop_back();
    line.insert(1, R"("padding":")" + big + R"(",)");
    Sample s = expect_read_line_3(read_around(line), "10 MB line");
    EXPECT_EQ(s.cpu.cores.size(), 12u);
    EXPECT_EQ(s.rails.size(), 4u);
}

}  // namespace
}  // namespace edgetop
