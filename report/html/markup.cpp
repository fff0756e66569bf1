#include "report/html/markup.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "text/text_escape.hpp"

namespace edgetop::html {

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        char c = text[i];
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default: {
                auto cp = text::utf8_code_point(text, i);
                if (!cp) {
                    out += "\xEF\xBF\xBD";
                    ++i;
                    continue;
                }
                // Control characters other than tab and newline are not allowed in HTML text;
                // the bidi controls would reorder the text after them (a name shown reversed).
                if (text::is_control_code_point(cp->value) && c != '\t' && c != '\n')
                    out += "\xEF\xBF\xBD";
                else
                    out.append(text.substr(i, cp->length));
                i += cp->length;
                continue;
            }
        }
        ++i;
    }
    return out;
}

std::string coordinate(double value, int decimals) {
    if (!std::isfinite(value)) return "0";
    std::string s = fmt::format("{:.{}f}", value, decimals);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

void Markup::start_tag(std::string_view tag, Attributes attributes) {
    out_ += '<';
    out_ += tag;
    for (const auto& [name, value] : attributes) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        out_ += escape(value);
        out_ += '"';
    }
}

void Markup::open(std::string_view tag, Attributes attributes) {
    start_tag(tag, attributes);
    out_ += '>';
    open_.push_back(tag);
}

void Markup::close() {
    if (open_.empty()) throw std::logic_error("Markup::close: no element is open");
    out_ += "</";
    out_ += open_.back();
    out_ += '>';
    open_.pop_back();
}

void Markup::empty(std::string_view tag, Attributes attributes) {
    start_tag(tag, attributes);
    out_ += "/>";
}

void Markup::element(std::string_view tag, std::string_view text, Attributes attributes) {
    open(tag, attributes);
    out_ += escape(text);
    close();
}

void Markup::text(std::string_view text) {
    out_ += escape(text);
}

std::string Markup::finish() {
    if (!open_.empty())
        throw std::logic_error(fmt::format("Markup::finish: <{}> is still open", open_.back()));
    return std::move(out_);
}

}  // namespace edgetop::html
