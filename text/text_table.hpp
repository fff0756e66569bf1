// Left-aligned text columns, each as wide as its widest cell (by terminal columns, so "°C" counts
// as two). Cells hold names read from files: they are shown through terminal_safe().
#pragma once

#include <string>
#include <vector>

namespace edgetop {

class TextTable {
  public:
    void add_row(std::vector<std::string> cells);
    bool empty() const { return rows_.empty(); }
    // Every row on its own line, prefixed by indent, columns separated by two spaces; trailing
    // blanks are trimmed.
    std::string render(const std::string& indent = "") const;

  private:
    std::vector<std::vector<std::string>> rows_;
};

// Terminal columns of UTF-8 text (one per code point; edgetop prints no wide characters).
size_t display_width(const std::string& text);

}  // namespace edgetop
