#include "tui/evidence_lines.hpp"

#include <algorithm>

#include "edgetop/number_text.hpp"
#include "tui/widgets.hpp"

namespace edgetop::tui {
namespace {

int columns_of(std::string_view text) {
    return text_columns(text);
}

std::string padded(std::string_view text, int width) {
    std::string out(text);
    out.append(static_cast<size_t>(std::max(0, width - columns_of(text))), ' ');
    return out;
}

// The first `columns` code points of `text`, as bytes.
size_t prefix_bytes(std::string_view text, int columns) {
    size_t i = 0;
    int seen = 0;
    while (i < text.size()) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            if (seen == columns) break;
            ++seen;
        }
        ++i;
    }
    return i;
}

}  // namespace

std::vector<std::string> wrap_text(std::string_view text, int width) {
    width = std::max(1, width);
    std::vector<std::string> lines;
    std::string line;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t start = text.find_first_not_of(' ', pos);
        if (start == std::string_view::npos) break;
        size_t end = std::min(text.find(' ', start), text.size());
        std::string_view word = text.substr(start, end - start);
        pos = end;
        int line_w = columns_of(line);
        int word_w = columns_of(word);
        if (!line.empty() && line_w + 1 + word_w <= width) {
            line += ' ';
            line += word;
            continue;
        }
        if (!line.empty()) lines.push_back(std::move(line)), line.clear();
        while (columns_of(word) > width) {  // a word wider than the line: split it
            size_t cut = prefix_bytes(word, width);
            lines.emplace_back(word.substr(0, cut));
            word.remove_prefix(cut);
        }
        line = std::string(word);
    }
    if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
    return lines;
}

std::vector<Line> value_lines(const std::vector<EvidenceValue>& values, int width) {
    std::vector<Line> lines;
    if (values.empty()) return lines;
    int name_w = 0, value_w = 0;
    for (const auto& v : values) {
        name_w = std::max(name_w, columns_of(v.name));
        value_w = std::max(value_w, columns_of(v.value));
    }
    const int cell_w = name_w + 2 + value_w;
    const int gap = 4;
    const int per_line = std::max(1, (width + gap) / (cell_w + gap));
    std::string text;
    for (size_t i = 0; i < values.size(); ++i) {
        int column = static_cast<int>(i) % per_line;
        std::string cell = padded(values[i].name, name_w) + "  " + values[i].value;
        if (column == 0 && !text.empty()) lines.push_back({std::move(text)}), text.clear();
        if (column > 0) text = padded(text, column * (cell_w + gap));
        text += cell;
    }
    if (!text.empty()) lines.push_back({std::move(text)});
    return lines;
}

std::vector<Line> table_lines(const EvidenceTable& table, int max_rows) {
    std::vector<Line> lines;
    std::vector<int> widths(table.columns.size(), 0);
    for (size_t c = 0; c < table.columns.size(); ++c) {
        widths[c] = columns_of(table.columns[c]);
        for (const auto& row : table.rows)
            if (c < row.size()) widths[c] = std::max(widths[c], columns_of(row[c]));
    }
    auto line_of = [&](const std::vector<std::string>& cells) {
        std::string text;
        for (size_t c = 0; c < widths.size(); ++c) {
            const std::string_view cell =
                c < cells.size() ? std::string_view(cells[c]) : std::string_view();
            if (c + 1 == widths.size())
                text += cell;
            else
                text += padded(cell, widths[c]) + "  ";
        }
        return text;  // too wide a line is clipped by the canvas; the naming columns come first
    };
    lines.push_back({table.title + ":", Style::label});
    lines.push_back({"  " + line_of(table.columns), Style::dim});
    int shown = 0;
    for (const auto& row : table.rows) {
        if (shown == std::max(0, max_rows)) break;
        lines.push_back({"  " + line_of(row)});
        ++shown;
    }
    int left = static_cast<int>(table.rows.size()) - shown;
    if (left > 0) lines.push_back({"  +" + plural(left, "more row"), Style::dim});
    return lines;
}

std::vector<Line> evidence_lines(const FlagEvidence& evidence, int width, int max_table_rows) {
    std::vector<Line> lines = value_lines(evidence.values, width);
    for (const auto& table : evidence.tables) {
        auto more = table_lines(table, max_table_rows);
        lines.insert(lines.end(), more.begin(), more.end());
    }
    return lines;
}

}  // namespace edgetop::tui
