// The sample reader on nlohmann-json's DOM: the reader of builds without a usable simdjson
// (Debian 11 ships 0.7, Ubuntu 20.04 0.2), and the reference the simdjson reader is compared with
// in tests. It reads by the same rules: null and wrongly typed values are absent, unknown keys
// are ignored, a line nested deeper than the simdjson reader checks is invalid with the same
// reason. About 5 times slower than On-Demand (bench/report_bench.cpp), which matters only for
// long recordings.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include "edgetop/sample_schema.hpp"
#include "session/session_element_limits.hpp"
#include "session/session_json_values.hpp"
#include "session/session_read_sample.hpp"
#include "session/session_summary_fields.hpp"
#include "session/session_time.hpp"

namespace edgetop {

namespace {

using nlohmann::json;
using session_json::find;
using session_json::get_array;
using session_json::get_bool;
using session_json::get_double;
using session_json::get_int;
using session_json::get_string;

// The simdjson reader steps over a value it does not read (an unknown key, or a container where
// it wants a number) through a check that refuses more than 64 levels below that value; a line
// it refuses is refused here too, with the text simdjson gives that error.
constexpr int kMaxSkipDepth = 64;
constexpr const char* kDepthError =
    "The JSON document was too deep (too many nested objects and arrays)";

// Levels of containers below value (0 for a scalar or an empty container's elements).
bool too_deep(const json& value, int depth = 0) {
    if (depth > kMaxSkipDepth) return true;
    if (!value.is_structured()) return false;
    for (const auto& child : value)
        if (too_deep(child, depth + 1)) return true;
    return false;
}

// Whether the simdjson reader refuses value as too deep when it reads it as a T (an object the
// schema describes): it reads the described keys, and checks any other value (an unknown key, or
// a container where it wants a number) as a whole.
template <class T>
bool too_deep_as(const json& value);

template <class M>
bool too_deep_as_member(const json& value) {
    if constexpr (schema::is_optional_object<M>) {
        return too_deep_as<typename schema::IsOptional<M>::Value>(value);
    } else if constexpr (schema::has_schema<M>) {
        return too_deep_as<M>(value);
    } else if constexpr (schema::IsVector<M>::value) {
        if (!value.is_array()) return too_deep(value);
        for (const auto& element : value)
            if (too_deep_as_member<typename schema::IsVector<M>::Element>(element)) return true;
        return false;
    } else {
        return too_deep(value);
    }
}

template <class T>
bool too_deep_as(const json& value) {
    if (!value.is_object()) return too_deep(value);
    for (auto it = value.begin(); it != value.end(); ++it) {
        // Plain references: a lambda may not capture structured bindings before clang 16.
        const std::string& key = it.key();
        const json& child = it.value();
        bool known = false, deep = false;
        std::apply(
            [&](const auto&... field) {
                ((!known && field.key == key &&
                  (known = true,
                   deep = too_deep_as_member<typename std::decay_t<decltype(field)>::Type>(child))),
                 ...);
            },
            schema::Schema<T>::fields);
        if (known ? deep : too_deep(child)) return true;
    }
    return false;
}

std::optional<int> get_small_int(const json& j, const char* key) {
    auto v = get_int(j, key);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(*v);
}

template <class T>
void read_object(const json& j, T& object);

// The value under field's key of j into its member (j need not be an object: then every value
// is absent). object is freshly made, so what is absent stays at its default.
template <class Field, class T>
void read_member(const Field& field, const json& j, T& object) {
    using M = typename Field::Type;
    const char* key = field.key.data();  // the schema's keys are string literals
    M& member = field.of(object);
    if constexpr (std::is_same_v<M, std::optional<double>>) {
        member = get_double(j, key);
    } else if constexpr (std::is_same_v<M, std::optional<int64_t>>) {
        member = get_int(j, key);
    } else if constexpr (std::is_same_v<M, std::optional<int>>) {
        member = get_small_int(j, key);
    } else if constexpr (std::is_same_v<M, std::optional<bool>>) {
        member = get_bool(j, key);
    } else if constexpr (std::is_same_v<M, std::optional<std::string>>) {
        member = get_string(j, key);
    } else if constexpr (std::is_same_v<M, std::optional<char>>) {
        if (auto text = get_string(j, key); text && text->size() == 1) member = (*text)[0];
    } else if constexpr (std::is_same_v<M, std::string>) {
        member = get_string(j, key).value_or("");
    } else if constexpr (std::is_same_v<M, double>) {
        if (auto v = get_double(j, key)) member = *v;
    } else if constexpr (std::is_same_v<M, int64_t>) {
        if (auto v = get_int(j, key)) member = *v;
    } else if constexpr (std::is_same_v<M, int>) {
        if (auto v = get_small_int(j, key)) member = *v;
    } else if constexpr (std::is_same_v<M, bool>) {
        if (auto v = get_bool(j, key)) member = *v;
    } else if constexpr (std::is_same_v<M, std::chrono::system_clock::time_point>) {
        if (auto text = get_string(j, key))
            member = parse_rfc3339(*text).value_or(std::chrono::system_clock::time_point{});
    } else if constexpr (std::is_same_v<M, std::vector<std::string>>) {
        const std::size_t keep = elements_read(field.key);
        for (const auto& element : get_array(j, key)) {
            if (member.size() == keep) break;
            if (element.is_string()) member.push_back(element.get<std::string>());
        }
    } else if constexpr (schema::IsVector<M>::value) {
        const std::size_t keep = elements_read(field.key);
        for (const auto& element : get_array(j, key)) {
            if (member.size() == keep) break;
            read_object(element, member.emplace_back());
        }
    } else if constexpr (schema::has_schema<M>) {
        if (const json* v = find(j, key)) read_object(*v, member);
    } else {
        static_assert(schema::IsOptional<M>::value, "no reader for this type");
        const json* v = find(j, key);
        if (v && v->is_object()) read_object(*v, member.emplace());
    }
}

template <class T>
void read_object(const json& j, T& object) {
    std::apply([&](const auto&... field) { (read_member(field, j, object), ...); },
               schema::Schema<T>::fields);
}

Sample read_sample(const json& line) {
    Sample s;
    read_object(line, s);
    return s;
}

// The fields a report summarises (session_summary_fields.hpp) moved from full into out.
template <class T>
void summarise(T& full, T& out) {
    session_read::for_each_summary_field<T>([&](const auto& field) {
        using M = typename std::decay_t<decltype(field)>::Type;
        M& from = field.of(full);
        M& to = field.of(out);
        if constexpr (session_read::has_summary<M>) {
            summarise(from, to);
        } else if constexpr (schema::IsVector<M>::value) {
            using Element = typename schema::IsVector<M>::Element;
            if constexpr (session_read::has_summary<Element>) {
                for (auto& element : from)
                    summarise(element, to.emplace_back());
            } else {
                to = std::move(from);
            }
        } else if constexpr (schema::is_optional_object<M>) {
            if (from) summarise(*from, to.emplace());
        } else {
            to = std::move(from);
        }
        return true;
    });
}

// What a report summarises of a full sample (see SampleFields::summary); the rest is absent.
Sample summary_of(Sample&& full) {
    Sample s;
    summarise(full, s);
    return s;
}

class NlohmannEngine : public SampleLineParser::Engine {
  public:
    explicit NlohmannEngine(SampleFields fields) : fields_(fields) {}

    SampleLineParser::Result parse(std::string_view line, Sample& out) override {
        using Result = SampleLineParser::Result;
        json parsed = json::parse(line, nullptr, false);
        // As the simdjson reader: a line that is not JSON, not an object, or has no "type"
        // "sample" is another reader's to judge (SessionReader names its fault).
        if (parsed.is_discarded() || !parsed.is_object()) return Result::other;
        auto type = get_string(parsed, "type");
        if (!type || *type != "sample") return Result::other;
        // A summary read steps over what it does not summarise without checking it, as the
        // simdjson reader does.
        if (fields_ == SampleFields::all && too_deep_as<Sample>(parsed)) {
            error_ = kDepthError;
            return Result::invalid;
        }
        Sample sample = read_sample(parsed);
        if (fields_ == SampleFields::summary) sample = summary_of(std::move(sample));
        out = std::move(sample);
        return Result::sample;
    }

    const char* error() const override { return error_; }

  private:
    SampleFields fields_;
    const char* error_ = "";
};

}  // namespace

std::unique_ptr<SampleLineParser::Engine> make_nlohmann_engine(SampleFields fields) {
    return std::make_unique<NlohmannEngine>(fields);
}

}  // namespace edgetop
