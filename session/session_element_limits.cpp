#include "session/session_element_limits.hpp"

#include <tuple>

#include "edgetop/sample_schema.hpp"

namespace edgetop {

namespace {

template <class T>
void drop_in(T& object, std::string_view& cut);

template <class M>
void drop_in_member(std::string_view key, M& member, std::string_view& cut) {
    if constexpr (schema::IsVector<M>::value) {
        std::size_t max = element_limit(key);
        if (member.size() > max) {
            member.resize(max);
            if (cut.empty()) cut = key;
        }
        if constexpr (schema::has_schema<typename schema::IsVector<M>::Element>)
            for (auto& element : member)
                drop_in(element, cut);
    } else if constexpr (schema::has_schema<M>) {
        drop_in(member, cut);
    } else if constexpr (schema::is_optional_object<M>) {
        if (member) drop_in(*member, cut);
    }
}

template <class T>
void drop_in(T& object, std::string_view& cut) {
    std::apply(
        [&](const auto&... field) { (drop_in_member(field.key, field.of(object), cut), ...); },
        schema::Schema<T>::fields);
}

}  // namespace

std::string_view drop_over_limit(Sample& sample) {
    std::string_view cut;
    drop_in(sample, cut);
    return cut;
}

}  // namespace edgetop
