#include "session/session_read_values.hpp"

#include <cmath>
#include <limits>

namespace edgetop::session_read {

namespace {

using simdjson::SUCCESS;

// Far deeper than anything written (4 levels); bounds the recursion of skip() on hostile lines.
constexpr int kMaxDepth = 64;

// The value's type, or an error; a value of another type is checked by skip() and reads absent.
error_code expect(od::value& value, od::json_type wanted, bool& matches) {
    od::json_type type;
    if (auto e = value.type().get(type)) return e;
    matches = type == wanted;
    return matches ? SUCCESS : skip(value);
}

}  // namespace

error_code skip(od::value value, int depth) {
    if (depth > kMaxDepth) return simdjson::DEPTH_ERROR;
    od::json_type type;
    if (auto e = value.type().get(type)) return e;
    switch (type) {
        case od::json_type::object:
            return for_each_field(
                value, [&](std::string_view, od::value v) { return skip(v, depth + 1); });
        case od::json_type::array:
            return for_each_element(value, [&](od::value v) { return skip(v, depth + 1); });
        case od::json_type::number:
            return value.get_double().error();
        case od::json_type::string:
            return value.get_string().error();
        case od::json_type::boolean:
            return value.get_bool().error();
        case od::json_type::null: {
            bool is_null = false;
            if (auto e = value.is_null().get(is_null)) return e;
            return is_null ? SUCCESS : simdjson::N_ATOM_ERROR;
        }
    }
    return simdjson::INCORRECT_TYPE;
}

error_code read(od::value value, std::optional<double>& out) {
    out.reset();
    // Most values are numbers: try that first (a failed get leaves the value unread).
    double d = 0;
    if (value.get_double().get(d) == SUCCESS) {
        out = d;
        return SUCCESS;
    }
    bool matches = false;
    if (auto e = expect(value, od::json_type::number, matches); e || !matches) return e;
    if (auto e = value.get_double().get(d)) return e;
    out = d;
    return SUCCESS;
}

// As nlohmann's reading did: an integer, or a whole double below 9e18; anything else is absent.
error_code read(od::value value, std::optional<int64_t>& out) {
    out.reset();
    bool matches = false;
    if (auto e = expect(value, od::json_type::number, matches); e || !matches) return e;
    od::number number;
    if (value.get_number().get(number) != SUCCESS) {
        // An integer beyond 64 bits is valid JSON, but no count edgetop reads.
        return value.get_double().error();
    }
    switch (number.get_number_type()) {
        case od::number_type::signed_integer:
            out = number.get_int64();
            break;
        case od::number_type::unsigned_integer:
            if (number.get_uint64() <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
                out = static_cast<int64_t>(number.get_uint64());
            break;
        default: {
            double d = number.get_double();
            if (std::isfinite(d) && d == std::trunc(d) && std::abs(d) < 9.0e18)
                out = static_cast<int64_t>(d);
        }
    }
    return SUCCESS;
}

error_code read(od::value value, std::optional<int>& out) {
    std::optional<int64_t> wide;
    auto e = read(value, wide);
    out.reset();
    if (wide && *wide >= std::numeric_limits<int>::min() &&
        *wide <= std::numeric_limits<int>::max())
        out = static_cast<int>(*wide);
    return e;
}

error_code read(od::value value, std::optional<bool>& out) {
    out.reset();
    bool matches = false;
    if (auto e = expect(value, od::json_type::boolean, matches); e || !matches) return e;
    bool b = false;
    if (auto e = value.get_bool().get(b)) return e;
    out = b;
    return SUCCESS;
}

error_code read(od::value value, std::optional<std::string>& out) {
    bool matches = false;
    if (auto e = expect(value, od::json_type::string, matches); e || !matches) {
        out.reset();
        return e;
    }
    std::string_view text;
    if (auto e = value.get_string().get(text)) return e;
    if (out)
        out->assign(text);
    else
        out.emplace(text);
    return SUCCESS;
}

error_code read(od::value value, std::string& out) {
    out.clear();
    bool matches = false;
    if (auto e = expect(value, od::json_type::string, matches); e || !matches) return e;
    std::string_view text;
    if (auto e = value.get_string().get(text)) return e;
    out.assign(text);
    return SUCCESS;
}

}  // namespace edgetop::session_read
