#include "sensors/memory/memory_parse.hpp"

#include <array>

#include "sensors/core/sysfs_file.hpp"

namespace edgetop {
namespace {

// Highest buddy order any kernel configures (arm64 allows up to order 15 with 64 KiB pages).
constexpr int kMaxOrders = 16;
// More free blocks than 2^40 (4 PiB of 4 KiB pages) is garbage, and would overflow the sum.
constexpr int64_t kMaxFreeBlocks = int64_t{1} << 40;

std::optional<int64_t> non_negative(std::string_view token) {
    auto value = parse_int(token);
    if (!value || *value < 0) return std::nullopt;
    return value;
}

// "    3964328 kB" -> 3964328
std::optional<int64_t> meminfo_kb(std::string_view value) {
    value = trim(value);
    if (value.ends_with("kB")) value.remove_suffix(2);
    return non_negative(value);
}

}  // namespace

Meminfo parse_meminfo(std::string_view text) {
    Meminfo info;
    while (!text.empty()) {
        std::string_view line = next_line(text);
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        std::string_view key = line.substr(0, colon);
        std::optional<int64_t>* field = nullptr;
        if (key == "MemTotal")
            field = &info.mem_total;
        else if (key == "MemFree")
            field = &info.mem_free;
        else if (key == "MemAvailable")
            field = &info.mem_available;
        else if (key == "Buffers")
            field = &info.buffers;
        else if (key == "Cached")
            field = &info.cached;
        else if (key == "SReclaimable")
            field = &info.sreclaimable;
        else if (key == "SwapTotal")
            field = &info.swap_total;
        else if (key == "SwapFree")
            field = &info.swap_free;
        else if (key == "SwapCached")
            field = &info.swap_cached;
        else if (key == "NvMapMemUsed")
            field = &info.nvmap_used;
        if (field) *field = meminfo_kb(line.substr(colon + 1));
    }
    return info;
}

std::optional<LargestFreeBlock> parse_buddyinfo(std::string_view text) {
    // "Node 0, zone   Normal   1005    779  ...  94": free block counts per order, 0 first.
    std::array<int64_t, kMaxOrders> free_blocks{};
    bool any_zone = false;
    while (!text.empty()) {
        std::string_view line = next_line(text);
        if (trim(line).empty()) continue;
        size_t zone = line.find("zone");
        if (zone == std::string_view::npos) return std::nullopt;
        std::string_view rest = line.substr(zone + 4);
        if (next_token(rest).empty()) return std::nullopt;  // the zone name
        int order = 0;
        for (auto token = next_token(rest); !token.empty(); token = next_token(rest), ++order) {
            auto count = non_negative(token);
            if (!count || *count > kMaxFreeBlocks || order >= kMaxOrders) return std::nullopt;
            free_blocks[order] += *count;
        }
        if (order == 0) return std::nullopt;
        any_zone = true;
    }
    if (!any_zone) return std::nullopt;
    for (int order = kMaxOrders - 1; order >= 0; --order) {
        if (free_blocks[order] > 0) return LargestFreeBlock{order, free_blocks[order]};
    }
    return std::nullopt;  // no free page at all
}

std::optional<int64_t> parse_nvmap_clients_total(std::string_view text) {
    while (!text.empty()) {
        std::string_view rest = next_line(text);
        if (next_token(rest) != "total") continue;
        std::string_view size = trim(rest);
        // The kernel prints the total in KiB with a "K" suffix.
        if (!size.ends_with('K')) return std::nullopt;
        size.remove_suffix(1);
        return non_negative(size);
    }
    return std::nullopt;
}

}  // namespace edgetop
