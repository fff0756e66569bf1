#include "exporter/families.hpp"
#include "exporter/family_builder.hpp"

namespace edgetop::exporter {

namespace {

void add_bytes(Families& out, const char* name, const char* help,
               const std::optional<int64_t>& kib) {
    auto family = make_family(name, help, MetricType::Gauge);
    add_if(family, scaled(kib, 1024));
    out.push_back(std::move(family));
}

}  // namespace

void append_memory_families(const FamilyInput& in, Families& out) {
    const auto& mem = in.sample.mem;
    add_bytes(out, "edgetop_memory_total_bytes", "Physical memory (MemTotal).", mem.total_kb);
    add_bytes(out, "edgetop_memory_available_bytes",
              "Memory available for new work without swapping (MemAvailable).", mem.available_kb);
    add_bytes(out, "edgetop_memory_used_bytes", "Memory in use: total minus available.",
              mem.used_kb);
    add_bytes(out, "edgetop_memory_free_bytes", "Unused memory (MemFree).", mem.free_kb);
    add_bytes(out, "edgetop_memory_buffers_bytes", "Block device buffers (Buffers).",
              mem.buffers_kb);
    add_bytes(out, "edgetop_memory_cached_bytes", "Page cache (Cached).", mem.cached_kb);
    add_bytes(out, "edgetop_memory_gpu_shared_bytes",
              "Memory the GPU holds through nvmap (shared with the CPU on Jetson).",
              mem.gpu_shared_kb);
    add_bytes(out, "edgetop_memory_largest_free_block_bytes",
              "Size of the largest free contiguous blocks (buddyinfo; tegrastats lfb).",
              mem.lfb_block_kb);
    auto blocks =
        make_family("edgetop_memory_largest_free_blocks",
                    "How many free blocks of the largest size there are.", MetricType::Gauge);
    add_if(blocks, scaled(mem.lfb_blocks));
    out.push_back(std::move(blocks));
    add_bytes(out, "edgetop_swap_total_bytes", "Swap space (SwapTotal).", mem.swap_total_kb);
    add_bytes(out, "edgetop_swap_used_bytes", "Swap in use.", mem.swap_used_kb);
    add_bytes(out, "edgetop_swap_cached_bytes", "Swap also held in memory (SwapCached).",
              mem.swap_cached_kb);
}

}  // namespace edgetop::exporter
