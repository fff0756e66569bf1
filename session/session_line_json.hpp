// Appends one JSON line to a reused string, value by value, without building a JSON document:
// what session lines written many times a second (samples) need. Keys are the format's own
// constant names and are written as they are; strings are escaped as JSON; measured doubles are
// rounded as session_json::rounded does and written in their shortest round-trip form; a value
// that is absent or not finite is null.
//
// The caller places the commas: first() for an object's first key, next() for the others
// (",\"key\":" in one piece), comma() between array elements. The small pieces are copied
// through a raw pointer into room reserved ahead in the buffer (fmt's memory buffer, which grows
// without zero-filling): appending them one by one, or tracking commas per value, costs more than
// everything else.
#pragma once

#include <fmt/compile.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "session/session_line_rounding.hpp"

namespace edgetop::session_line {

class LineJson {
  public:
    // Appends to out. out holds the whole text once the LineJson is destroyed.
    explicit LineJson(fmt::memory_buffer& out) : out_(out), end_(out.size()) {}
    ~LineJson() { out_.resize(end_); }
    LineJson(const LineJson&) = delete;
    LineJson& operator=(const LineJson&) = delete;

    void begin_object() { piece("{"); }
    void end_object() { piece("}"); }
    void begin_array() { piece("["); }
    void end_array() { piece("]"); }
    void comma() { piece(","); }
    // `"name":` for an object's first member, `,"name":` for the next ones. name needs no
    // escaping.
    [[gnu::always_inline]] LineJson& first(std::string_view name) {
        char* at = room(name.size() + 3);
        *at++ = '"';
        std::memcpy(at, name.data(), name.size());
        at += name.size();
        *at++ = '"';
        *at++ = ':';
        commit(at);
        return *this;
    }
    [[gnu::always_inline]] LineJson& next(std::string_view name) {
        *room(1) = ',';
        ++end_;
        return first(name);
    }

    [[gnu::always_inline]] void null() { piece("null"); }
    [[gnu::always_inline]] void boolean(bool value) { value ? piece("true") : piece("false"); }
    [[gnu::always_inline]] void integer(int64_t value) {
        commit(fmt::format_to(room(kMaxIntegerDigits), FMT_COMPILE("{}"), value));
    }
    void text(std::string_view value);
    // A measured value rounded to session_json::kSignificantDigits.
    [[gnu::always_inline]] void measured(std::optional<double> value) {
        number(round_significant(value));
    }
    // A value rounded to a fixed number of decimals (the session time t).
    void decimals(std::optional<double> value, int count) { number(round_decimals(value, count)); }
    // RFC 3339 UTC with milliseconds, as format_rfc3339.
    void time(std::chrono::system_clock::time_point value);

    [[gnu::always_inline]] void optional(const std::optional<bool>& value) {
        value ? boolean(*value) : null();
    }
    [[gnu::always_inline]] void optional(const std::optional<int64_t>& value) {
        value ? integer(*value) : null();
    }
    [[gnu::always_inline]] void optional(const std::optional<int>& value) {
        value ? integer(*value) : null();
    }
    void optional(const std::optional<std::string>& value) { value ? text(*value) : null(); }

  private:
    // "-9223372036854775808"
    static constexpr size_t kMaxIntegerDigits = 20;

    // Room for `bytes` more bytes after end_ (within the capacity, beyond the size until the
    // end); returns where they go.
    [[gnu::always_inline]] char* room(size_t bytes) {
        if (out_.capacity() - end_ < bytes) grow(bytes);
        return out_.data() + end_;
    }
    void grow(size_t bytes);
    void commit(char* at) { end_ = static_cast<size_t>(at - out_.data()); }
    // Text that needs no escaping.
    [[gnu::always_inline]] void piece(std::string_view text) {
        std::memcpy(room(text.size()), text.data(), text.size());
        end_ += text.size();
    }
    [[gnu::always_inline]] void number(const Rounded& value) {
        if (value.kind == Rounded::Kind::integer) return integer(value.integer);
        if (value.kind == Rounded::Kind::absent) return null();
        real(value.real);
    }
    void real(double value);

    fmt::memory_buffer& out_;
    size_t end_;
};

}  // namespace edgetop::session_line
