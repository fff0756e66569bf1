#include "commands/query_fields.hpp"

#include <tuple>

#include <fmt/format.h>

namespace edgetop::query {

namespace {

using schema::Unit;

template <class T>
std::vector<KeyNode> fields_of();

template <class F>
KeyNode node_of(const F& field) {
    using M = typename F::Type;
    KeyNode node{field.key, field.unit, {}};
    if constexpr (schema::has_schema<M>) {
        node.fields = fields_of<M>();
    } else if constexpr (schema::is_optional_object<M>) {
        node.fields = fields_of<typename schema::IsOptional<M>::Value>();
    } else if constexpr (schema::IsVector<M>::value) {
        using Element = typename schema::IsVector<M>::Element;
        if constexpr (schema::has_schema<Element>) node.fields = fields_of<Element>();
    }
    return node;
}

template <class T>
std::vector<KeyNode> fields_of() {
    std::vector<KeyNode> out;
    std::apply([&](const auto&... field) { (out.push_back(node_of(field)), ...); },
               schema::Schema<T>::fields);
    return out;
}

const KeyNode* find_key(const KeyNode& node, std::string_view key) {
    for (const auto& field : node.fields)
        if (field.key == key) return &field;
    return nullptr;
}

std::string joined(const std::vector<std::string>& parts, size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) {
        if (i > from) out += '.';
        out += parts[i];
    }
    return out;
}

std::string keys_text(const KeyNode& node) {
    std::string out;
    for (const auto& field : node.fields)
        out += fmt::format("{}{}", out.empty() ? "" : ", ", field.key);
    return out;
}

// What node says of parts[i...]: the unit the path ends at, or why it does not fit.
struct Match {
    std::optional<Unit> unit;
    std::string error;
};

Match match(const KeyNode& node, std::string_view where, const std::vector<std::string>& parts,
            size_t i) {
    if (i == parts.size()) return {node.unit, ""};
    const KeyNode* field = find_key(node, parts[i]);
    if (!field)
        return {std::nullopt,
                fmt::format("no key '{}' in {}; its keys: {}", parts[i], where, keys_text(node))};
    if (field->unit == Unit::objects) {
        if (i + 1 == parts.size()) return {field->unit, ""};
        std::string element = fmt::format("an element of {}", field->key);
        if (field->fields.empty()) return {std::nullopt, fmt::format("{} has no keys", element)};
        // The element's name may hold dots ("CPU-balanced.1"): every split is tried, the
        // element's own keys after it. A path that ends at an element names it in one part.
        Match last;
        for (size_t j = i + 2; j <= parts.size() && (j < parts.size() || j == i + 2); ++j) {
            last = match(*field, element, parts, j);
            if (last.unit) return last;
        }
        return last;
    }
    if (field->unit == Unit::object) return match(*field, field->key, parts, i + 1);
    if (i + 1 != parts.size())
        return {std::nullopt,
                fmt::format("'{}' is a value, it has no key '{}'", field->key, parts[i + 1])};
    return {field->unit, ""};
}

bool all_digits(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

// The element of list that selector names: by index, else by name, else by id or pid.
const nlohmann::ordered_json* element_of(const nlohmann::ordered_json& list,
                                         const std::string& selector) {
    if (!list.is_array()) return nullptr;
    if (all_digits(selector) && selector.size() < 10) {
        size_t index = std::stoul(selector);
        if (index < list.size()) return &list[index];
    }
    for (const auto& element : list) {
        if (!element.is_object()) continue;
        auto name = element.find("name");
        if (name != element.end() && name->is_string() &&
            name->get_ref<const std::string&>() == selector)
            return &element;
        for (const char* id_key : {"id", "pid"}) {
            auto id = element.find(id_key);
            if (id != element.end() && id->is_number_integer() && all_digits(selector) &&
                std::to_string(id->get<int64_t>()) == selector)
                return &element;
        }
    }
    return nullptr;
}

nlohmann::ordered_json resolve(const nlohmann::ordered_json& value, const KeyNode& node,
                               const std::vector<std::string>& parts, size_t i) {
    if (i == parts.size()) return value;
    if (!value.is_object()) return nullptr;
    const KeyNode* field = find_key(node, parts[i]);
    auto member = value.find(parts[i]);
    if (!field || member == value.end()) return nullptr;
    if (field->unit != Unit::objects || i + 1 == parts.size())
        return resolve(*member, *field, parts, i + 1);
    for (size_t j = i + 2; j <= parts.size() && (j < parts.size() || j == i + 2); ++j) {
        if (!match(*field, "", parts, j).unit) continue;
        if (const auto* element = element_of(*member, joined(parts, i + 1, j)))
            return resolve(*element, *field, parts, j);
    }
    return nullptr;
}

bool needs_quotes(const std::string& text) {
    return text.find_first_of(",\"\r\n") != std::string::npos;
}

std::string csv_quoted(const std::string& text) {
    if (!needs_quotes(text)) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

}  // namespace

KeyNode sample_keys() {
    return KeyNode{"", Unit::object, fields_of<Sample>()};
}

ParsedField parse_field(std::string_view text, const KeyNode& keys) {
    FieldPath path{std::string(text), {}, Unit::object};
    size_t start = 0;
    while (start <= text.size()) {
        size_t dot = text.find('.', start);
        if (dot == std::string_view::npos) dot = text.size();
        path.parts.emplace_back(text.substr(start, dot - start));
        start = dot + 1;
    }
    Match found = match(keys, "the sample line", path.parts, 0);
    if (!found.unit)
        return {std::nullopt, fmt::format("unknown field '{}': {}", text, found.error)};
    path.unit = *found.unit;
    return {std::move(path), ""};
}

nlohmann::ordered_json lookup(const nlohmann::ordered_json& sample, const FieldPath& path,
                              const KeyNode& keys) {
    return resolve(sample, keys, path.parts, 0);
}

std::string_view unit_suffix(Unit unit) {
    switch (unit) {
        case Unit::percent:
        case Unit::khz:
        case Unit::hz:
        case Unit::millivolt:
        case Unit::milliamp:
        case Unit::milliwatt:
        case Unit::celsius:
        case Unit::kib:
        case Unit::seconds:
        case Unit::per_second:
        case Unit::per_minute:
        case Unit::byte_rate:
            return schema::unit_text(unit);
        default:
            return "";
    }
}

CsvStyle csv_style(std::string_view format) {
    CsvStyle style;
    style.header = format.find("noheader") == std::string_view::npos;
    style.units = format.find("nounits") == std::string_view::npos;
    return style;
}

std::string csv_header(const std::vector<FieldPath>& fields) {
    std::string out;
    for (size_t i = 0; i < fields.size(); ++i) {
        std::string name = fields[i].text;
        std::string_view unit = unit_suffix(fields[i].unit);
        if (!unit.empty()) name += fmt::format(" [{}]", unit);
        out += (i > 0 ? "," : "") + csv_quoted(name);
    }
    return out + '\n';
}

std::string csv_line(const std::vector<nlohmann::ordered_json>& values,
                     const std::vector<FieldPath>& fields, const CsvStyle& style) {
    std::string out;
    for (size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += ',';
        const auto& value = values[i];
        if (value.is_null()) continue;
        std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        std::string_view unit = unit_suffix(fields[i].unit);
        if (style.units && !unit.empty() && value.is_number()) text += fmt::format(" {}", unit);
        out += csv_quoted(text);
    }
    return out + '\n';
}

std::string json_line(const std::vector<nlohmann::ordered_json>& values,
                      const std::vector<FieldPath>& fields) {
    // Written by hand to keep the fields in the order given (a json object sorts its keys).
    constexpr auto kReplace = nlohmann::ordered_json::error_handler_t::replace;
    std::string out = "{";
    for (size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += ',';
        out += nlohmann::ordered_json(fields[i].text).dump(-1, ' ', false, kReplace);
        out += ':';
        out += values[i].dump(-1, ' ', false, kReplace);
    }
    return out + "}\n";
}

}  // namespace edgetop::query
