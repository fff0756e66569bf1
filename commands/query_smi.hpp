// `edgetop query --smi`: the fields of `nvidia-smi --query-gpu=... --format=csv` that a Jetson
// can answer, with nvidia-smi's header names, units and placeholders, read from a sample line.
// On a Jetson NVML answers NOT_SUPPORTED for most of them; here each comes from what edgetop
// measures (see smi_fields() for the source of each).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace edgetop::query {

struct SmiField;

// The fields of a --query-gpu list (nvidia-smi's names and aliases), or the first name that is
// not one: nvidia-smi's refusal is `Field "X" is not a valid field to query.`
struct SmiFields {
    std::vector<const SmiField*> fields;
    std::optional<std::string> unknown;
};
SmiFields parse_smi_fields(std::string_view list);
// Every field, in the order of the man page (what --smi without --query-gpu prints).
SmiFields all_smi_fields();

// The header line, as nvidia-smi writes it: names (their long form) with units in brackets,
// separated by ", ".
std::string smi_header(const SmiFields& fields);
// One line per GPU of the sample; "" when it has none.
std::string smi_lines(const nlohmann::ordered_json& sample, const SmiFields& fields, bool units);

}  // namespace edgetop::query
