#include "exporter/api_schema.hpp"

#include <chrono>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

#include "edgetop/sample_schema.hpp"

namespace edgetop::exporter {

// Named, not anonymous: unity builds put this file beside others.
namespace api_schema {

using nlohmann::ordered_json;

template <class T>
ordered_json object_schema();

// The JSON type name of a scalar C++ type.
template <class T>
constexpr const char* scalar_type() {
    if constexpr (std::is_same_v<T, bool>)
        return "boolean";
    else if constexpr (std::is_integral_v<T>)
        return "integer";
    else if constexpr (std::is_floating_point_v<T>)
        return "number";
    else {
        static_assert(std::is_same_v<T, std::string>, "no JSON type for this member");
        return "string";
    }
}

// The schema of a value of type T as the line writer writes it (session_sample_line.cpp).
template <class T>
ordered_json value_schema() {
    if constexpr (std::is_same_v<T, std::chrono::system_clock::time_point>) {
        return {{"type", "string"}, {"format", "date-time"}};
    } else if constexpr (std::is_same_v<T, std::optional<char>>) {
        return {
            {"type", ordered_json::array({"string", "null"})}, {"minLength", 1}, {"maxLength", 1}};
    } else if constexpr (schema::has_schema<T>) {
        return object_schema<T>();
    } else if constexpr (schema::IsVector<T>::value) {
        return {{"type", "array"},
                {"items", value_schema<typename schema::IsVector<T>::Element>()}};
    } else if constexpr (schema::is_optional_object<T>) {
        ordered_json object = object_schema<typename schema::IsOptional<T>::Value>();
        object["type"] = ordered_json::array({"object", "null"});
        return object;
    } else if constexpr (schema::IsOptional<T>::value) {
        return {{"type", ordered_json::array(
                             {scalar_type<typename schema::IsOptional<T>::Value>(), "null"})}};
    } else {
        return {{"type", scalar_type<T>()}};
    }
}

// The units whose text names a measure (not a JSON shape the type already says).
constexpr bool is_measure(schema::Unit unit) {
    using U = schema::Unit;
    return unit != U::boolean && unit != U::text && unit != U::character && unit != U::rfc3339 &&
           unit != U::texts && unit != U::object && unit != U::objects && unit != U::integer;
}

template <class F>
void add_field(ordered_json& properties, ordered_json& required, const F& field) {
    ordered_json value = value_schema<typename F::Type>();
    if (field.rounding == schema::Rounding::microseconds) value["minimum"] = 0;
    value["description"] = std::string(field.meaning);
    if (is_measure(field.unit)) value["x-unit"] = std::string(schema::unit_text(field.unit));
    properties[std::string(field.key)] = std::move(value);
    required.push_back(std::string(field.key));
}

template <class T>
ordered_json object_schema() {
    ordered_json properties = ordered_json::object();
    ordered_json required = ordered_json::array();
    std::apply([&](const auto&... field) { (add_field(properties, required, field), ...); },
               schema::Schema<T>::fields);
    return {{"type", "object"},
            {"properties", std::move(properties)},
            {"required", std::move(required)},
            {"additionalProperties", false}};
}

}  // namespace api_schema

std::string sample_json_schema() {
    using api_schema::ordered_json;
    ordered_json sample = api_schema::object_schema<Sample>();
    // The line's first key, before the schema's fields.
    ordered_json properties = {{"type", {{"const", "sample"}}}};
    properties.update(sample["properties"]);
    sample["properties"] = std::move(properties);
    sample["required"].insert(sample["required"].begin(), "type");
    ordered_json out = {{"$schema", "http://json-schema.org/draft-07/schema#"},
                        {"title", "edgetop sample line"},
                        {"description",
                         "One sample of an edgetop session: a line of a session file, "
                         "/api/v1/sample and each element of /api/v1/samples"}};
    out.update(sample);
    return out.dump(2) + "\n";
}

}  // namespace edgetop::exporter
