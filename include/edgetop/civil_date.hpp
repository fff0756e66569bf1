// Proleptic Gregorian dates to and from a count of days since 1970-01-01. C++20's
// std::chrono::year_month_day and hh_mm_ss arrived in GCC 11's libstdc++; GCC 10 (Debian 11,
// Ubuntu 20.04) has neither, so the conversion is done here, by the well-known days-from-civil
// arithmetic over 400-year eras (146097 days each, March-based years so that the leap day ends
// the year).
#pragma once

#include <cstdint>

namespace edgetop::civil {

struct Date {
    int64_t year = 1970;
    unsigned month = 1;  // 1..12
    unsigned day = 1;    // 1..31
};

constexpr bool is_leap(int64_t year) {
    return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

constexpr unsigned days_in_month(int64_t year, unsigned month) {
    constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && is_leap(year) ? 29 : kDays[month - 1];
}

constexpr bool is_valid(const Date& date) {
    return date.month >= 1 && date.month <= 12 && date.day >= 1 &&
           date.day <= days_in_month(date.year, date.month);
}

// Days from 1970-01-01 to date (negative before it).
constexpr int64_t days_from_date(const Date& date) {
    const int64_t y = date.year - (date.month <= 2 ? 1 : 0);
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t year_of_era = y - era * 400;                                          // 0..399
    const int64_t month_from_march = date.month > 2 ? date.month - 3 : date.month + 9;  // 0..11
    const int64_t day_of_year = (153 * month_from_march + 2) / 5 + date.day - 1;        // 0..365
    const int64_t day_of_era =
        year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;  // 0..146096
    return era * 146097 + day_of_era - 719468;  // 719468: days from 0000-03-01 to 1970-01-01
}

// The date `days` after 1970-01-01.
constexpr Date date_from_days(int64_t days) {
    days += 719468;
    const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const int64_t day_of_era = days - era * 146097;
    const int64_t year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const int64_t day_of_year =
        day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const int64_t month_from_march = (5 * day_of_year + 2) / 153;
    Date date;
    date.day = static_cast<unsigned>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
    date.month =
        static_cast<unsigned>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
    date.year = year_of_era + era * 400 + (date.month <= 2 ? 1 : 0);
    return date;
}

}  // namespace edgetop::civil
