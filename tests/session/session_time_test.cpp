#include <gtest/gtest.h>

#include "session/session_time.hpp"

namespace edgetop {
namespace {

using std::chrono::milliseconds;
using std::chrono::system_clock;

system_clock::time_point at_ms(int64_t ms) {
    return system_clock::time_point(milliseconds(ms));
}

TEST(SessionTime, FormatsUtcWithMilliseconds) {
    EXPECT_EQ(format_rfc3339(at_ms(1750866197243)), "2025-06-25T15:43:17.243Z");
    EXPECT_EQ(format_rfc3339(at_ms(0)), "1970-01-01T00:00:00.000Z");
    EXPECT_EQ(format_rfc3339(at_ms(1709251199999)), "2024-02-29T23:59:59.999Z");
}

TEST(SessionTime, ParsesWhatItFormats) {
    auto t = at_ms(1750866197243);
    EXPECT_EQ(parse_rfc3339(format_rfc3339(t)), t);
}

TEST(SessionTime, ParsesOffsetsAndOtherFractionLengths) {
    EXPECT_EQ(parse_rfc3339("2025-06-25T17:43:17.243+02:00"), at_ms(1750866197243));
    EXPECT_EQ(parse_rfc3339("2025-06-25T15:43:17Z"), at_ms(1750866197000));
    EXPECT_EQ(parse_rfc3339("2025-06-25T15:43:17.2Z"), at_ms(1750866197200));
    auto micro = parse_rfc3339("2025-06-25T15:43:17.243512Z");
    ASSERT_TRUE(micro);
    EXPECT_EQ(
        std::chrono::duration_cast<std::chrono::microseconds>(micro->time_since_epoch()).count(),
        1750866197243512);
    EXPECT_EQ(parse_rfc3339("2025-06-25T10:13:17.243-05:30"), at_ms(1750866197243));
}

TEST(SessionTime, RejectsAnythingElse) {
    for (const char* bad : {"", "2025-06-25", "2025-06-25 15:43:17Z", "2025-06-25T15:43:17",
                            "2025-13-25T15:43:17Z", "2025-06-25T25:43:17Z", "2025-06-25T15:43:17.Z",
                            "2025-06-25T15:43:17Zjunk", "yesterday", "2025-06-25T15:43:17+0200"})
        EXPECT_FALSE(parse_rfc3339(bad)) << bad;
}

// A time_point holds nanoseconds in 64 bits (1677-09-21 to 2262-04-11): outside that range the
// conversion overflowed (undefined behaviour, caught by UBSan); now there is no time.
TEST(SessionTime, YearsATimePointCannotHoldAreRejectedNotWrapped) {
    for (const char* far : {"1600-01-01T00:00:00Z", "1677-01-01T00:00:00Z", "2263-01-01T00:00:00Z",
                            "9999-12-31T23:59:59.999999999+23:59", "0000-01-01T00:00:00Z"})
        EXPECT_FALSE(parse_rfc3339(far)) << far;
    for (const char* near : {"1678-06-01T00:00:00Z", "2262-01-01T00:00:00Z"}) {
        auto t = parse_rfc3339(near);
        ASSERT_TRUE(t) << near;
        EXPECT_EQ(format_rfc3339(*t).substr(0, 10), std::string(near).substr(0, 10));
    }
}

}  // namespace
}  // namespace edgetop
