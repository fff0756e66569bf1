// Dates to day counts and back, against the C library's timegm/gmtime_r over 800 years of days
// and at the edges (leap days, centuries, before 1970).
#include "edgetop/civil_date.hpp"

#include <gtest/gtest.h>

#include <ctime>

namespace edgetop::civil {
namespace {

TEST(CivilDate, KnownDays) {
    EXPECT_EQ(days_from_date({1970, 1, 1}), 0);
    EXPECT_EQ(days_from_date({1969, 12, 31}), -1);
    EXPECT_EQ(days_from_date({2000, 3, 1}), 11017);
    EXPECT_EQ(days_from_date({2025, 6, 25}), 20264);
    EXPECT_TRUE(is_valid({2024, 2, 29}));
    EXPECT_FALSE(is_valid({2025, 2, 29}));
    EXPECT_FALSE(is_valid({1900, 2, 29}));
    EXPECT_TRUE(is_valid({2000, 2, 29}));
    EXPECT_FALSE(is_valid({2025, 13, 1}));
    EXPECT_FALSE(is_valid({2025, 4, 31}));
    EXPECT_FALSE(is_valid({2025, 0, 1}));
    EXPECT_FALSE(is_valid({2025, 1, 0}));
}

TEST(CivilDate, AgreesWithTheCLibraryEveryDayFrom1800To2600) {
    const int64_t first = days_from_date({1800, 1, 1});
    const int64_t last = days_from_date({2600, 1, 1});
    ASSERT_LT(first, 0);
    for (int64_t days = first; days < last; ++days) {
        std::time_t seconds = static_cast<std::time_t>(days * 86400);
        std::tm tm{};
        ASSERT_NE(gmtime_r(&seconds, &tm), nullptr);
        Date date = date_from_days(days);
        ASSERT_EQ(date.year, tm.tm_year + 1900) << days;
        ASSERT_EQ(date.month, static_cast<unsigned>(tm.tm_mon + 1)) << days;
        ASSERT_EQ(date.day, static_cast<unsigned>(tm.tm_mday)) << days;
        ASSERT_EQ(days_from_date(date), days);
        ASSERT_TRUE(is_valid(date));
    }
}

}  // namespace
}  // namespace edgetop::civil
