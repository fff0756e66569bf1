// The fields of one line of a procfs counter table, scanned by hand: /proc/diskstats and
// /proc/net/dev hold hundreds of short numbers per sample, and the generic string_view searches
// (find_first_of per token, then from_chars) cost several times the read itself.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace edgetop {

class FieldScanner {
  public:
    explicit FieldScanner(std::string_view line)
        : at_(line.data()), end_(line.data() + line.size()) {}

    // The next blank-separated field as text; empty at the end of the line.
    std::string_view word() {
        skip_blanks();
        const char* start = at_;
        while (at_ < end_ && !is_blank(*at_))
            ++at_;
        return {start, static_cast<std::size_t>(at_ - start)};
    }

    // The next field as an unsigned decimal counter; nullopt when there is none, or it is not
    // digits only ("-1", "12x"), or it does not fit 64 bits.
    std::optional<uint64_t> counter() {
        skip_blanks();
        if (at_ == end_ || !is_digit(*at_)) return std::nullopt;
        uint64_t value = 0;
        for (; at_ < end_ && is_digit(*at_); ++at_) {
            const auto digit = static_cast<uint64_t>(*at_ - '0');
            if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
            value = value * 10 + digit;
        }
        if (at_ < end_ && !is_blank(*at_)) return std::nullopt;
        return value;
    }

    // The next out.size() fields as counters; false (out partly written) when any is missing or
    // not a counter, so a short or garbled line is skipped whole.
    bool counters(std::span<uint64_t> out) {
        for (auto& value : out) {
            auto next = counter();
            if (!next) return false;
            value = *next;
        }
        return true;
    }

  private:
    static bool is_blank(char c) { return c == ' ' || c == '\t'; }
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    void skip_blanks() {
        while (at_ < end_ && is_blank(*at_))
            ++at_;
    }

    const char* at_;
    const char* end_;
};

}  // namespace edgetop
