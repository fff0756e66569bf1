// Hand-written: the only decoding needed is "is this one valid UTF-8 sequence, and which code
// point"; libunistring or ICU would be a dependency for a dozen lines.
#include "text/text_escape.hpp"

#include <fmt/format.h>

namespace edgetop::text {

std::optional<CodePoint> utf8_code_point(std::string_view text, std::size_t i) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    if (i >= text.size()) return std::nullopt;
    unsigned char lead = byte(i);
    if (lead < 0x80) return CodePoint{lead, 1};
    std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                         : lead >= 0xE0 && lead <= 0xEF ? 3
                         : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                        : 0;
    if (length == 0 || i + length > text.size()) return std::nullopt;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return std::nullopt;
    if (length == 3 && lead == 0xE0 && byte(i + 1) < 0xA0) return std::nullopt;   // overlong
    if (length == 3 && lead == 0xED && byte(i + 1) >= 0xA0) return std::nullopt;  // surrogate
    if (length == 4 && lead == 0xF0 && byte(i + 1) < 0x90) return std::nullopt;   // overlong
    if (length == 4 && lead == 0xF4 && byte(i + 1) >= 0x90) return std::nullopt;  // > U+10FFFF
    char32_t cp = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < length; ++k)
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    return CodePoint{cp, length};
}

bool is_control_code_point(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E ||
           cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        auto cp = utf8_code_point(text, i);
        if (!cp) {
            out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
            ++i;
            continue;
        }
        if (!is_control_code_point(cp->value))
            out.append(text.substr(i, cp->length));
        else if (cp->value <= 0x7F)
            out += fmt::format("\\x{:02x}", static_cast<unsigned>(cp->value));
        else
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp->value));
        i += cp->length;
    }
    return out;
}

}  // namespace edgetop::text
