// The pieces of the direct line writer against the JSON-value helpers used for the other lines:
// rounding of measured values and times, and the raw-line path of SessionWriter.
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "session/orin_sample.hpp"
#include "session/pipe_text.hpp"
#include "session/session_json_values.hpp"
#include "session/session_line_json.hpp"
#include "session/session_writer.hpp"
#include "support/sample_json.hpp"

namespace edgetop {
namespace {

using nlohmann::ordered_json;

std::string measured_text(double value) {
    fmt::memory_buffer out;
    {
        session_line::LineJson j(out);
        j.measured(value);
    }
    return fmt::to_string(out);
}

// Values over every magnitude, both signs, and the edges of the rounding: powers of ten and
// their neighbours, halves, the integer limit of the format (9e15).
std::vector<double> awkward_values() {
    std::vector<double> values = {0.0,
                                  -0.0,
                                  0.5,
                                  1.5,
                                  2.5,
                                  -2.5,
                                  0.05,
                                  33.333333333333336,
                                  52.625,
                                  31.372549019607842,
                                  4521.4567,
                                  999999.95,
                                  9999999.5,
                                  1234567.891,
                                  9.0e15,
                                  8999999999999999.0,
                                  9.5e15,
                                  1e16,
                                  1e22,
                                  1e23,
                                  1.7976931348623157e308,
                                  2.2250738585072014e-308,
                                  5e-324,
                                  1e-300,
                                  0.1 + 0.2};
    for (int exponent = -30; exponent <= 30; ++exponent) {
        double p = std::pow(10.0, exponent);
        for (double v : {p, std::nextafter(p, 0.0), std::nextafter(p, 1e300), p * 1.2345678901,
                         p * 9.99999951, p * 3.14159265358979})
            values.push_back(v);
    }
    std::vector<double> both;
    for (double v : values) {
        both.push_back(v);
        both.push_back(-v);
    }
    return both;
}

TEST(LineJsonWrite, MeasuredValuesAreRoundedAsTheJsonHelper) {
    for (double v : awkward_values()) {
        std::string text = measured_text(v);
        auto parsed = ordered_json::parse(text, nullptr, false);
        ASSERT_FALSE(parsed.is_discarded()) << text;
        // The text written is what counts (the dump of the parsed value tells an integer from a
        // double): for the smallest values the JSON helper's rounding overflows to NaN, which
        // nlohmann writes as null.
        EXPECT_EQ(parsed.dump(), session_json::rounded(v).dump()) << v << " written " << text;
    }
}

TEST(LineJsonWrite, DecimalsAreRoundedAsTheJsonHelper) {
    for (double v : awkward_values()) {
        for (int decimals : {0, 3, 6}) {
            fmt::memory_buffer out;
            {
                session_line::LineJson j(out);
                j.decimals(v, decimals);
            }
            EXPECT_EQ(ordered_json::parse(fmt::to_string(out)).dump(),
                      session_json::rounded_decimals(v, decimals).dump())
                << v << " to " << decimals << " decimals";
        }
    }
}

TEST(LineJsonWrite, TablePowersOfTenAreThoseOfPow) {
    for (int n = -5; n <= 40; ++n)
        EXPECT_EQ(session_line::power_of_ten(n), std::pow(10.0, n)) << n;
}

TEST(LineJsonWrite, WritesTheCommasWhereTheCallerPlacesThem) {
    fmt::memory_buffer out;
    {
        session_line::LineJson j(out);
        j.begin_object();
        j.first("a").begin_array();
        j.integer(1);
        j.comma();
        j.null();
        j.comma();
        j.begin_object();
        j.end_object();
        j.comma();
        j.begin_array();
        j.end_array();
        j.comma();
        j.boolean(false);
        j.end_array();
        j.next("b").text("x");
        j.next("c").optional(std::optional<int64_t>());
        j.end_object();
    }
    EXPECT_EQ(fmt::to_string(out), R"({"a":[1,null,{},[],false],"b":"x","c":null})");
}

TEST(LineJsonWrite, LongLinesGrowTheString) {
    std::string name(10000, 'n');
    fmt::memory_buffer out;
    {
        session_line::LineJson j(out);
        j.begin_array();
        for (int i = 0; i < 50; ++i) {
            if (i > 0) j.comma();
            j.text(name);
        }
        j.end_array();
    }
    EXPECT_EQ(out.size(), 2 + 50 * (name.size() + 2) + 49);
    EXPECT_EQ(ordered_json::parse(fmt::to_string(out)).size(), 50u);
}

TEST(SessionWriterWrite, SerializedLinesAndSamplesAreWrittenWholeWithTheirNewline) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    SessionWriter writer(fds[1]);
    Sample s = testing::orin_sample();
    EXPECT_TRUE(writer.write_serialized_line(R"({"type":"header"})"));
    EXPECT_TRUE(writer.write_sample(s));
    EXPECT_TRUE(writer.write_sample(s));
    EXPECT_TRUE(writer.write_line({{"type", "end"}}));
    EXPECT_EQ(writer.lines(), 4u);
    ::close(fds[1]);
    std::string sample_line = sample_to_json(s).dump();
    EXPECT_EQ(testing::read_until_eof(fds[0]), "{\"type\":\"header\"}\n" + sample_line + "\n" +
                                                   sample_line + "\n{\"type\":\"end\"}\n");
    ::close(fds[0]);
}

TEST(SessionWriterWrite, SerializedLinesStopAfterTheFirstFailure) {
    int fd = ::open("/dev/full", O_WRONLY | O_CLOEXEC);
    if (fd < 0) GTEST_SKIP() << "no /dev/full";
    SessionWriter writer(fd);
    EXPECT_FALSE(writer.write_sample(testing::orin_sample()));
    EXPECT_EQ(writer.error(), ENOSPC);
    EXPECT_FALSE(writer.left_partial_line());
    EXPECT_FALSE(writer.write_serialized_line(R"({"type":"sample"})"));
    EXPECT_EQ(writer.lines(), 0u);
    ::close(fd);
}

TEST(SessionWriterWrite, ACutSampleLineIsReportedAsPartialAndNothingFollowsIt) {
    int fds[2];
    ASSERT_EQ(pipe2(fds, O_NONBLOCK), 0);
    const int capacity = fcntl(fds[1], F_SETPIPE_SZ, 4096);
    ASSERT_GT(capacity, 0);
    Sample s = testing::orin_sample();
    s.thermal.assign(200, ThermalSample{"soc-thermal-zone", 45.5});  // longer than the pipe
    SessionWriter writer(fds[1]);
    EXPECT_FALSE(writer.write_sample(s));
    EXPECT_EQ(writer.error(), EAGAIN);
    EXPECT_TRUE(writer.left_partial_line());
    EXPECT_FALSE(writer.write_closing_line({{"type", "end"}}));  // would follow a cut line
    EXPECT_EQ(writer.lines(), 0u);
    std::string text = testing::read_until_eof(fds[0]);
    EXPECT_EQ(text.size(), static_cast<size_t>(capacity));
    EXPECT_EQ(text, sample_to_json(s).dump().substr(0, text.size()));
    ::close(fds[0]);
    ::close(fds[1]);
}

}  // namespace
}  // namespace edgetop
