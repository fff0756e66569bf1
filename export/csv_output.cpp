#include "export/csv_output.hpp"

namespace edgetop::session_export {

namespace {

bool needs_quotes(std::string_view text) {
    return text.find_first_of(",\"\r\n") != std::string_view::npos;
}

// Quotes the cell that starts at `start` (already appended), doubling its double quotes.
void quote_from(std::string& out, std::size_t start) {
    std::string cell = out.substr(start);
    out.resize(start);
    out += '"';
    for (char c : cell) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

}  // namespace

void append_csv_field(std::string& out, std::string_view text) {
    std::size_t start = out.size();
    out += text;
    if (needs_quotes(text)) quote_from(out, start);
}

void append_csv_header(std::string& out, const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) out += ',';
        append_csv_field(out, names[i]);
    }
    out += '\n';
}

void append_csv_row(std::string& out, const Columns& columns, const Located& located) {
    bool first = true;
    for (const auto& column : columns.columns) {
        if (!first) out += ',';
        first = false;
        const void* object = located.objects[column.object];
        if (!object) continue;
        std::size_t start = out.size();
        column.text(object, out);
        if (needs_quotes(std::string_view(out).substr(start))) quote_from(out, start);
    }
    out += '\n';
}

}  // namespace edgetop::session_export
