#include "import/tegrastats_text.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace edgetop::tegrastats {
namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

}  // namespace

void Tokenizer::advance() {
    size_t begin = 0;
    while (begin < rest_.size() && is_blank(rest_[begin]))
        ++begin;
    size_t end = begin;
    while (end < rest_.size() && !is_blank(rest_[end]))
        ++end;
    next_ = rest_.substr(begin, end - begin);
    rest_.remove_prefix(end);
}

std::optional<int64_t> to_uint(std::string_view text) {
    if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
    int64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<double> to_double(std::string_view text) {
    if (text.empty()) return std::nullopt;
    double value = 0;
    auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

std::optional<int64_t> scaled(int64_t value, int64_t factor) {
    if (factor != 0 && value > std::numeric_limits<int64_t>::max() / factor) return std::nullopt;
    return value * factor;
}

bool strip_suffix(std::string_view& text, std::string_view suffix) {
    if (!text.ends_with(suffix)) return false;
    text.remove_suffix(suffix.size());
    return true;
}

bool strip_prefix(std::string_view& text, std::string_view prefix) {
    if (!text.starts_with(prefix)) return false;
    text.remove_prefix(prefix.size());
    return true;
}

bool split_once(std::string_view text, char separator, std::string_view& left,
                std::string_view& right) {
    size_t at = text.find(separator);
    if (at == std::string_view::npos) return false;
    left = text.substr(0, at);
    right = text.substr(at + 1);
    return true;
}

std::optional<double> to_percent(std::string_view text) {
    if (!strip_suffix(text, "%") || text.empty() || text.front() < '0' || text.front() > '9') {
        return std::nullopt;
    }
    return to_double(text);
}

}  // namespace edgetop::tegrastats
