#include "import/tegrastats/tegrastats_stamp.hpp"

#include "edgetop/civil_date.hpp"
#include "import/tegrastats/tegrastats_text.hpp"

namespace edgetop::tegrastats {
namespace {

using namespace std::chrono;

// Times past 2100 are not a real capture, and system_clock's nanoseconds end in 2262.
constexpr int64_t kLastSecond = 4'102'444'800;  // 2100-01-01 00:00:00 UTC
constexpr int64_t kLastYear = 2099;

// "1750866197.2428074::" (jetson recorders that prefix each tegrastats line with time.time()).
bool strip_epoch(std::string_view& line, LineStamp& stamp) {
    // Digits and dots up to "::", or not a stamp (the line is left as it is).
    size_t end = 0;
    while (end < line.size() && (is_digit(line[end]) || line[end] == '.'))
        ++end;
    if (end == 0 || !is_digit(line.front()) || line.substr(end, 2) != "::") return true;
    std::string_view text = line.substr(0, end);
    std::string_view whole = text, fraction;
    split_once(text, '.', whole, fraction);
    auto seconds = to_uint(whole);
    if (!seconds || *seconds > kLastSecond || fraction.find('.') != std::string_view::npos) {
        return false;
    }
    int64_t nanos = 0;
    int64_t digit_weight = 100'000'000;
    for (char c : fraction.substr(0, 9)) {
        nanos += (c - '0') * digit_weight;
        digit_weight /= 10;
    }
    stamp.epoch = system_clock::time_point(
        duration_cast<system_clock::duration>(std::chrono::seconds(*seconds) + nanoseconds(nanos)));
    line.remove_prefix(end + 2);
    return true;
}

std::optional<int64_t> field(std::string_view text, size_t at, size_t length) {
    return to_uint(text.substr(at, length));
}

// "06-25-2025 09:43:17 " as printed by tegrastats (month-day-year, 24-hour, local time).
bool strip_date(std::string_view& line, LineStamp& stamp) {
    constexpr size_t kLength = 19;  // "MM-DD-YYYY HH:MM:SS"
    if (line.size() < kLength || line[2] != '-' || line[5] != '-' || line[10] != ' ' ||
        line[13] != ':' || line[16] != ':' || !is_digit(line[0])) {
        return true;
    }
    auto month = field(line, 0, 2), day = field(line, 3, 2), year = field(line, 6, 4);
    auto hour = field(line, 11, 2), minute = field(line, 14, 2), second = field(line, 17, 2);
    if (!month || !day || !year || !hour || !minute || !second) return false;
    civil::Date date{*year, static_cast<unsigned>(*month), static_cast<unsigned>(*day)};
    // 60 allows a leap second as the clock may print it.
    if (!civil::is_valid(date) || *year < 1970 || *year > kLastYear || *hour > 23 || *minute > 59 ||
        *second > 60)
        return false;
    stamp.local = time_point<system_clock, seconds>(hours(24 * civil::days_from_date(date))) +
                  hours(*hour) + minutes(*minute) + seconds(*second);
    line.remove_prefix(kLength);
    return true;
}

}  // namespace

bool strip_stamps(std::string_view& line, LineStamp& stamp) {
    return strip_epoch(line, stamp) && strip_date(line, stamp);
}

}  // namespace edgetop::tegrastats
