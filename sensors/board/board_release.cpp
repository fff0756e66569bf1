// Hand-written parsers: nv_tegra_release, device-tree string lists and /proc/cpuinfo are small
// fixed formats read once at start; no library covers them.
#include "sensors/board/board_release.hpp"

#include <algorithm>
#include <array>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {

namespace {

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), ascii::is_digit);
}

// "4.7" or "5.1": digit groups separated by single dots.
bool is_revision(std::string_view text) {
    if (text.empty() || text.size() > 16) return false;
    size_t start = 0;
    while (true) {
        size_t dot = text.find('.', start);
        auto part = text.substr(start, dot == std::string_view::npos ? dot : dot - start);
        if (!all_digits(part)) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

}  // namespace

std::optional<std::string> parse_l4t_release(std::string_view text) {
    std::string_view line = trim(next_line(text));
    if (!line.starts_with('#')) return std::nullopt;
    line = trim(line.substr(1));
    if (!line.starts_with('R')) return std::nullopt;
    size_t end = 1;
    while (end < line.size() && ascii::is_digit(line[end]))
        ++end;
    auto major = line.substr(1, end - 1);
    if (!all_digits(major) || major.size() > 4) return std::nullopt;

    constexpr std::string_view key = "REVISION:";
    auto at = line.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    auto rest = trim(line.substr(at + key.size()));
    auto revision = rest.substr(0, rest.find_first_of(", \t"));
    if (!is_revision(revision)) return std::nullopt;
    return std::string(major) + "." + std::string(revision);
}

std::vector<std::string> split_nul_list(std::string_view text) {
    std::vector<std::string> items;
    size_t start = 0;
    while (start < text.size()) {
        size_t nul = text.find('\0', start);
        if (nul == std::string_view::npos) nul = text.size();
        auto item = trim(text.substr(start, nul - start));
        if (!item.empty()) items.emplace_back(item);
        start = nul + 1;
    }
    return items;
}

std::optional<std::string> soc_from_compatible(const std::vector<std::string>& compatible) {
    constexpr std::string_view prefix = "nvidia,tegra";
    for (auto it = compatible.rbegin(); it != compatible.rend(); ++it) {
        std::string_view entry = *it;
        if (!entry.starts_with(prefix)) continue;
        auto number = entry.substr(prefix.size());
        if (all_digits(number))
            return std::string(entry.substr(std::string_view("nvidia,").size()));
    }
    return std::nullopt;
}

std::optional<std::string> clean_identity_string(std::string_view text) {
    constexpr std::array<std::string_view, 7> placeholders{"To Be Filled By O.E.M.",
                                                           "To be filled by O.E.M.",
                                                           "Default string",
                                                           "System manufacturer",
                                                           "System Product Name",
                                                           "Not Specified",
                                                           "None"};
    text = trim(text);
    if (text.empty()) return std::nullopt;
    for (auto placeholder : placeholders)
        if (text == placeholder) return std::nullopt;
    // Control characters in a model name mean a corrupt or binary read.
    bool clean = std::none_of(text.begin(), text.end(), [](char c) {
        auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7f;
    });
    if (!clean) return std::nullopt;
    return std::string(text);
}

std::optional<std::string> cpu_model_name(std::string_view cpuinfo) {
    while (!cpuinfo.empty()) {
        std::string_view line = next_line(cpuinfo);
        auto colon = line.find(':');
        if (colon == std::string_view::npos || trim(line.substr(0, colon)) != "model name")
            continue;
        return clean_identity_string(line.substr(colon + 1));
    }
    return std::nullopt;
}

}  // namespace edgetop
