// A flag's message and evidence as lines that fit a width: the message word-wrapped, the values in
// name/value columns, each table with a header row. The Analysis page and its detail view draw
// these lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tui/canvas.hpp"
#include "tui/flag_evidence.hpp"

namespace edgetop::tui {

struct Line {
    std::string text;
    Style style = Style::normal;
};

// Word-wrapped to `width` columns (at least 1); a word longer than a line is split.
std::vector<std::string> wrap_text(std::string_view text, int width);

// The named values as "name  value" cells, as many cells a line as fit in `width`.
std::vector<Line> value_lines(const std::vector<EvidenceValue>& values, int width);

// The title, the header and up to `max_rows` rows (then "+N more rows"), columns padded to their
// widest cell.
std::vector<Line> table_lines(const EvidenceTable& table, int max_rows);

// Values then tables; every table shows at most `max_table_rows` rows.
std::vector<Line> evidence_lines(const FlagEvidence& evidence, int width, int max_table_rows);

}  // namespace edgetop::tui
