// Typed reads of simdjson On-Demand values into the optional fields of a Sample, with the same
// rules as the rest of the session reader: null and wrongly typed values read as absent, unknown
// keys are ignored, and every value, read or skipped, is checked to be valid JSON (On-Demand
// alone would step over a skipped value without looking at it).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

namespace edgetop::session_read {

namespace od = simdjson::ondemand;
using simdjson::error_code;

// Checks a value without keeping it (nested at most kMaxDepth deep, else DEPTH_ERROR).
error_code skip(od::value value, int depth = 0);

error_code read(od::value value, std::optional<double>& out);
error_code read(od::value value, std::optional<int64_t>& out);
error_code read(od::value value, std::optional<int>& out);
error_code read(od::value value, std::optional<bool>& out);
error_code read(od::value value, std::optional<std::string>& out);
// A name: a string, else empty.
error_code read(od::value value, std::string& out);

// The position of a key in a fixed list of keys (the list's size when unknown). Keys usually come
// in the writer's order, so the one after the last match is tried first.
template <std::size_t N>
class KeyCursor {
  public:
    explicit KeyCursor(const std::array<std::string_view, N>& keys) : keys_(keys) {}
    std::size_t find(std::string_view key) {
        if (next_ < N && keys_[next_] == key) return next_++;
        for (std::size_t i = 0; i < N; ++i)
            if (keys_[i] == key) {
                next_ = i + 1;
                return i;
            }
        return N;
    }

  private:
    const std::array<std::string_view, N>& keys_;
    std::size_t next_ = 0;
};

// Calls body(object) when value is an object; any other value is checked and ignored (is_object
// tells the caller, so it can tell absent from empty).
template <class Body>
error_code with_object(od::value value, bool& is_object, Body&& body) {
    od::json_type type;
    if (auto e = value.type().get(type)) return e;
    is_object = type == od::json_type::object;
    if (!is_object) return skip(value);
    od::object object;
    if (auto e = value.get_object().get(object)) return e;
    return body(object);
}

template <class Body>
error_code with_object(od::value value, Body&& body) {
    bool is_object = false;
    return with_object(value, is_object, std::forward<Body>(body));
}

// Calls on_field(key, value) for each field of an object.
template <class OnField>
error_code for_each_field(od::object& object, OnField&& on_field) {
    for (auto field : object) {
        if (auto e = field.error()) return e;
        std::string_view key;
        if (auto e = field.unescaped_key().get(key)) return e;
        if (auto e = on_field(key, field.value())) return e;
    }
    return simdjson::SUCCESS;
}

// The same for a value; any other value than an object is checked and ignored.
template <class OnField>
error_code for_each_field(od::value value, bool& is_object, OnField&& on_field) {
    return with_object(value, is_object,
                       [&](od::object& object) { return for_each_field(object, on_field); });
}

template <class OnField>
error_code for_each_field(od::value value, OnField&& on_field) {
    bool is_object = false;
    return for_each_field(value, is_object, std::forward<OnField>(on_field));
}

// Calls on_element(value) for each element of an array; any other value is checked and ignored.
template <class OnElement>
error_code for_each_element(od::value value, OnElement&& on_element) {
    od::json_type type;
    if (auto e = value.type().get(type)) return e;
    if (type != od::json_type::array) return skip(value);
    od::array array;
    if (auto e = value.get_array().get(array)) return e;
    for (auto element : array) {
        if (auto e = element.error()) return e;
        if (auto e = on_element(element.value_unsafe())) return e;
    }
    return simdjson::SUCCESS;
}

// Fills a vector from an array of objects, reusing its capacity: one element per object, in order,
// up to keep of them; the elements after those are checked and not kept.
template <class T, class ReadOne>
error_code read_list(od::value value, std::vector<T>& out, std::size_t keep, ReadOne&& read_one) {
    out.clear();
    return for_each_element(value, [&](od::value element) {
        if (out.size() == keep) return skip(element);
        out.emplace_back();
        return read_one(element, out.back());
    });
}

}  // namespace edgetop::session_read
