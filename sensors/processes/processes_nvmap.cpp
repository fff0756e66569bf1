#include "sensors/processes/processes_nvmap.hpp"

#include <charconv>
#include <string>

namespace edgetop {
namespace {

constexpr size_t kMaxTableBytes = 1 << 20;

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

std::optional<int64_t> to_int(std::string_view text) {
    int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

// "43688K" → 43688; M and G scale to kB; no unit or another one: nullopt.
std::optional<int64_t> size_kb(std::string_view text) {
    if (text.size() < 2) return std::nullopt;
    int64_t scale = 0;
    switch (text.back()) {
        case 'K':
            scale = 1;
            break;
        case 'M':
            scale = 1024;
            break;
        case 'G':
            scale = 1024 * 1024;
            break;
        default:
            return std::nullopt;
    }
    auto value = to_int(text.substr(0, text.size() - 1));
    if (!value || *value > INT64_MAX / scale) return std::nullopt;
    return *value * scale;
}

}  // namespace

std::unordered_map<int, int64_t> parse_nvmap_clients(std::string_view text) {
    std::unordered_map<int, int64_t> kb;
    while (!text.empty()) {
        size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        auto w = words(line);
        if (w.size() < 4) continue;  // the header has four words but no numbers; total has two
        auto pid = to_int(w[w.size() - 2]);
        auto size = size_kb(w.back());
        if (!pid || !size || *pid <= 0 || *pid > INT32_MAX) continue;
        kb[static_cast<int>(*pid)] += *size;
    }
    return kb;
}

bool NvmapClients::open(const Root& root) {
    if (!root.is_live()) return false;
    file_ = SysFile(root.path(kNvmapClientsPath));
    return file_.is_open();
}

void NvmapClients::fill(std::vector<ProcessSample>& processes) {
    if (!file_.is_open()) return;
    auto text = file_.read_lines(kMaxTableBytes);
    if (!text) return;
    auto kb = parse_nvmap_clients(*text);
    if (kb.empty()) return;
    for (auto& p : processes) {
        auto it = kb.find(p.pid);
        if (it != kb.end()) p.gpu_mem_kb = it->second;
    }
}

}  // namespace edgetop
