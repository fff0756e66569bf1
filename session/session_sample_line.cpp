#include "session/session_sample_line.hpp"

#include <utility>

#include "edgetop/sample_schema.hpp"
#include "session/session_line_json.hpp"

namespace edgetop {

using session_line::LineJson;

namespace {

template <class T>
void write_object(LineJson& j, const T& object);

// One value of the type the schema gives it, rounded as its field says.
template <schema::Rounding rounding, class T>
[[gnu::always_inline]] inline void write_value(LineJson& j, const T& value) {
    if constexpr (rounding == schema::Rounding::significant) {
        static_assert(std::is_same_v<T, std::optional<double>>, "a measured value is a double");
        j.measured(value);
    } else if constexpr (rounding == schema::Rounding::microseconds) {
        static_assert(std::is_same_v<T, double>, "the session time is a double");
        j.decimals(value, session_line::kTimeDecimals);
    } else if constexpr (std::is_same_v<T, std::chrono::system_clock::time_point>) {
        j.time(value);
    } else if constexpr (std::is_same_v<T, bool>) {
        j.boolean(value);
    } else if constexpr (std::is_integral_v<T>) {
        j.integer(value);
    } else if constexpr (std::is_same_v<T, std::string>) {
        j.text(value);
    } else if constexpr (std::is_same_v<T, std::optional<char>>) {
        if (value)
            j.text(std::string_view(&*value, 1));
        else
            j.null();
    } else if constexpr (schema::has_schema<T>) {
        write_object(j, value);
    } else if constexpr (schema::IsVector<T>::value) {
        j.begin_array();
        for (size_t i = 0; i < value.size(); ++i) {
            if (i > 0) j.comma();
            write_value<schema::Rounding::exact>(j, value[i]);
        }
        j.end_array();
    } else if constexpr (schema::is_optional_object<T>) {
        if (value)
            write_object(j, *value);
        else
            j.null();
    } else {
        static_assert(schema::IsOptional<T>::value, "no JSON form for this type");
        j.optional(value);
    }
}

// The fields of object, the first one after a key already written when after_key.
template <bool after_key, class T, size_t... I>
[[gnu::always_inline]] inline void write_fields(LineJson& j, const T& object,
                                                std::index_sequence<I...>) {
    constexpr auto& fields = schema::Schema<T>::fields;
    (((I == 0 && !after_key) ? j.first(std::get<I>(fields).key) : j.next(std::get<I>(fields).key),
      write_value<std::get<I>(fields).rounding>(j, std::get<I>(fields).of(object))),
     ...);
}

template <class T>
void write_object(LineJson& j, const T& object) {
    j.begin_object();
    write_fields<false>(j, object, std::make_index_sequence<schema::field_count<T>()>{});
    j.end_object();
}

}  // namespace

void append_sample_line(fmt::memory_buffer& out, const Sample& s) {
    LineJson j(out);
    j.begin_object();
    j.first("type").text("sample");
    write_fields<true>(j, s, std::make_index_sequence<schema::field_count<Sample>()>{});
    j.end_object();
}

std::string sample_line(const Sample& sample) {
    fmt::memory_buffer buffer;
    append_sample_line(buffer, sample);
    return fmt::to_string(buffer);
}

}  // namespace edgetop
