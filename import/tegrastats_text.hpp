// Small text helpers for the tegrastats parser: a space tokenizer over a string_view and exact
// number conversions (std::from_chars, whole token or nothing). Nothing here allocates.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace edgetop::tegrastats {

// Splits a line on spaces and tabs; each token is a view into the line.
class Tokenizer {
  public:
    explicit Tokenizer(std::string_view line) : rest_(line) { advance(); }
    // The next token, or an empty view at the end of the line.
    std::string_view next() {
        std::string_view token = next_;
        advance();
        return token;
    }
    std::string_view peek() const { return next_; }
    bool done() const { return next_.empty(); }

  private:
    void advance();
    std::string_view rest_;  // after next_
    std::string_view next_;
};

// A non-negative integer that is the whole of text ("1300"); nullopt otherwise.
std::optional<int64_t> to_uint(std::string_view text);
// A decimal number that is the whole of text ("52.625", "-256"); nullopt otherwise.
std::optional<double> to_double(std::string_view text);
// value * factor, or nullopt when it would overflow int64.
std::optional<int64_t> scaled(int64_t value, int64_t factor);
// Removes suffix from text when text ends with it.
bool strip_suffix(std::string_view& text, std::string_view suffix);
bool strip_prefix(std::string_view& text, std::string_view prefix);
// Splits text at the first separator: "a/b" -> "a", "b". False when the separator is absent.
bool split_once(std::string_view text, char separator, std::string_view& left,
                std::string_view& right);
// A percentage "37%" (the whole token), as a number.
std::optional<double> to_percent(std::string_view text);

}  // namespace edgetop::tegrastats
