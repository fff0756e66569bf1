// A metric family that is one field of the session schema (edgetop/sample_schema.hpp) under its
// Prometheus name: the member and the unit come from the field's schema entry, the factor to the
// metric's base unit is derived from that unit (base_unit_factor), and only the metric's name,
// help and type are written here. A family of a list's elements (cores, rails, zones...) takes
// its label from a field of the element. The tables themselves are in schema_metrics.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "edgetop/sample_schema.hpp"
#include "exporter/family_builder.hpp"
#include "exporter/metric_family.hpp"

namespace edgetop::exporter {

// The factor from a schema unit to the base unit the metric's name carries (node_exporter's
// conventions): kB to bytes, kHz to hertz, mV, mA and mW to volts, amperes and watts, percent to
// a ratio 0..1. Every other unit a metric may have (Hz, °C, s, 1/min, counts, load averages,
// booleans as 0/1) is already the metric's.
constexpr double base_unit_factor(schema::Unit unit) {
    switch (unit) {
        case schema::Unit::kib:
            return 1024;
        case schema::Unit::khz:
            return 1000;
        case schema::Unit::millivolt:
        case schema::Unit::milliamp:
        case schema::Unit::milliwatt:
            return 0.001;
        case schema::Unit::percent:
            return 0.01;
        default:
            return 1;
    }
}

// A number the schema describes as a metric's value; a value that is absent is no series.
template <class T>
std::optional<double> metric_value(const std::optional<T>& value, double factor) {
    return scaled(value, factor);
}

inline std::optional<double> metric_value(bool value, double) {
    return value ? 1 : 0;
}

template <class M>
struct IsMetricValue : std::is_same<M, bool> {};
template <class T>
struct IsMetricValue<std::optional<T>> : std::is_arithmetic<T> {};

// One family: the schema field it shows, and its name, help and type.
template <class Field>
struct MetricView {
    Field field;
    std::string_view name;
    std::string_view help;
    MetricType type;

    std::optional<double> value(const typename Field::Struct& object) const {
        return metric_value(field.of(object), base_unit_factor(field.unit));
    }
};

// The family of T's field at index (schema::index_of<T>("key"): a key T's table lacks does not
// compile).
template <class T, std::size_t index>
constexpr auto metric(std::string_view name, std::string_view help,
                      MetricType type = MetricType::Gauge) {
    static_assert(index < schema::field_count<T>(), "no such key in the schema");
    using Field = std::tuple_element_t<index, std::decay_t<decltype(schema::Schema<T>::fields)>>;
    static_assert(IsMetricValue<typename Field::Type>::value,
                  "a metric shows a number or a boolean of the schema");
    return MetricView<Field>{std::get<index>(schema::Schema<T>::fields), name, help, type};
}

// The label that tells the elements of a list apart: its name, and the field its value comes from.
template <class Field>
struct LabelView {
    Field field;
    std::string_view name;

    Labels of(const typename Field::Struct& element) const {
        return {{std::string(name), label_text(field.of(element))}};
    }

  private:
    static std::string label_text(const std::string& value) { return value; }
    static std::string label_text(int value) { return std::to_string(value); }
};

template <class T, std::size_t index>
constexpr auto label(std::string_view name) {
    static_assert(index < schema::field_count<T>(), "no such key in the schema");
    using Field = std::tuple_element_t<index, std::decay_t<decltype(schema::Schema<T>::fields)>>;
    return LabelView<Field>{std::get<index>(schema::Schema<T>::fields), name};
}

// SchemaMetrics<T>::metrics: the families shown from T's fields, in the order they are served;
// ::label, for the elements of a list: the label they carry (specialised in schema_metrics.hpp).
template <class T>
struct SchemaMetrics;

namespace detail {

template <class Metrics, class T, class LabelsOf, std::size_t... I>
void append_metrics(const T* elements, std::size_t count, LabelsOf&& labels_of, Families& out,
                    std::index_sequence<I...>) {
    constexpr auto& metrics = Metrics::metrics;
    std::array<MetricFamily, sizeof...(I)> families{
        make_family(std::string(std::get<I>(metrics).name), std::string(std::get<I>(metrics).help),
                    std::get<I>(metrics).type)...};
    for (std::size_t e = 0; e < count; ++e) {
        const Labels labels = labels_of(elements[e]);
        (add_if(families[I], std::get<I>(metrics).value(elements[e]), labels), ...);
    }
    for (auto& family : families)
        out.push_back(std::move(family));
}

template <class T>
using MetricIndices =
    std::make_index_sequence<std::tuple_size_v<std::decay_t<decltype(SchemaMetrics<T>::metrics)>>>;

}  // namespace detail

// T's families, one series per element of the list, labelled by SchemaMetrics<T>::label.
template <class T>
void append_schema_families(const std::vector<T>& elements, Families& out) {
    detail::append_metrics<SchemaMetrics<T>>(
        elements.data(), elements.size(),
        [](const T& element) { return SchemaMetrics<T>::label.of(element); }, out,
        detail::MetricIndices<T>{});
}

// T's families, one unlabelled series each (none when the object is absent).
template <class T>
void append_schema_families(const T* object, Families& out) {
    detail::append_metrics<SchemaMetrics<T>>(
        object, object ? 1 : 0, [](const T&) { return Labels{}; }, out, detail::MetricIndices<T>{});
}

}  // namespace edgetop::exporter
