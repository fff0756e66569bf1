#include "export/export_columns.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <iterator>
#include <type_traits>
#include <utility>

#include "session/session_time.hpp"

namespace edgetop::session_export {

namespace {

using schema::Unit;

// What a column's name ends with for its unit, unless the key already says it ("freq_khz").
std::string_view unit_suffix(Unit unit) {
    switch (unit) {
        case Unit::percent:
            return "_pct";
        case Unit::khz:
            return "_khz";
        case Unit::hz:
            return "_hz";
        case Unit::millivolt:
            return "_mv";
        case Unit::milliamp:
            return "_ma";
        case Unit::milliwatt:
            return "_mw";
        case Unit::celsius:
            return "_c";
        case Unit::kib:
            return "_kb";
        case Unit::seconds:
            return "_s";
        case Unit::per_second:
            return "_per_s";
        case Unit::per_minute:
            return "_rpm";
        case Unit::byte_rate:
            return "_bytes_per_s";
        default:
            return "";
    }
}

std::string with_unit(std::string name, Unit unit) {
    std::string_view suffix = unit_suffix(unit);
    if (!suffix.empty() && !std::string_view(name).ends_with(suffix)) name += suffix;
    return name;
}

// How the columns of an object or of a list's elements are named, by the schema key that holds
// them; "{}" is the element's id or name. Prefixes are whole ("cpu0_", not "cpu_cpu0_"). A key
// not listed gets its own name as prefix.
struct Naming {
    std::string_view key;
    std::string_view prefix;
    std::string_view family;
    bool listed = true;
};
constexpr Naming kNamings[] = {
    {"cpu", "cpu_", "cpu"},           {"cores", "cpu{}_", "core"},
    {"system", "system_", "system"},  {"gpu", "gpu_{}_", "gpu"},
    {"emc", "emc_", "emc"},           {"engines", "engine_{}_", "engine"},
    {"rails", "rail_{}_", "rail"},    {"thermal", "thermal_{}_", "thermal"},
    {"fans", "fan_{}_", "fan"},       {"mem", "mem_", "mem"},
    {"procs", "procs_", "procs"},     {"disks", "disk_{}_", "disk"},
    {"net", "net_{}_", "net"},        {"oc_events", "{}_", "oc"},
    {"groups", "group_{}_", "group"},
};

// The prefix with "{}" replaced by the element's id or name.
std::string with_element(std::string_view prefix, const std::string& element) {
    std::string out(prefix);
    auto at = out.find("{}");
    if (at != std::string::npos) out.replace(at, 2, element);
    return out;
}

Naming naming_of(std::string_view key) {
    for (const auto& n : kNamings)
        if (n.key == key) return n;
    return {key, "", key, false};
}

// The lists whose elements are not the same things from one sample to the next.
constexpr std::string_view kSkippedLists[] = {"top"};

bool skipped_list(std::string_view key) {
    for (auto k : kSkippedLists)
        if (k == key) return true;
    return false;
}

template <class T>
void append_value(std::string& out, const T& value) {
    using std::chrono::system_clock;
    if constexpr (schema::IsOptional<T>::value) {
        if (value) append_value(out, *value);
    } else if constexpr (std::is_same_v<T, bool>) {
        out += value ? "true" : "false";
    } else if constexpr (std::is_same_v<T, char>) {
        out += value;
    } else if constexpr (std::is_floating_point_v<T>) {
        // The shortest text that reads back as the same double: the session's value exactly.
        if (std::isfinite(value)) fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), value);
    } else if constexpr (std::is_integral_v<T>) {
        fmt::format_int text(value);
        out.append(text.data(), text.size());
    } else if constexpr (std::is_same_v<T, std::string>) {
        out += value;
    } else if constexpr (std::is_same_v<T, system_clock::time_point>) {
        out += format_rfc3339(value);
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (i) out += ';';
            out += value[i];
        }
    } else {
        static_assert(!sizeof(T), "a scalar type the export does not know");
    }
}

template <class T>
std::optional<double> number_value(const T& value) {
    if constexpr (schema::IsOptional<T>::value) {
        if (!value) return std::nullopt;
        return number_value(*value);
    } else if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
                         !std::is_same_v<T, char>) {
        double v = static_cast<double>(value);
        if (!std::isfinite(v)) return std::nullopt;
        return v;
    } else {
        return std::nullopt;
    }
}

template <class S, std::size_t I>
constexpr auto field_at() {
    return std::get<I>(schema::Schema<S>::fields);
}

template <class S, std::size_t I>
void cell_text(const void* object, std::string& out) {
    constexpr auto field = std::get<I>(schema::Schema<S>::fields);
    append_value(out, field.of(*static_cast<const S*>(object)));
}

template <class S, std::size_t I>
std::optional<double> cell_number(const void* object) {
    constexpr auto field = std::get<I>(schema::Schema<S>::fields);
    return number_value(field.of(*static_cast<const S*>(object)));
}

// An element's id (cores) or name (everything else), and whether an element has it.
template <class E>
constexpr bool named = schema::index_of<E>("name") < schema::field_count<E>();

template <class E>
std::string identity(const E& e) {
    if constexpr (named<E>)
        return std::get<schema::index_of<E>("name")>(schema::Schema<E>::fields).of(e);
    else
        return fmt::format("{}",
                           std::get<schema::index_of<E>("id")>(schema::Schema<E>::fields).of(e));
}

template <class E>
bool matches(const E& e, const std::string& id) {
    if constexpr (named<E>) {
        return std::get<schema::index_of<E>("name")>(schema::Schema<E>::fields).of(e) == id;
    } else {
        fmt::format_int text(std::get<schema::index_of<E>("id")>(schema::Schema<E>::fields).of(e));
        return std::string_view(text.data(), text.size()) == id;
    }
}

template <class T>
struct IsObjectList : std::false_type {};
template <class T>
struct IsObjectList<std::vector<T>> : schema::HasSchema<T> {};

struct Place {
    std::size_t object;
    std::string prefix;
    std::string family;
    std::string element;  // "" outside lists
};

template <class S>
void walk(Columns& out, const S& first, const Place& place);

template <class S, std::size_t I>
const auto& list_at(const void* owner) {
    return field_at<S, I>().of(*static_cast<const S*>(owner));
}

template <class S, std::size_t I>
ColumnList list_of(std::string_view key, std::size_t owner) {
    using E = typename schema::IsVector<typename decltype(field_at<S, I>())::Type>::Element;
    ColumnList list;
    list.name = std::string(key);
    list.owner = owner;
    list.size = [](const void* o) { return list_at<S, I>(o).size(); };
    list.at = [](const void* o, std::size_t i) -> const void* { return &list_at<S, I>(o)[i]; };
    list.identity = [](const void* e) { return identity(*static_cast<const E*>(e)); };
    list.matches = [](const void* e, const std::string& id) {
        return matches(*static_cast<const E*>(e), id);
    };
    return list;
}

template <class S, std::size_t I>
void walk_field(Columns& out, const S& first, const Place& place) {
    constexpr auto field = std::get<I>(schema::Schema<S>::fields);
    using M = typename decltype(field)::Type;
    if constexpr (IsObjectList<M>::value) {
        if (skipped_list(field.key)) return;
        Naming naming = naming_of(field.key);
        std::size_t list = out.lists.size();
        out.lists.push_back(list_of<S, I>(field.key, place.object));
        const auto& elements = field.of(first);
        std::vector<std::string> ids;
        std::unordered_map<std::string, std::size_t> count;
        for (const auto& e : elements)
            ++count[ids.emplace_back(identity(e))];
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t k = 0; k < elements.size(); ++k) {
            const std::string& id = ids[k];
            std::size_t occurrence = seen[id]++;
            std::string element = occurrence ? fmt::format("{}#{}", id, occurrence + 1) : id;
            std::string prefix = !naming.listed
                                     ? fmt::format("{}{}_{}_", place.prefix, field.key, element)
                                     : with_element(naming.prefix, element);
            ColumnObject object;
            object.list = list;
            object.id = id;
            object.occurrence = occurrence;
            object.position = k;
            object.unique = count[id] == 1;
            out.objects.push_back(std::move(object));
            walk(out, elements[k],
                 Place{out.objects.size() - 1, prefix, std::string(naming.family), element});
        }
    } else if constexpr (schema::has_schema<M> || schema::is_optional_object<M>) {
        Naming naming = naming_of(field.key);
        std::string prefix = !naming.listed ? fmt::format("{}{}_", place.prefix, field.key)
                                            : std::string(naming.prefix);
        ColumnObject object;
        object.owner = place.object;
        object.member = [](const void* owner) -> const void* {
            const auto& member = field_at<S, I>().of(*static_cast<const S*>(owner));
            if constexpr (schema::is_optional_object<M>)
                return member ? &*member : nullptr;
            else
                return &member;
        };
        out.objects.push_back(std::move(object));
        Place inner{out.objects.size() - 1, prefix, std::string(naming.family), place.element};
        if constexpr (schema::is_optional_object<M>) {
            // The columns are the schema's, present or not in the first sample.
            const auto& member = field.of(first);
            walk(out, member ? *member : typename M::value_type{}, inner);
        } else {
            walk(out, field.of(first), inner);
        }
    } else {
        // The element's id or name is in its columns' names.
        if (!place.element.empty() && (field.key == "id" || field.key == "name")) return;
        out.columns.push_back({with_unit(place.prefix + std::string(field.key), field.unit),
                               place.family, place.element, field.key, field.unit, place.object,
                               &cell_text<S, I>, &cell_number<S, I>});
    }
}

template <class S, std::size_t... I>
void walk_fields(Columns& out, const S& first, const Place& place, std::index_sequence<I...>) {
    (walk_field<S, I>(out, first, place), ...);
}

template <class S>
void walk(Columns& out, const S& first, const Place& place) {
    walk_fields(out, first, place, std::make_index_sequence<schema::field_count<S>()>{});
}

}  // namespace

Columns columns_of(const Sample& first) {
    Columns out;
    out.objects.emplace_back();  // the sample
    walk(out, first, Place{0, "", "sample", ""});
    return out;
}

std::vector<std::string> column_names(const Columns& columns) {
    std::vector<std::string> names;
    names.reserve(columns.columns.size());
    for (const auto& c : columns.columns)
        names.push_back(c.name);
    return names;
}

namespace {

// An element found where the first sample had it, else through its list's index of positions,
// built once per sample and list: never a search of the list per element.
const void* locate_element(const Columns& columns, const ColumnObject& object, Located& located) {
    const ColumnList& list = columns.lists[*object.list];
    const void* owner = located.objects[list.owner];
    if (!owner) return nullptr;
    std::size_t size = list.size(owner);
    if (object.unique && object.position < size &&
        list.matches(list.at(owner, object.position), object.id))
        return list.at(owner, object.position);
    auto& positions = located.positions[*object.list];
    if (!located.indexed[*object.list]) {
        located.indexed[*object.list] = true;
        positions.clear();
        for (std::size_t i = 0; i < size; ++i)
            positions[list.identity(list.at(owner, i))].push_back(i);
    }
    auto it = positions.find(object.id);
    if (it == positions.end() || object.occurrence >= it->second.size()) return nullptr;
    return list.at(owner, it->second[object.occurrence]);
}

}  // namespace

void locate(const Columns& columns, const Sample& sample, Located& located) {
    located.objects.resize(columns.objects.size());
    located.found.assign(columns.lists.size(), 0);
    located.positions.resize(columns.lists.size());
    located.indexed.assign(columns.lists.size(), false);
    located.list_with_new_element.reset();
    // An object's owner comes before it: objects are listed as the schema is walked.
    for (std::size_t i = 0; i < columns.objects.size(); ++i) {
        const auto& object = columns.objects[i];
        if (object.list)
            located.objects[i] = locate_element(columns, object, located);
        else if (object.owner)
            located.objects[i] = located.objects[*object.owner]
                                     ? object.member(located.objects[*object.owner])
                                     : nullptr;
        else
            located.objects[i] = &sample;
        if (object.list && located.objects[i]) ++located.found[*object.list];
    }
    for (std::size_t l = 0; l < columns.lists.size(); ++l) {
        const void* owner = located.objects[columns.lists[l].owner];
        if (owner && columns.lists[l].size(owner) > located.found[l]) {
            located.list_with_new_element = l;
            break;
        }
    }
}

}  // namespace edgetop::session_export
