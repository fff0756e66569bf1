#include "commands/evidence_table.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "edgetop/number_text.hpp"
#include "sensors/core/text_scan.hpp"

namespace edgetop {
namespace {

// A key's unit from its suffix, and how a number is scaled to be shown in that unit.
struct Unit {
    std::string_view suffix;
    std::string_view shown;
    double scale;
};
constexpr std::array kUnits = {
    Unit{"_per_s", "/s", 1},
    Unit{"_pct", "%", 1},
    Unit{"_khz", "MHz", 1e-3},
    Unit{"_hz", "MHz", 1e-6},
    Unit{"_kb", "MiB", 1.0 / 1024},
    Unit{"_mw", "mW", 1},
    Unit{"_ma", "mA", 1},
    Unit{"_ms", "ms", 1},
    Unit{"_w", "W", 1},
    Unit{"_c", "\u00b0C", 1},
    Unit{"_s", "s", 1},
};

// Leading columns that name a table's row, in this order.
constexpr std::array<std::string_view, 6> kKeyColumns = {"pid",  "name",    "id",
                                                         "unit", "cluster", "rail"};

const Unit* unit_of(std::string_view key) {
    for (const auto& unit : kUnits)
        if (key.size() > unit.suffix.size() && key.ends_with(unit.suffix)) return &unit;
    return nullptr;
}

std::string label_of(std::string_view key) {
    if (const Unit* unit = unit_of(key)) key.remove_suffix(unit->suffix.size());
    std::string label;
    size_t start = 0;
    while (start <= key.size()) {
        size_t end = std::min(key.find('_', start), key.size());
        std::string word(key.substr(start, end - start));
        if (word == "cpu" || word == "gpu" || word == "pid" || word == "emc" || word == "ram")
            std::transform(word.begin(), word.end(), word.begin(), ascii::to_upper);
        label += (label.empty() ? "" : " ") + word;
        start = end + 1;
    }
    return label;
}

// The header of a column: its label with the unit ("CPU %", "nonvol ctxt/s").
std::string header_of(std::string_view key) {
    const Unit* unit = unit_of(key);
    if (!unit) return label_of(key);
    return label_of(key) + (unit->shown == "/s" ? "" : " ") + std::string(unit->shown);
}

// Measurements: two decimals at most, no trailing zeros.
std::string number_text(double v) {
    if (!std::isfinite(v)) return "n/a";
    if (std::abs(v) >= 1e12) return fixed(v, 0);
    std::string text = fixed(v, 2);
    while (text.back() == '0')
        text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text == "-0" ? "0" : text;
}

// A value without its unit (a table cell, or before the unit is appended).
std::string cell_text(const nlohmann::json& value, const Unit* unit) {
    if (value.is_null()) return "n/a";
    if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
    if (value.is_string()) return value.get<std::string>();
    if (value.is_number()) return number_text(value.get<double>() * (unit ? unit->scale : 1));
    if (value.is_array()) {
        if (value.empty()) return "none";
        std::string text;
        for (const auto& item : value)
            text += (text.empty() ? "" : " ") + cell_text(item, unit);
        return text;
    }
    std::string text;  // an object inside a cell: "key value" pairs
    for (const auto& [key, item] : value.items())
        text += (text.empty() ? "" : " ") + label_of(key) + " " + cell_text(item, unit_of(key));
    return text;
}

std::string value_text(const nlohmann::json& value, const Unit* unit) {
    std::string text = cell_text(value, unit);
    if (!unit || !value.is_number()) return text;
    return text + (unit->shown == "/s" ? "" : " ") + std::string(unit->shown);
}

bool is_table(const nlohmann::json& value) {
    return value.is_array() && !value.empty() &&
           std::all_of(value.begin(), value.end(),
                       [](const nlohmann::json& item) { return item.is_object(); });
}

tui::EvidenceTable table_of(std::string_view key, const nlohmann::json& rows) {
    std::vector<std::string> keys;
    for (const auto& row : rows)
        for (const auto& [column, _] : row.items())
            if (std::find(keys.begin(), keys.end(), column) == keys.end()) keys.push_back(column);
    std::vector<std::string> ordered;
    for (std::string_view name : kKeyColumns)
        if (std::find(keys.begin(), keys.end(), name) != keys.end()) ordered.emplace_back(name);
    tui::EvidenceTable table;
    table.title = label_of(key);
    table.key_columns = std::max(1, static_cast<int>(ordered.size()));
    for (const auto& column : keys)
        if (std::find(ordered.begin(), ordered.end(), column) == ordered.end())
            ordered.push_back(column);
    // Keys that read the same are one column: a CPU row's max_khz and a GPU row's max_hz are both
    // "max MHz", each row filling it from the key it has.
    std::vector<std::vector<std::string>> keys_of_column;
    for (const auto& column : ordered) {
        std::string header = header_of(column);
        auto same = std::find(table.columns.begin(), table.columns.end(), header);
        if (same == table.columns.end()) {
            table.columns.push_back(std::move(header));
            keys_of_column.push_back({column});
        } else {
            keys_of_column[static_cast<size_t>(same - table.columns.begin())].push_back(column);
        }
    }
    for (const auto& row : rows) {
        std::vector<std::string> cells;
        for (const auto& keys : keys_of_column) {
            auto key = std::find_if(keys.begin(), keys.end(),
                                    [&](const std::string& k) { return row.contains(k); });
            cells.push_back(key != keys.end() ? cell_text(row[*key], unit_of(*key)) : "");
        }
        table.rows.push_back(std::move(cells));
    }
    return table;
}

void add(tui::FlagEvidence& out, const std::string& prefix, const nlohmann::json& evidence) {
    for (const auto& [key, value] : evidence.items()) {
        std::string name = prefix.empty() ? key : prefix + "_" + key;
        if (is_table(value))
            out.tables.push_back(table_of(name, value));
        else if (value.is_object())
            add(out, name, value);
        else
            out.values.push_back({label_of(name), value_text(value, unit_of(key))});
    }
}

}  // namespace

tui::FlagEvidence evidence_table(const nlohmann::json& evidence) {
    tui::FlagEvidence out;
    if (evidence.is_object())
        add(out, "", evidence);
    else if (!evidence.is_null())
        out.values.push_back({"evidence", value_text(evidence, nullptr)});
    return out;
}

}  // namespace edgetop
