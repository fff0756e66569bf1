// Parsers of /proc/meminfo, /proc/buddyinfo and the nvmap iovmm clients table.
//
// meminfo and buddyinfo are fixed kernel formats (Documentation/filesystems/proc.rst); libproc2's
// meminfo API reads the live /proc only and knows nothing of buddyinfo or NvMapMemUsed, so these
// small parsers work on the text SysFile::read() returns.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace edgetop {

// The /proc/meminfo lines edgetop uses, in kB. A line that is missing, negative or not a number
// stays absent.
struct Meminfo {
    std::optional<int64_t> mem_total, mem_free, mem_available, buffers, cached, sreclaimable;
    std::optional<int64_t> swap_total, swap_free, swap_cached;
    std::optional<int64_t> nvmap_used;  // NvMapMemUsed: nvgpu kernels of JetPack 4 and 5 only
};
Meminfo parse_meminfo(std::string_view text);

// The largest free block of the buddy allocator: the highest order with a free block in any zone,
// and how many blocks of that order are free, summed over every node and zone.
struct LargestFreeBlock {
    int order = 0;
    int64_t count = 0;
};
std::optional<LargestFreeBlock> parse_buddyinfo(std::string_view text);

// The "total" line of /sys/kernel/debug/nvmap/iovmm/clients ("total   123456K"), in kB.
std::optional<int64_t> parse_nvmap_clients_total(std::string_view text);

}  // namespace edgetop
