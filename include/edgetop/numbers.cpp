#include "edgetop/numbers.hpp"

#include <locale.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <version>

namespace edgetop::numbers {

namespace {

// One "C" locale object for the life of the program (newlocale is not cheap; the object is
// immutable, so every thread may share it).
locale_t c_locale() {
    static const locale_t locale = newlocale(LC_ALL_MASK, "C", locale_t{});
    return locale;
}

// Runs snprintf with the calling thread switched to the "C" locale (glibc has no snprintf_l).
template <typename... Args>
int c_snprintf(char* buffer, std::size_t size, const char* format, Args... args) {
    locale_t previous = uselocale(c_locale());
    int n = std::snprintf(buffer, size, format, args...);
    uselocale(previous);
    return n;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool starts_with_ignoring_case(const char* at, const char* last, const char* word) {
    for (; *word; ++word, ++at) {
        if (at == last || (*at | 0x20) != *word) return false;
    }
    return true;
}

}  // namespace

namespace fallback {

ParseResult from_chars(const char* first, const char* last, double& value, Format format) {
    // strtod accepts more than from_chars does (leading blanks, '+', hexadecimal, an exponent in
    // fixed format), so the number's extent is checked here first and only that much is handed
    // to strtod_l.
    const char* at = first;
    if (at != last && *at == '-') ++at;
    const char* end = at;
    if (starts_with_ignoring_case(at, last, "inf") || starts_with_ignoring_case(at, last, "nan")) {
        end = last;  // strtod_l finds the end of "infinity" or "nan(...)" itself
    } else {
        const char* digits = end;
        while (end != last && is_digit(*end))
            ++end;
        bool any = end != digits;
        if (end != last && *end == '.') {
            const char* fraction = ++end;
            while (end != last && is_digit(*end))
                ++end;
            any = any || end != fraction;
            if (!any) end = fraction - 1;
        }
        if (!any) return {first, std::errc::invalid_argument};
        if (format == Format::general && end != last && (*end == 'e' || *end == 'E')) {
            const char* exponent = end + 1;
            if (exponent != last && (*exponent == '+' || *exponent == '-')) ++exponent;
            const char* exponent_digits = exponent;
            while (exponent != last && is_digit(*exponent))
                ++exponent;
            if (exponent != exponent_digits) end = exponent;
        }
    }
    std::string text(first, end);
    char* parsed_end = nullptr;
    errno = 0;
    double parsed = strtod_l(text.c_str(), &parsed_end, c_locale());
    if (parsed_end == text.c_str()) return {first, std::errc::invalid_argument};
    const char* ptr = first + (parsed_end - text.c_str());
    // ERANGE also flags results that are merely subnormal; from_chars refuses only overflow and
    // underflow to zero.
    if (errno == ERANGE && (std::isinf(parsed) || parsed == 0.0))
        return {ptr, std::errc::result_out_of_range};
    value = parsed;
    return {ptr, std::errc()};
}

char* to_chars(char* first, char* last, double value) {
    char text[40];
    if (std::isnan(value)) {
        std::strcpy(text, std::signbit(value) ? "-nan" : "nan");
    } else if (std::isinf(value)) {
        std::strcpy(text, value < 0 ? "-inf" : "inf");
    } else if (value == 0.0) {
        std::strcpy(text, std::signbit(value) ? "-0" : "0");
    } else {
        // The fewest significant digits that read back as the same double, written once in
        // scientific and once in fixed notation; the shorter wins, fixed on a tie (the rule
        // of std::to_chars without a format).
        char scientific[40];
        int precision = 0;
        for (; precision < 17; ++precision) {
            c_snprintf(scientific, sizeof scientific, "%.*e", precision, value);
            if (strtod_l(scientific, nullptr, c_locale()) == value) break;
        }
        const char* mantissa = scientific;
        std::string sign;
        if (*mantissa == '-') {
            sign = "-";
            ++mantissa;
        }
        std::string digits;
        const char* e = std::strchr(mantissa, 'e');
        for (const char* c = mantissa; c != e; ++c)
            if (is_digit(*c)) digits += *c;
        int exponent = std::atoi(e + 1);
        int count = static_cast<int>(digits.size());
        std::string fixed = sign;
        if (exponent >= count - 1) {
            // A whole number: std::to_chars writes all its digits exactly (as "%.0f"), not the
            // shortest digits padded with zeros; the length is the same.
            char whole[400];
            c_snprintf(whole, sizeof whole, "%.0f", value);
            fixed = whole;
        } else if (exponent >= 0) {
            fixed += digits.substr(0, static_cast<std::size_t>(exponent + 1));
            fixed += '.';
            fixed += digits.substr(static_cast<std::size_t>(exponent + 1));
        } else {
            fixed += "0.";
            fixed.append(static_cast<std::size_t>(-exponent - 1), '0');
            fixed += digits;
        }
        if (fixed.size() <= std::strlen(scientific)) {
            std::strcpy(text, fixed.c_str());
        } else {
            std::strcpy(text, scientific);
        }
    }
    std::size_t length = std::strlen(text);
    if (static_cast<std::size_t>(last - first) < length) return last;
    std::memcpy(first, text, length);
    return first + length;
}

}  // namespace fallback

ParseResult from_chars(const char* first, const char* last, double& value, Format format) {
#if defined(__cpp_lib_to_chars)
    auto [ptr, ec] = std::from_chars(
        first, last, value,
        format == Format::fixed ? std::chars_format::fixed : std::chars_format::general);
    return {ptr, ec};
#else
    return fallback::from_chars(first, last, value, format);
#endif
}

bool parse_whole(std::string_view text, double& value) {
    double parsed = 0;
    auto [ptr, ec] = from_chars(text.data(), text.data() + text.size(), parsed);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return false;
    value = parsed;
    return true;
}

char* to_chars(char* first, char* last, double value) {
#if defined(__cpp_lib_to_chars)
    return std::to_chars(first, last, value).ptr;
#else
    return fallback::to_chars(first, last, value);
#endif
}

void append_shortest(std::string& out, double value) {
    char buffer[40];
    out.append(buffer, to_chars(buffer, buffer + sizeof buffer, value));
}

void append_general(std::string& out, double value, int precision) {
    char buffer[64];
    int n = c_snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (n > 0) out.append(buffer, static_cast<std::size_t>(std::min<int>(n, sizeof buffer - 1)));
}

}  // namespace edgetop::numbers
