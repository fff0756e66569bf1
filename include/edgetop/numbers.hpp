// Locale-independent conversions between doubles and text. std::from_chars and std::to_chars for
// floating point arrived in GCC 11's libstdc++; GCC 10 (Debian 11, Ubuntu 20.04) has only the
// integer overloads. These functions use std:: where the library has it and otherwise strtod_l /
// snprintf under a "C" locale object (never plain strtod: the view calls setlocale, and a locale
// with a decimal comma must not change what a file means). The fallbacks are always compiled so
// that tests compare them with std:: on every build that has both.
#pragma once

#include <string>
#include <string_view>
#include <system_error>

namespace edgetop::numbers {

enum class Format { general, fixed };  // fixed: no exponent, as std::chars_format::fixed

struct ParseResult {
    const char* ptr;  // one past the last character of the number (first when none)
    std::errc ec;     // invalid_argument (no number), result_out_of_range, or {}
};

// As std::from_chars(first, last, value, format): no leading space or '+', "inf"/"nan" accepted,
// value untouched on error.
ParseResult from_chars(const char* first, const char* last, double& value,
                       Format format = Format::general);

// The whole of text as a double (nothing before or after it); false otherwise.
bool parse_whole(std::string_view text, double& value);

// The shortest text that reads back as value, as std::to_chars(first, last, value): fixed or
// scientific notation, whichever is shorter ("0.1", "1e+20", "123456789012345680", "-0", "inf").
// Returns one past the last character written; buffers of 32 characters always suffice.
char* to_chars(char* first, char* last, double value);
void append_shortest(std::string& out, double value);

// printf's "%.<precision>g" in the C locale.
void append_general(std::string& out, double value, int precision);

namespace fallback {
ParseResult from_chars(const char* first, const char* last, double& value, Format format);
char* to_chars(char* first, char* last, double value);
}  // namespace fallback

}  // namespace edgetop::numbers
