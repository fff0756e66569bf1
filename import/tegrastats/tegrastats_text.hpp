// Small text helpers for the tegrastats parser: a space tokenizer over a string_view and exact
// number conversions (whole token or nothing). Nothing here allocates. They run a few dozen times
// per line, so they are inline and scan the few bytes of a token themselves: a call into memchr
// or std::from_chars costs more than the scan of a short token.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace edgetop::tegrastats {

inline bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Splits a line on spaces and tabs; each token is a view into the line.
class Tokenizer {
  public:
    explicit Tokenizer(std::string_view line)
        : rest_(line.data()), end_(line.data() + line.size()) {
        advance();
    }
    // The next token, or an empty view at the end of the line.
    std::string_view next() {
        std::string_view token = next_;
        advance();
        return token;
    }
    std::string_view peek() const { return next_; }
    bool done() const { return next_.empty(); }

  private:
    static bool is_blank(char c) { return c == ' ' || c == '\t'; }
    void advance() {
        const char* at = rest_;
        while (at != end_ && is_blank(*at))
            ++at;
        const char* begin = at;
        at = token_end(at);
        next_ = std::string_view(begin, static_cast<size_t>(at - begin));
        rest_ = at;
    }
    // The first blank at or after at, or end_. Eight bytes at a time where they are there: the
    // scan over every byte of the line is the larger part of the parsing.
    const char* token_end(const char* at) const {
        if constexpr (std::endian::native == std::endian::little) {
            constexpr uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
            while (end_ - at >= 8) {
                uint64_t word;
                std::memcpy(&word, at, 8);
                // The high bit of each byte that is a space or a tab (exact up to the first one,
                // which is all that is used).
                const uint64_t space = word ^ (kOnes * ' '), tab = word ^ (kOnes * '\t');
                const uint64_t blanks =
                    ((space - kOnes) & ~space & kHighs) | ((tab - kOnes) & ~tab & kHighs);
                if (blanks != 0) return at + std::countr_zero(blanks) / 8;
                at += 8;
            }
        }
        while (at != end_ && !is_blank(*at))
            ++at;
        return at;
    }

    const char* rest_;  // after next_
    const char* end_;
    std::string_view next_;
};

// Where c first is in text, or npos.
inline size_t find_char(std::string_view text, char c) {
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == c) return i;
    return std::string_view::npos;
}

std::optional<int64_t> to_uint_slow(std::string_view text);
std::optional<double> to_double_slow(std::string_view text);

// A non-negative integer that is the whole of text ("1300"); nullopt otherwise (also past
// INT64_MAX).
inline std::optional<int64_t> to_uint(std::string_view text) {
    // Up to 18 digits cannot pass INT64_MAX; longer runs of digits take the checked path.
    if (text.empty() || text.size() > 18) return to_uint_slow(text);
    int64_t value = 0;
    for (char c : text) {
        if (!is_digit(c)) return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

// A decimal number that is the whole of text ("52.625", "-256"); nullopt otherwise. The value is
// the correctly rounded one, as std::from_chars gives.
inline std::optional<double> to_double(std::string_view text) {
    // Clinger's fast path: "-ddd.ddd" with at most 15 digits is an integer below 2^53 over an exact
    // power of ten, and one IEEE division rounds that quotient correctly. Anything else (more
    // digits, exponents, "inf") goes to std::from_chars.
    static constexpr double kPowers[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    const char* at = text.data();
    const char* end = at + text.size();
    const bool negative = at != end && *at == '-';
    if (negative) ++at;
    uint64_t mantissa = 0;
    int digits = 0, decimals = 0;
    for (; at != end && is_digit(*at); ++at, ++digits)
        mantissa = mantissa * 10 + static_cast<uint64_t>(*at - '0');
    bool plain = digits > 0;
    if (plain && at != end && *at == '.') {
        ++at;
        for (; at != end && is_digit(*at); ++at, ++decimals)
            mantissa = mantissa * 10 + static_cast<uint64_t>(*at - '0');
        plain = decimals > 0;
        digits += decimals;
    }
    if (!plain || at != end || digits > 15) return to_double_slow(text);
    const double value = static_cast<double>(mantissa) / kPowers[decimals];
    return negative ? -value : value;
}

// value * factor, or nullopt when it would overflow int64.
inline std::optional<int64_t> scaled(int64_t value, int64_t factor) {
    if (factor != 0 && value > INT64_MAX / factor) return std::nullopt;
    return value * factor;
}

// Removes suffix from text when text ends with it.
inline bool strip_suffix(std::string_view& text, std::string_view suffix) {
    if (!text.ends_with(suffix)) return false;
    text.remove_suffix(suffix.size());
    return true;
}
inline bool strip_prefix(std::string_view& text, std::string_view prefix) {
    if (!text.starts_with(prefix)) return false;
    text.remove_prefix(prefix.size());
    return true;
}
// Splits text at the first separator: "a/b" -> "a", "b". False when the separator is absent.
inline bool split_once(std::string_view text, char separator, std::string_view& left,
                       std::string_view& right) {
    size_t at = find_char(text, separator);
    if (at == std::string_view::npos) return false;
    left = text.substr(0, at);
    right = text.substr(at + 1);
    return true;
}
// A percentage "37%" (the whole token), as a number.
inline std::optional<double> to_percent(std::string_view text) {
    if (!strip_suffix(text, "%") || text.empty() || !is_digit(text.front())) return std::nullopt;
    return to_double(text);
}

}  // namespace edgetop::tegrastats
