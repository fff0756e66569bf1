#include "tui/flag_evidence.hpp"

#include <algorithm>

namespace edgetop::tui {

std::vector<EvidenceValue> flatten(const FlagEvidence& evidence) {
    std::vector<EvidenceValue> out = evidence.values;
    for (const auto& table : evidence.tables) {
        const size_t keys = static_cast<size_t>(std::max(1, table.key_columns));
        for (const auto& row : table.rows) {
            std::string row_name;
            for (size_t c = 0; c < keys && c < row.size(); ++c)
                row_name += (row_name.empty() ? "" : " ") + row[c];
            for (size_t c = keys; c < row.size() && c < table.columns.size(); ++c)
                if (!row[c].empty())  // the row has no such value (a GPU row's "cores")
                    out.push_back({row_name + " " + table.columns[c], row[c]});
        }
    }
    return out;
}

}  // namespace edgetop::tui
