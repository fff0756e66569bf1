// A session's samples as CSV (RFC 4180, with '\n' line ends): a header row of the columns'
// names, then one row per sample; an absent value is an empty cell, a cell holding a comma, a
// double quote or a line break is quoted.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "export/export_columns.hpp"

namespace edgetop::session_export {

// Appends text to out as one CSV field, quoted where needed.
void append_csv_field(std::string& out, std::string_view text);

void append_csv_header(std::string& out, const std::vector<std::string>& names);

// One row: the cells of `columns` in the sample whose objects are `located`.
void append_csv_row(std::string& out, const Columns& columns, const Located& located);

}  // namespace edgetop::session_export
