// RAM and swap (/proc/meminfo), the largest free block (/proc/buddyinfo) and the memory the GPU
// shares with the CPU (NvMapMemUsed, or the nvmap iovmm clients table in debugfs).
#include <unistd.h>

#include "sensors/core/source.hpp"
#include "sensors/core/sysfs_file.hpp"
#include "sensors/memory/memory_nvmap.hpp"
#include "sensors/memory/memory_parse.hpp"
#include "sensors/memory/memory_sources.hpp"

namespace edgetop {
namespace {

constexpr const char* kMeminfo = "/proc/meminfo";
constexpr const char* kBuddyinfo = "/proc/buddyinfo";
constexpr const char* kNvmapClients = "/sys/kernel/debug/nvmap/iovmm/clients";
constexpr size_t kMaxMeminfoBytes = 64 * 1024;
constexpr size_t kMaxNvmapBytes = 256 * 1024;     // one line per GPU client
constexpr size_t kMaxBuddyinfoBytes = 64 * 1024;  // one line per NUMA node and zone

// The page size of the machine being read. A tree under --root does not say which page size its
// kernel used, so it is taken to be 4 KiB, the size of every Jetson L4T kernel and of x86; on the
// live machine the kernel tells (arm64 kernels may use 16 or 64 KiB pages).
int64_t page_size_bytes(const Root& root) {
    if (root.is_live()) {
        long size = sysconf(_SC_PAGESIZE);
        if (size > 0) return size;
    }
    return 4096;
}

// Whether this machine has the nvmap allocator at all, seen from outside the root-only debugfs.
bool has_nvmap_device(const Root& root) {
    return probe_file(root.path("/dev/nvmap")) != OpenResult::absent ||
           probe_file(root.path("/sys/class/misc/nvmap/dev")) != OpenResult::absent;
}

void fill_ram(const Meminfo& info, MemSample& mem) {
    mem.total_kb = info.mem_total;
    mem.available_kb = info.mem_available;
    mem.free_kb = info.mem_free;
    mem.buffers_kb = info.buffers;
    // Reclaimable slab counts as cache, as in procps free(1).
    if (info.cached) mem.cached_kb = *info.cached + info.sreclaimable.value_or(0);
    // Used is what cannot be had back without swapping: MemTotal - MemAvailable, the definition
    // of "used" in procps-ng 4 free(1). (tegrastats and jtop subtract free, buffers and cache
    // instead, which counts unreclaimable kernel memory as free.)
    if (info.mem_total && info.mem_available && *info.mem_available <= *info.mem_total)
        mem.used_kb = *info.mem_total - *info.mem_available;
    mem.swap_total_kb = info.swap_total;
    mem.swap_cached_kb = info.swap_cached;
    if (info.swap_total && info.swap_free && *info.swap_free <= *info.swap_total)
        mem.swap_used_kb = *info.swap_total - *info.swap_free;
}

class MemorySource : public Source {
  public:
    std::string name() const override { return "memory"; }

    bool discover(const Root& root) override {
        page_bytes_ = page_size_bytes(root);
        meminfo_ = SysFile(root.path(kMeminfo));
        buddyinfo_ = SysFile(root.path(kBuddyinfo));
        // JetPack 4/5 kernels print NvMapMemUsed in meminfo; later ones only have the debugfs
        // table, which needs root.
        auto text = meminfo_.read_lines(kMaxMeminfoBytes);
        meminfo_has_nvmap_ = text && parse_meminfo(*text).nvmap_used.has_value();
        nvmap_clients_ = SysFile();
        nvmap_device_ = false;
        if (!meminfo_has_nvmap_) {
            nvmap_clients_ = SysFile(root.path(kNvmapClients));
            nvmap_device_ = has_nvmap_device(root);
        }
        return meminfo_.is_open() || buddyinfo_.is_open();
    }

    void poll(Sample& sample) override {
        MemSample& mem = sample.mem;
        if (auto text = meminfo_.read_lines(kMaxMeminfoBytes)) {
            Meminfo info = parse_meminfo(*text);
            fill_ram(info, mem);
            mem.gpu_shared_kb = info.nvmap_used;
        }
        if (!meminfo_has_nvmap_ && nvmap_clients_.is_open()) {
            if (auto text = nvmap_clients_.read_lines(kMaxNvmapBytes))
                mem.gpu_shared_kb = parse_nvmap_clients_total(*text);
        }
        if (auto text = buddyinfo_.read_lines(kMaxBuddyinfoBytes)) {
            if (auto block = parse_buddyinfo(*text)) {
                mem.lfb_blocks = block->count;
                mem.lfb_block_kb = (page_bytes_ << block->order) / 1024;
            }
        }
    }

    std::vector<SourceStatus> status() const override {
        std::vector<SourceStatus> all;
        all.push_back(file_status("memory", kMeminfo, meminfo_));
        all.push_back(file_status("memory.lfb", kBuddyinfo, buddyinfo_));
        all.push_back(
            nvmap_status(meminfo_has_nvmap_, nvmap_clients_.open_result(), nvmap_device_));
        return all;
    }

  private:
    int64_t page_bytes_ = 4096;
    SysFile meminfo_;
    SysFile buddyinfo_;
    SysFile nvmap_clients_;
    bool meminfo_has_nvmap_ = false;
    bool nvmap_device_ = false;
};

}  // namespace

SourcePtr make_memory_source() {
    return std::make_unique<MemorySource>();
}

}  // namespace edgetop
