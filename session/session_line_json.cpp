#include "session/session_line_json.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "edgetop/civil_date.hpp"
#include "session/session_time.hpp"

namespace edgetop::session_line {

namespace {

// Room made at a time: a sample line of a big board is a few kilobytes.
constexpr size_t kMinRoom = 4096;
// The longest shortest form of a double ("-2.2250738585072014e-308") and ".0".
constexpr size_t kMaxRealDigits = 32;

// Bytes written as they are inside a JSON string: printable ASCII other than '"' and '\\'.
bool plain_text(std::string_view value) {
    for (char c : value) {
        auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
}

void two_digits(char* at, int value) {
    at[0] = static_cast<char>('0' + value / 10);
    at[1] = static_cast<char>('0' + value % 10);
}

}  // namespace

void LineJson::grow(size_t bytes) {
    out_.resize(end_);  // what was written so far moves with the storage
    out_.reserve(std::max({end_ + bytes, end_ + kMinRoom, out_.capacity() * 2}));
}

void LineJson::text(std::string_view value) {
    if (plain_text(value)) {
        char* at = room(value.size() + 2);
        *at++ = '"';
        std::memcpy(at, value.data(), value.size());
        at += value.size();
        *at++ = '"';
        commit(at);
        return;
    }
    // Escapes, non-ASCII and invalid UTF-8 (replaced by U+FFFD, not fatal) are rare in sensor
    // names: nlohmann's serializer handles them exactly as in the other session lines.
    piece(nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void LineJson::real(double value) {
    char* at = room(kMaxRealDigits);
    char* end = fmt::format_to(at, FMT_COMPILE("{}"), value);
    // A whole double (only from 9e15 up) keeps a fraction, so that it reads back as a double.
    if (std::find_if(at, end, [](char c) { return c == '.' || c == 'e'; }) == end) {
        *end++ = '.';
        *end++ = '0';
    }
    commit(end);
}

void LineJson::time(std::chrono::system_clock::time_point value) {
    using namespace std::chrono;
    constexpr int64_t kMsPerDay = 86400000;
    const int64_t ms = floor<milliseconds>(value.time_since_epoch()).count();
    const int64_t days = ms / kMsPerDay - (ms % kMsPerDay < 0 ? 1 : 0);
    const civil::Date date = civil::date_from_days(days);
    if (date.year < 0 || date.year > 9999) {
        text(format_rfc3339(value));
        return;
    }
    const int64_t ms_of_day = ms - days * kMsPerDay;
    const int year = static_cast<int>(date.year);
    char stamp[] = "0000-00-00T00:00:00.000Z";
    two_digits(stamp, year / 100);
    two_digits(stamp + 2, year % 100);
    two_digits(stamp + 5, static_cast<int>(date.month));
    two_digits(stamp + 8, static_cast<int>(date.day));
    two_digits(stamp + 11, static_cast<int>(ms_of_day / 3600000));
    two_digits(stamp + 14, static_cast<int>(ms_of_day / 60000 % 60));
    two_digits(stamp + 17, static_cast<int>(ms_of_day / 1000 % 60));
    const int millis = static_cast<int>(ms_of_day % 1000);
    stamp[20] = static_cast<char>('0' + millis / 100);
    two_digits(stamp + 21, millis % 100);
    text(std::string_view(stamp, sizeof stamp - 1));
}

}  // namespace edgetop::session_line
