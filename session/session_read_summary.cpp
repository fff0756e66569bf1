#include "session/session_read_summary.hpp"

#include "session/session_read_object.hpp"
#include "session/session_summary_fields.hpp"

namespace edgetop::session_read {

namespace {

using simdjson::SUCCESS;

template <class T>
error_code read_summary_object(od::object& o, T& object);
template <class T>
error_code read_summary_object(od::value value, T& object);

// One value of a summarised field: an object or a list of objects by its own summary, anything
// else as the full reader reads it.
template <class Field, class T>
error_code read_summary_value(const Field& field, od::value value, T& object) {
    using M = typename Field::Type;
    M& member = field.of(object);
    if constexpr (has_summary<M>) {
        return read_summary_object(value, member);
    } else if constexpr (schema::IsVector<M>::value) {
        using Element = typename schema::IsVector<M>::Element;
        if constexpr (has_summary<Element>)
            return read_list(
                value, member, elements_read(field.key),
                [](od::value element, Element& out) { return read_summary_object(element, out); });
        else
            return read_member(field, value, object);
    } else if constexpr (schema::is_optional_object<M>) {
        typename M::value_type read_value;
        bool is_object = false;
        auto e = with_object(value, is_object,
                             [&](od::object& o) { return read_summary_object(o, read_value); });
        member = is_object ? M(std::move(read_value)) : std::nullopt;
        return e;
    } else {
        return read_member(field, value, object);
    }
}

// A key the object lacks leaves its member at the default.
template <class Field, class T>
error_code read_summary_key(od::object& o, const Field& field, T& object) {
    od::value value;
    auto e = o.find_field_unordered(field.key).get(value);
    if (e == simdjson::NO_SUCH_FIELD) {
        auto& member = field.of(object);
        if constexpr (schema::IsVector<typename Field::Type>::value)
            member.clear();
        else
            member = field.of(defaults<T>());
        return SUCCESS;
    }
    if (e) return e;
    return read_summary_value(field, value, object);
}

template <class T>
error_code read_summary_object(od::object& o, T& object) {
    error_code e = SUCCESS;
    for_each_summary_field<T>([&](const auto& field) {
        e = read_summary_key(o, field, object);
        return e == SUCCESS;
    });
    return e;
}

template <class T>
error_code read_summary_object(od::value value, T& object) {
    return with_object(value, [&](od::object& o) { return read_summary_object(o, object); });
}

// Reads the value of the key at position index of the Sample's table when the summary has it.
template <std::size_t... J>
error_code read_summary_at(std::size_t index, od::value value, Sample& sample,
                           std::index_sequence<J...>) {
    constexpr auto& at = SummaryFields<Sample>::at;
    constexpr auto& fields = schema::Schema<Sample>::fields;
    error_code e = SUCCESS;
    (void)((index == at[J] &&
            ((e = read_summary_value(std::get<at[J]>(fields), value, sample)), true)) ||
           ...);
    return e;
}

}  // namespace

error_code read_sample_summary(od::object& line, Sample& sample) {
    static constexpr auto kKeys = schema::keys<Sample>();
    using Summarised = std::make_index_sequence<SummaryFields<Sample>::at.size()>;
    KeyCursor keys(kKeys);
    // A key the summary does not read is stepped over unread.
    return for_each_field(line, [&](std::string_view name, od::value value) {
        return read_summary_at(keys.find(name), value, sample, Summarised{});
    });
}

}  // namespace edgetop::session_read
