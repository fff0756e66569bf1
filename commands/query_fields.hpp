// The FIELD paths of `edgetop query`: a key path of the session's sample line ("mem.used_kb",
// "gpu.0.load", "thermal.tj.temp_c"), checked against the sample schema before anything is read,
// then looked up in a sample line (taken here or read from a serve) and written as CSV or JSON.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edgetop/sample_schema.hpp"

namespace edgetop::query {

// One struct of the sample line as the schema describes it, kept as data so that a path given
// at run time can be walked: its keys, each with its unit and, for an object or a list, the keys
// of the object or of each element.
struct KeyNode {
    std::string_view key;
    schema::Unit unit = schema::Unit::object;
    std::vector<KeyNode> fields;
};

// The keys of the whole sample line.
KeyNode sample_keys();

struct FieldPath {
    std::string text;                // as given
    std::vector<std::string> parts;  // split at the dots
    schema::Unit unit;               // of the value it ends at
};

// The path, or a one-line reason naming the key that is not in the sample line.
struct ParsedField {
    std::optional<FieldPath> path;
    std::string error;
};
ParsedField parse_field(std::string_view text, const KeyNode& keys);

// The value at the path in a sample line; null when the sample does not have it (an absent
// element, a value the board does not measure).
nlohmann::ordered_json lookup(const nlohmann::ordered_json& sample, const FieldPath& path,
                              const KeyNode& keys);

// The unit as a CSV header and a value show it ("%", "mW", "kB"), "" for none (counts, text...).
std::string_view unit_suffix(schema::Unit unit);

struct CsvStyle {
    bool header = true;
    bool units = true;
};
// csv, csv,noheader, csv,nounits or csv,noheader,nounits (nvidia-smi's words).
CsvStyle csv_style(std::string_view format);

// The header line (with its newline): each path with its unit in brackets.
std::string csv_header(const std::vector<FieldPath>& fields);
// One line of values (with its newline), separated by commas, quoted where RFC 4180 needs it.
std::string csv_line(const std::vector<nlohmann::ordered_json>& values,
                     const std::vector<FieldPath>& fields, const CsvStyle& style);
// One JSON object (with its newline): each path as given, its value.
std::string json_line(const std::vector<nlohmann::ordered_json>& values,
                      const std::vector<FieldPath>& fields);

}  // namespace edgetop::query
