#include "session/session_time.hpp"

#include <ctime>

#include <fmt/format.h>

namespace edgetop {

namespace {

// Reads exactly `width` digits at `pos`; advances pos.
std::optional<int> digits(std::string_view text, size_t& pos, size_t width) {
    if (pos + width > text.size()) return std::nullopt;
    int value = 0;
    for (size_t i = 0; i < width; ++i) {
        char c = text[pos + i];
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    pos += width;
    return value;
}

bool expect(std::string_view text, size_t& pos, char c) {
    if (pos >= text.size() || text[pos] != c) return false;
    ++pos;
    return true;
}

}  // namespace

std::string format_rfc3339(std::chrono::system_clock::time_point time) {
    using namespace std::chrono;
    auto ms = floor<milliseconds>(time.time_since_epoch()).count();
    std::time_t secs = static_cast<std::time_t>(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
    int frac = static_cast<int>(ms - static_cast<int64_t>(secs) * 1000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900,
                       tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, frac);
}

// Hand-written: libstdc++ 12 has no std::chrono::parse, and strptime(3) handles neither
// fractional seconds nor numeric offsets.
std::optional<std::chrono::system_clock::time_point> parse_rfc3339(std::string_view text) {
    size_t pos = 0;
    std::tm tm{};
    auto year = digits(text, pos, 4);
    if (!year || !expect(text, pos, '-')) return std::nullopt;
    auto month = digits(text, pos, 2);
    if (!month || !expect(text, pos, '-')) return std::nullopt;
    auto day = digits(text, pos, 2);
    if (!day || pos >= text.size() || (text[pos] != 'T' && text[pos] != 't')) return std::nullopt;
    ++pos;
    auto hour = digits(text, pos, 2);
    if (!hour || !expect(text, pos, ':')) return std::nullopt;
    auto minute = digits(text, pos, 2);
    if (!minute || !expect(text, pos, ':')) return std::nullopt;
    auto second = digits(text, pos, 2);
    if (!second) return std::nullopt;
    if (*month < 1 || *month > 12 || *day < 1 || *day > 31 || *hour > 23 || *minute > 59 ||
        *second > 60)
        return std::nullopt;

    int64_t nanos = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        size_t start = pos;
        int64_t scale = 100000000;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            nanos += (text[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
        if (pos == start) return std::nullopt;
    }

    int offset_min = 0;
    if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
        ++pos;
    } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        int sign = text[pos] == '-' ? -1 : 1;
        ++pos;
        auto oh = digits(text, pos, 2);
        if (!oh || !expect(text, pos, ':')) return std::nullopt;
        auto om = digits(text, pos, 2);
        if (!om) return std::nullopt;
        offset_min = sign * (*oh * 60 + *om);
    } else {
        return std::nullopt;
    }
    if (pos != text.size()) return std::nullopt;

    tm.tm_year = *year - 1900;
    tm.tm_mon = *month - 1;
    tm.tm_mday = *day;
    tm.tm_hour = *hour;
    tm.tm_min = *minute;
    tm.tm_sec = *second;
    std::time_t secs = timegm(&tm);
    using namespace std::chrono;
    // A time_point counts nanoseconds in 64 bits: 1677-09-21 to 2262-04-11. Outside that (less a
    // week for the offset and the fraction) the conversion would overflow: no time, not a wrong
    // one.
    constexpr int64_t kLimitS =
        duration_cast<seconds>(system_clock::duration::max()).count() - int64_t{7} * 24 * 3600;
    if (secs < -kLimitS || secs > kLimitS) return std::nullopt;
    auto since_epoch = seconds(secs) - minutes(offset_min) + nanoseconds(nanos);
    return system_clock::time_point(duration_cast<system_clock::duration>(since_epoch));
}

}  // namespace edgetop
