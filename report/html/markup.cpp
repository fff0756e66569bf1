#include "report/html/markup.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace edgetop::html {

namespace {

// The length of the valid UTF-8 sequence at text[i], 0 when it is not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    unsigned char lead = byte(i);
    std::size_t length = lead < 0x80                    ? 1
                         : lead >= 0xC2 && lead <= 0xDF ? 2
                         : lead >= 0xE0 && lead <= 0xEF ? 3
                         : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                        : 0;
    if (length == 0 || i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    if (length == 3 && lead == 0xE0 && byte(i + 1) < 0xA0) return 0;   // overlong
    if (length == 3 && lead == 0xED && byte(i + 1) >= 0xA0) return 0;  // surrogate
    if (length == 4 && lead == 0xF0 && byte(i + 1) < 0x90) return 0;   // overlong
    if (length == 4 && lead == 0xF4 && byte(i + 1) >= 0x90) return 0;  // beyond U+10FFFF
    return length;
}

}  // namespace

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
                std::size_t length = utf8_length(text, i);
                if (length == 0) {
                    out += "\xEF\xBF\xBD";
                    ++i;
                    continue;
                }
                // Control characters other than tab and newline are not allowed in HTML text.
                if (length == 1 && static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
                    out += "\xEF\xBF\xBD";
                else
                    out.append(text.substr(i, length));
                i += length;
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
