#include "sensors/memory/memory_nvmap.hpp"

namespace edgetop {

SourceStatus nvmap_status(bool meminfo_has_line, OpenResult clients, bool nvmap_device) {
    using State = SourceStatus::State;
    if (meminfo_has_line) return {"memory.nvmap", State::found, "/proc/meminfo", ""};
    SourceStatus s{"memory.nvmap", State::absent, "/sys/kernel/debug/nvmap/iovmm/clients", ""};
    if (clients == OpenResult::ok) {
        s.state = State::found;
    } else if (clients == OpenResult::needs_root && nvmap_device) {
        s.state = State::needs_root;
        s.hint = "debugfs is root-only: run as root or grant CAP_DAC_READ_SEARCH";
    } else {
        s.hint = "no nvmap allocator: GPU-shared memory is not tracked on this machine";
    }
    return s;
}

}  // namespace edgetop
