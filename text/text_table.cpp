#include "text/text_table.hpp"

#include <algorithm>

#include "text/text_escape.hpp"

namespace edgetop {

size_t display_width(const std::string& text) {
    // Count bytes that do not continue a UTF-8 sequence.
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

void TextTable::add_row(std::vector<std::string> cells) {
    for (auto& cell : cells)
        cell = text::terminal_safe(cell);
    rows_.push_back(std::move(cells));
}

std::string TextTable::render(const std::string& indent) const {
    std::vector<size_t> widths;
    for (const auto& row : rows_) {
        if (widths.size() < row.size()) widths.resize(row.size(), 0);
        for (size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], display_width(row[i]));
    }
    std::string out;
    for (const auto& row : rows_) {
        std::string line = indent;
        for (size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) line.append(widths[i] - display_width(row[i]) + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line;
        out += '\n';
    }
    return out;
}

}  // namespace edgetop
