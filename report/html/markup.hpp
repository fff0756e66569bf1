// Writes HTML and inline SVG into a string. Every text and attribute value goes through escape(),
// so names read from sysfs or from a session file ("<script>") arrive as text, never as markup,
// and every element opened is closed in order (close() and finish() check it).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace edgetop::html {

// &, <, >, " and ' as character references; bytes that are not valid UTF-8, and the control
// characters of text::is_control_code_point() but tab and newline (C0, DEL, C1, bidi), as U+FFFD.
std::string escape(std::string_view text);

// A number for an attribute or a coordinate: at most `decimals` decimals, no trailing zeros.
std::string coordinate(double value, int decimals = 1);

class Markup {
  public:
    using Attributes = std::initializer_list<std::pair<std::string_view, std::string_view>>;

    // <tag a="v" ...>, closed later by close().
    void open(std::string_view tag, Attributes attributes = {});
    // </tag> of the innermost open element.
    void close();
    // <tag a="v" .../>: only for SVG shapes and HTML void elements (meta).
    void empty(std::string_view tag, Attributes attributes = {});
    // <tag a="v">text</tag>
    void element(std::string_view tag, std::string_view text, Attributes attributes = {});
    void text(std::string_view text);
    // Markup written by edgetop itself (the style sheet): never data.
    void trusted(std::string_view markup) { out_ += markup; }

    std::size_t depth() const { return open_.size(); }
    // The document; throws std::logic_error when an element is still open.
    std::string finish();

  private:
    void start_tag(std::string_view tag, Attributes attributes);

    std::string out_;
    std::vector<std::string_view> open_;  // tag names are literals of the code
};

}  // namespace edgetop::html
