// The evidence of one flag as the Analysis page shows it: named values with their units, and
// tables (one row per zone, process, clock unit...) with the unit in each column's header.
#pragma once

#include <string>
#include <vector>

namespace edgetop::tui {

struct EvidenceValue {
    std::string name;   // "busy count", "warn"
    std::string value;  // with its unit: "85 °C", "n/a"
    bool operator==(const EvidenceValue&) const = default;
};

struct EvidenceTable {
    std::string title;                 // "busy processes"
    std::vector<std::string> columns;  // "PID", "name", "CPU %"
    std::vector<std::vector<std::string>> rows;
    int key_columns = 1;  // leading columns that name a row ("PID name", "zone")
};

struct FlagEvidence {
    std::vector<EvidenceValue> values;
    std::vector<EvidenceTable> tables;
    bool empty() const { return values.empty() && tables.empty(); }
};

// What the analysis knows about one active flag (Sample::flags holds only the ids).
struct FlagDetail {
    std::string id;       // same id as in Sample::flags
    std::string message;  // one sentence for the user
    FlagEvidence evidence;
    // The condition at the latest sample: false while a raised flag waits out its clear_s, when
    // the message already says what no longer holds.
    bool holds_now = true;
};

// Every value of the evidence as one list: the named values, then each table cell named by its
// row's key columns and its column ("CPU-therm temp °C"), for the history of a flag.
std::vector<EvidenceValue> flatten(const FlagEvidence& evidence);

}  // namespace edgetop::tui
