#include "sensors/cpu/cpu_list.hpp"

#include <algorithm>
#include <charconv>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {
namespace {

// No kernel configures more CPUs than this (NR_CPUS tops out at 8192 on arm64 and x86).
constexpr int kMaxCpuId = 8191;

std::optional<int> parse_cpu_id(std::string_view token) {
    int value = -1;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size() || token.empty()) return {};
    if (value < 0 || value > kMaxCpuId) return {};
    return value;
}

}  // namespace

std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
    std::vector<int> cpus;
    text = trim(text);
    while (!text.empty()) {
        size_t cut = text.find_first_of(", \t\n");
        std::string_view token = text.substr(0, cut);
        text = cut == std::string_view::npos ? std::string_view() : text.substr(cut + 1);
        if (token.empty()) continue;  // runs of separators
        size_t dash = token.find('-');
        auto first = parse_cpu_id(token.substr(0, dash));
        auto last = dash == std::string_view::npos ? first : parse_cpu_id(token.substr(dash + 1));
        if (!first || !last || *last < *first) return std::nullopt;
        for (int cpu = *first; cpu <= *last; ++cpu)
            cpus.push_back(cpu);
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

}  // namespace edgetop
