#include "exporter/metric_reading.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "exporter/schema_metrics.hpp"

namespace edgetop::exporter {

namespace {

using ByName = std::map<std::string_view, std::vector<const NamedSeries*>>;

// A metric's value back in the schema's unit, into the member's type.
template <class M>
void assign(M& member, double value) {
    if constexpr (std::is_same_v<M, bool>) {
        member = value != 0;
    } else {
        using V = typename schema::IsOptional<M>::Value;
        if constexpr (std::is_same_v<V, bool>)
            member = value != 0;
        else if constexpr (std::is_integral_v<V>)
            member = static_cast<V>(std::llround(value));
        else
            member = static_cast<V>(value);
    }
}

template <class Metric, class T>
void read_value(const Metric& metric, const NamedSeries& series, T& object) {
    if (!std::isfinite(series.value)) return;
    assign(metric.field.of(object), series.value / base_unit_factor(metric.field.unit));
}

const std::vector<const NamedSeries*>* named(const ByName& by, std::string_view name) {
    auto found = by.find(name);
    return found == by.end() ? nullptr : &found->second;
}

// An object's families: unlabelled series. False when none of them is there.
template <class T, std::size_t... I>
bool read_object(const ByName& by, T& object, std::index_sequence<I...>) {
    bool any = false;
    auto read = [&](const auto& metric) {
        if (auto* list = named(by, metric.name); list && !list->empty()) {
            read_value(metric, *list->front(), object);
            any = true;
        }
    };
    (read(std::get<I>(SchemaMetrics<T>::metrics)), ...);
    return any;
}

template <class T>
bool read_object(const ByName& by, T& object) {
    return read_object(by, object, detail::MetricIndices<T>{});
}

template <class T>
void read_optional(const ByName& by, std::optional<T>& object) {
    T value{};
    if (read_object(by, value)) object = std::move(value);
}

bool key_equals(const std::string& key, const std::string& text) {
    return key == text;
}
bool key_equals(int key, const std::string& text) {
    return std::to_string(key) == text;
}
bool set_key(std::string& key, const std::string& text) {
    key = text;
    return true;
}
bool set_key(int& key, const std::string& text) {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), key);
    return error == std::errc() && end == text.data() + text.size();
}

// The element a series' label names, made on first sight; null for a label this list's key
// cannot hold.
template <class T>
T* element_for(std::vector<T>& elements, const std::string& text) {
    constexpr auto& label = SchemaMetrics<T>::label;
    for (auto& element : elements)
        if (key_equals(label.field.of(element), text)) return &element;
    T element{};
    if (!set_key(label.field.of(element), text)) return nullptr;
    elements.push_back(std::move(element));
    return &elements.back();
}

template <class T, std::size_t... I>
void read_list(const ByName& by, std::vector<T>& elements, std::index_sequence<I...>) {
    constexpr auto& label = SchemaMetrics<T>::label;
    auto read = [&](const auto& metric) {
        auto* list = named(by, metric.name);
        if (!list) return;
        for (const NamedSeries* series : *list) {
            auto key = series->labels.find(std::string(label.name));
            if (key == series->labels.end()) continue;
            if (T* element = element_for(elements, key->second))
                read_value(metric, *series, *element);
        }
    };
    (read(std::get<I>(SchemaMetrics<T>::metrics)), ...);
    // A stable order whatever order the series came in: by the key.
    std::sort(elements.begin(), elements.end(),
              [&](const T& a, const T& b) { return label.field.of(a) < label.field.of(b); });
}

template <class T>
void read_list(const ByName& by, std::vector<T>& elements) {
    read_list(by, elements, detail::MetricIndices<T>{});
}

// edgetop_rail_power_watts: the sensor's power, else volts x amperes (families_power.cpp).
void read_rail_power(const ByName& by, std::vector<RailSample>& rails) {
    auto* list = named(by, "edgetop_rail_power_watts");
    if (!list) return;
    for (const NamedSeries* series : *list) {
        auto rail = series->labels.find("rail");
        if (rail == series->labels.end() || !std::isfinite(series->value)) continue;
        auto at = std::find_if(rails.begin(), rails.end(),
                               [&](const RailSample& r) { return r.name == rail->second; });
        if (at == rails.end()) {
            rails.emplace_back();
            rails.back().name = rail->second;
            at = std::prev(rails.end());
        }
        at->power_mw = series->value * 1000;
    }
}

std::optional<std::string> label_of(const NamedSeries& series, const std::string& name) {
    auto found = series.labels.find(name);
    if (found == series.labels.end() || found->second.empty()) return std::nullopt;
    return found->second;
}

ByName by_name(const std::vector<NamedSeries>& series) {
    ByName by;
    for (const auto& s : series)
        by[s.name].push_back(&s);
    return by;
}

}  // namespace

Sample sample_from_series(const std::vector<NamedSeries>& series) {
    const ByName by = by_name(series);
    Sample sample;
    read_object(by, sample);
    read_object(by, sample.cpu);
    read_list(by, sample.cpu.cores);
    read_object(by, sample.system);
    read_list(by, sample.gpu);
    read_optional(by, sample.emc);
    read_list(by, sample.engines);
    read_list(by, sample.rails);
    read_rail_power(by, sample.rails);
    read_list(by, sample.oc_events);
    read_list(by, sample.thermal);
    read_list(by, sample.fans);
    read_list(by, sample.cooling);
    read_object(by, sample.mem);
    read_optional(by, sample.psi);
    if (auto* flags = named(by, "edgetop_flag_raised")) {
        for (const NamedSeries* flag : *flags)
            if (flag->value == 1)
                if (auto id = label_of(*flag, "flag")) sample.flags.push_back(*id);
        std::sort(sample.flags.begin(), sample.flags.end());
    }
    return sample;
}

Board board_from_series(const std::vector<NamedSeries>& series) {
    Board board;
    for (const auto& s : series) {
        if (s.name == "edgetop_board_info") {
            board.model = label_of(s, "model");
            board.soc = label_of(s, "soc");
            board.l4t = label_of(s, "l4t");
            board.jetpack = label_of(s, "jetpack");
        } else if (s.name == "edgetop_power_mode_info") {
            PowerMode mode;
            auto id = label_of(s, "id");
            if (!id || !set_key(mode.id, *id)) continue;
            mode.name = label_of(s, "name").value_or("");
            board.current_mode_id = mode.id;
            board.power_modes.push_back(std::move(mode));
        }
    }
    for (const auto& s : series)
        if (s.name == "edgetop_power_mode_budget_watts" && !board.power_modes.empty() &&
            std::isfinite(s.value))
            board.power_modes.front().budget_w = s.value;
    return board;
}

}  // namespace edgetop::exporter
